/**
 * The app database: SQLite (better-sqlite3, the default) or PostgreSQL (node-postgres, when
 * DATABASE_URL is a postgres:// URL), behind one object. Repositories are written once, against
 * the SQLite schema's types, with awaited Drizzle queries; on PostgreSQL they are handed the
 * PostgreSQL tables (schema.pg.ts), whose values have the same shapes.
 *
 * Every query runs inside `use` (a read or a single write) or `tx` (a transaction):
 * - SQLite has one connection per process, and better-sqlite3 is synchronous; a transaction that
 *   awaits would let another request's statement run inside it. So on SQLite `use` and `tx` take
 *   turns (a process-wide queue): statements never interleave, and a transaction is BEGIN
 *   IMMEDIATE ... COMMIT around its awaits. WAL mode lets the admin CLI write the same file.
 * - PostgreSQL has a pool; `tx` is a real transaction on one pooled connection.
 * Pending migrations are applied before the first query (SQLite: when opened; PostgreSQL: on the
 * first use, once).
 * A `use` or `tx` called inside a `tx` of the same database (in its async flow) joins it: an
 * idempotency key is stored in the same transaction as the write it guards (idempotency.ts),
 * whichever repository function makes the write.
 */
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { Pool } from "pg";
import { databaseTarget, redactedUrl } from "./config";
import * as schema from "./schema";
import * as pgSchema from "./schema.pg";
import { forgetValue, heldValue, keyedValue } from "@/server/processState";

/** The query builder the repositories write against (SQLite's types; PostgreSQL's at run time when so configured). */
export type Orm = BetterSQLite3Database<typeof schema>;
export type Tables = typeof schema;

export interface AppDb {
  readonly dialect: "sqlite" | "postgres";
  /** Where it is, for logs (a path, or the URL without its password). */
  readonly where: string;
  /** The tables of this dialect. */
  readonly t: Tables;
  /** A read, or a single statement. */
  use<T>(work: (orm: Orm) => Promise<T>): Promise<T>;
  /** Several statements, all or nothing. */
  tx<T>(work: (orm: Orm) => Promise<T>): Promise<T>;
  /** Migrations applied, the database reachable (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The SQLite connection (tests, the CLI's pragmas); null on PostgreSQL. */
  readonly sqlite: Database.Database | null;
  /** The PostgreSQL pool (counters' single-statement upserts); null on SQLite. */
  readonly pool: Pool | null;
}

export const MIGRATIONS_DIR = join(process.cwd(), "src", "server", "db", "migrations");
export const PG_MIGRATIONS_DIR = join(process.cwd(), "src", "server", "db", "migrations-pg");

/** The transaction open in this async flow, per database (`open` false once it ended). */
const openTransaction = new AsyncLocalStorage<{ db: symbol; orm: Orm; open: boolean }>();

function joined(db: symbol): Orm | null {
  const current = openTransaction.getStore();
  return current?.open && current.db === db ? current.orm : null;
}

/** Runs `work` as the open transaction of its async flow; anything it left running afterwards (a promise not awaited) takes its own turn again. */
async function inTransaction<T>(db: symbol, orm: Orm, work: (orm: Orm) => Promise<T>): Promise<T> {
  const store = { db, orm, open: true };
  try {
    return await openTransaction.run(store, () => work(orm));
  } finally {
    store.open = false;
  }
}

/** One at a time: each waits for the one before it to settle. */
class Turns {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work, work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

export function openDb(path: string, migrationsFolder = MIGRATIONS_DIR): AppDb {
  const created = path !== ":memory:" && !existsSync(path);
  if (created) mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  // It holds password hashes: readable by the server's user only (SQLite gives its -wal and -shm
  // files the same mode).
  if (created) chmodSync(path, 0o600);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const orm = drizzle(sqlite, { schema });
  migrate(orm, { migrationsFolder });
  const turns = new Turns();
  const self = Symbol(path);
  return {
    dialect: "sqlite",
    where: path,
    t: schema,
    sqlite,
    pool: null,
    use: (work) => {
      const open = joined(self);
      return open ? work(open) : turns.run(() => work(orm));
    },
    tx: (work) => {
      const open = joined(self);
      if (open) return work(open);
      return turns.run(async () => {
        sqlite.exec("BEGIN IMMEDIATE");
        try {
          const result = await inTransaction(self, orm, work);
          sqlite.exec("COMMIT");
          return result;
        } catch (error) {
          if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
          throw error;
        }
      });
    },
    ping: async () => void sqlite.prepare("SELECT 1").get(),
    close: async () => void sqlite.close(),
  };
}

export function openPgDb(url: string, options: { max?: number; migrationsFolder?: string } = {}): AppDb {
  const pool = new Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 });
  // A connection that drops while idle must not take the process down with it.
  pool.on("error", (error) => console.error(`[db] idle PostgreSQL connection failed: ${error.message}`));
  const orm = drizzlePg(pool, { schema: pgSchema }) as unknown as Orm;
  let ready: Promise<void> | null = null;
  const self = Symbol(redactedUrl(url));
  const migrated = () => {
    ready ??= migratePg(drizzlePg(pool), { migrationsFolder: options.migrationsFolder ?? PG_MIGRATIONS_DIR }).catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  };
  return {
    dialect: "postgres",
    where: redactedUrl(url),
    t: pgSchema as unknown as Tables,
    sqlite: null,
    pool,
    use: async (work) => {
      const open = joined(self);
      if (open) return work(open);
      await migrated();
      return work(orm);
    },
    tx: async (work) => {
      const open = joined(self);
      if (open) return work(open);
      await migrated();
      return (orm as unknown as { transaction: <T>(w: (tx: Orm) => Promise<T>) => Promise<T> }).transaction((tx) => inTransaction(self, tx, work));
    },
    ping: async () => {
      await migrated();
      await pool.query("SELECT 1");
    },
    close: () => pool.end(),
  };
}

/**
 * The process's database, per target, in processState so development hot reloads (and the server
 * script beside Next.js) share one. Held as `{ db }`: tests swap `db` for a refusing one.
 */
export const APP_DB = "db/client:appDb";

export function getDb(): AppDb {
  const target = databaseTarget();
  const key = target.kind === "sqlite" ? `sqlite:${target.path}` : target.url;
  return keyedValue(APP_DB, key, () => ({ db: target.kind === "sqlite" ? openDb(target.path) : openPgDb(target.url) })).db;
}

export async function closeDb() {
  const current = heldValue<{ db: AppDb }>(APP_DB);
  forgetValue(APP_DB);
  await current?.db.close();
}
