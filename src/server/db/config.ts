import "server-only";
import { isAbsolute, resolve } from "node:path";
import { settings, type Env } from "@/server/settings";

export class DatabaseConfigError extends Error {
  override name = "DatabaseConfigError";
}

/** Where the app data lives when nothing is configured (git-ignored). */
export const DEFAULT_DATA_DIR = "data";

/**
 * The SQLite file of the app database: DATABASE_URL (a `file:` URL or a path) wins over
 * APP_DB_PATH; the default is data/app.db. ":memory:" gives a throw-away database (tests).
 */
export function databasePath(env?: Env, cwd = process.cwd()): string {
  const { databaseUrl: url, appDbPath } = settings(env);
  if (url) {
    if (/^postgres(ql)?:\/\//i.test(url)) {
      throw new DatabaseConfigError(
        "DATABASE_URL points to PostgreSQL, which this build does not support yet: the schema is portable, but the driver is SQLite only. Unset DATABASE_URL or give a file: URL.",
      );
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
