import "server-only";
import { isAbsolute, resolve } from "node:path";
import { settings, type Env } from "@/server/settings";

export class DatabaseConfigError extends Error {
  override name = "DatabaseConfigError";
}

/** Where the app data lives when nothing is configured (git-ignored). */
export const DEFAULT_DATA_DIR = "data";

export type DatabaseTarget = { kind: "sqlite"; path: string } | { kind: "postgres"; url: string };

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** Where the app database is: PostgreSQL when DATABASE_URL is a postgres:// URL, else a SQLite file (databasePath). */
export function databaseTarget(env?: Env, cwd = process.cwd()): DatabaseTarget {
  const url = settings(env).databaseUrl;
  if (url && isPostgresUrl(url)) return { kind: "postgres", url };
  return { kind: "sqlite", path: databasePath(env, cwd) };
}

/** DATABASE_URL with its password hidden, for logs. */
export function redactedUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
}

/**
 * The SQLite file of the app database: DATABASE_URL (a `file:` URL or a path) wins over
 * APP_DB_PATH; the default is data/app.db. ":memory:" gives a throw-away database (tests).
 */
export function databasePath(env?: Env, cwd = process.cwd()): string {
  const { databaseUrl: url, appDbPath } = settings(env);
  if (url) {
    if (isPostgresUrl(url)) {
      throw new DatabaseConfigError("DATABASE_URL points to PostgreSQL: there is no SQLite file (see databaseTarget).");
    }
    const match = /^(?:file|sqlite):(?:\/\/)?(.*)$/i.exec(url);
    if (!match && /^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
      throw new DatabaseConfigError(`DATABASE_URL has an unsupported scheme: ${url.split(":")[0]}. Use a file: URL or a path.`);
    }
    return toPath(decodeURIComponent(match ? match[1] : url), cwd);
  }
  if (appDbPath) return toPath(appDbPath, cwd);
  return resolve(cwd, DEFAULT_DATA_DIR, "app.db");
}

function toPath(path: string, cwd: string): string {
  if (!path) throw new DatabaseConfigError("DATABASE_URL names no file.");
  if (path === ":memory:") return path;
  return isAbsolute(path) ? path : resolve(cwd, path);
}
