/**
 * The app-database tests run on every dialect available: SQLite always (in memory), PostgreSQL
 * when TEST_DATABASE_URL names a server (scripts/test.sh starts one on loopback). Each PostgreSQL
 * test file gets a database of its own (files run in parallel), emptied before each test.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { Client } from "pg";
import { openDb, openPgDb, type AppDb } from "@/server/db/client";

export const TEST_PG = process.env.TEST_DATABASE_URL || null;
export const DIALECTS: ("sqlite" | "postgres")[] = TEST_PG ? ["sqlite", "postgres"] : ["sqlite"];

/** Registers the hooks of one dialect's database and answers a getter for the current one. */
export function useAppDb(dialect: "sqlite" | "postgres"): () => AppDb {
  let db: AppDb | null = null;
  if (dialect === "sqlite") {
    beforeEach(() => {
      db = openDb(":memory:");
    });
    return () => db!;
  }
  const name = `oto_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = () => new Client({ connectionString: TEST_PG! });
  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(TEST_PG!);
    url.pathname = `/${name}`;
    db = openPgDb(url.toString(), { max: 4 });
    await db.ping();
  });
  beforeEach(async () => {
    await db!.pool!.query("TRUNCATE users, verification_tokens, profile_history, api_keys, rate_limits, game_results, profile_views, chat_sessions, idempotency_keys CASCADE");
  });
  afterAll(async () => {
    await db?.close();
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
    await client.end();
  });
  return () => db!;
}
