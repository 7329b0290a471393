/**
 * Stopping and starting the tests' PostgreSQL (the one scripts/lib/postgres.sh started for
 * `npm test`, in PG_TEST_DIR, default /tmp/oto-test-pg-<port>) with pg_ctl, as that script does:
 * for the database-outage tests. Null when TEST_DATABASE_URL is some other server.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

export interface TestPostgres {
  stop(): void;
  start(): void;
}

function pgBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, "bin", "pg_ctl")))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(root, versions[versions.length - 1]!, "bin") : null;
}

export function testPostgres(url = process.env.TEST_DATABASE_URL): TestPostgres | null {
  if (!url) return null;
  const port = new URL(url).port || "5432";
  const dir = process.env.PG_TEST_DIR || `/tmp/oto-test-pg-${port}`;
  const bin = pgBinDir();
  if (!bin || !existsSync(path.join(dir, "data"))) return null;
  // PostgreSQL refuses to run as root: as root, pg_ctl runs as the postgres user (as_pg in postgres.sh).
  const asPg = (args: string[]) => {
    const [command, ...rest] = process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--", ...args] : args;
    execFileSync(command!, rest, { stdio: "pipe", timeout: 60_000 });
  };
  const data = path.join(dir, "data");
  return {
    stop: () => asPg([path.join(bin, "pg_ctl"), "-D", data, "-m", "fast", "-w", "stop"]),
    start: () =>
      asPg([path.join(bin, "pg_ctl"), "-D", data, "-l", path.join(dir, "log"), "-w", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`, "start"]),
  };
}
