/**
 * The app database connection: one per process, opened on first use, with every pending
 * migration applied before anything reads it. better-sqlite3 is synchronous; SQLite's WAL mode
 * lets the admin CLI and the server write the same file safely.
 */
import "server-only";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { databasePath } from "./config";
import * as schema from "./schema";

export type AppDb = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const MIGRATIONS_DIR = join(process.cwd(), "src", "server", "db", "migrations");

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
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder });
  return db;
}

// Kept on globalThis so development hot reloads reuse the connection instead of leaking one.
const holder = globalThis as unknown as { __otoAppDb?: { path: string; db: AppDb } };

export function getDb(): AppDb {
  const path = databasePath();
  if (!holder.__otoAppDb || holder.__otoAppDb.path !== path) {
    holder.__otoAppDb = { path, db: openDb(path) };
  }
  return holder.__otoAppDb.db;
}

export function closeDb() {
  holder.__otoAppDb?.db.$client.close();
  holder.__otoAppDb = undefined;
}
