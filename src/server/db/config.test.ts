import { describe, expect, it } from "vitest";
import { databasePath, databaseTarget, redactedUrl } from "./config";

describe("databasePath", () => {
  const cwd = "/srv/oto";
  it("defaults to data/app.db", () => {
    expect(databasePath({}, cwd)).toBe("/srv/oto/data/app.db");
  });
  it("reads APP_DB_PATH, relative to the working directory", () => {
    expect(databasePath({ APP_DB_PATH: "var/users.db" }, cwd)).toBe("/srv/oto/var/users.db");
    expect(databasePath({ APP_DB_PATH: "/tmp/x.db" }, cwd)).toBe("/tmp/x.db");
  });
  it("prefers DATABASE_URL, as a file: URL or a path", () => {
    expect(databasePath({ DATABASE_URL: "file:./db/app.db", APP_DB_PATH: "/ignored.db" }, cwd)).toBe("/srv/oto/db/app.db");
    expect(databasePath({ DATABASE_URL: "file:///var/lib/oto/app.db" }, cwd)).toBe("/var/lib/oto/app.db");
    expect(databasePath({ DATABASE_URL: "sqlite:app.db" }, cwd)).toBe("/srv/oto/app.db");
    expect(databasePath({ DATABASE_URL: ":memory:" }, cwd)).toBe(":memory:");
  });
  it("runs on PostgreSQL when DATABASE_URL is a postgres:// URL, and hides its password in logs", () => {
    expect(databaseTarget({ DATABASE_URL: "postgres://u:p@db/oto" }, cwd)).toEqual({ kind: "postgres", url: "postgres://u:p@db/oto" });
    expect(databaseTarget({ DATABASE_URL: "postgresql://db/oto" }, cwd).kind).toBe("postgres");
    expect(databaseTarget({}, cwd)).toEqual({ kind: "sqlite", path: "/srv/oto/data/app.db" });
    expect(redactedUrl("postgres://oto:s3cret@db:5432/oto")).toBe("postgres://oto:***@db:5432/oto");
  });
  it("says plainly what it cannot use", () => {
    expect(() => databasePath({ DATABASE_URL: "postgres://u:p@db/oto" }, cwd)).toThrow(/PostgreSQL/);
    expect(() => databasePath({ DATABASE_URL: "mysql://db/oto" }, cwd)).toThrow(/unsupported scheme/);
    expect(() => databasePath({ DATABASE_URL: "file:" }, cwd)).toThrow(/names no file/);
  });
});
