import { describe, expect, it, vi } from "vitest";
import { DatabaseUnavailableError, databaseUnavailableResponse, describeCause, isDatabaseUnavailable, publicCause, whileDatabaseAnswers } from "./unavailable";

const coded = (message: string, code: string, extra: object = {}) => Object.assign(new Error(message), { code, ...extra });

describe("isDatabaseUnavailable", () => {
  it("recognises a stopped, restarting or unreachable PostgreSQL, through Drizzle's wrapping", () => {
    const refused = coded("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED", { syscall: "connect" });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"'), { cause: refused }))).toBe(true);
    // Both address families refused: Node's AggregateError.
    expect(isDatabaseUnavailable(new AggregateError([refused, coded("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], ""))).toBe(true);
    expect(isDatabaseUnavailable(coded("terminating connection due to administrator command", "57P01"))).toBe(true);
    expect(isDatabaseUnavailable(coded("the database system is starting up", "57P03"))).toBe(true);
    expect(isDatabaseUnavailable(coded("connection failure", "08006"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(coded("connect ENOENT /tmp/.s.PGSQL.5432", "ENOENT", { syscall: "connect" }))).toBe(true);
    expect(isDatabaseUnavailable(new DatabaseUnavailableError("away"))).toBe(true);
  });

  it("recognises a SQLite file locked past its timeout or unreadable", () => {
    expect(isDatabaseUnavailable(coded("database is locked", "SQLITE_BUSY"))).toBe(true);
    expect(isDatabaseUnavailable(coded("disk I/O error", "SQLITE_IOERR_WRITE"))).toBe(true);
    expect(isDatabaseUnavailable(coded("unable to open database file", "SQLITE_CANTOPEN"))).toBe(true);
  });

  it("leaves every other failure alone: bugs, bad SQL, constraint violations, missing files", () => {
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(coded("duplicate key value", "23505"))).toBe(false);
    expect(isDatabaseUnavailable(coded("syntax error", "42601"))).toBe(false);
    expect(isDatabaseUnavailable(coded("UNIQUE constraint failed", "SQLITE_CONSTRAINT_UNIQUE"))).toBe(false);
    expect(isDatabaseUnavailable(coded("no such file", "ENOENT", { syscall: "open" }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});

describe("describeCause", () => {
  it("says what failed and why, on one line", () => {
    const error = Object.assign(new Error('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"\nparams: '), { cause: coded("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED") });
    expect(describeCause(error)).toBe('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle" params: <- connect ECONNREFUSED 127.0.0.1:5432');
    expect(describeCause(new AggregateError([coded("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], ""))).toContain("ECONNREFUSED ::1:5432");
  });
});

describe("publicCause", () => {
  it("names the codes and never the hosts, ports or queries", () => {
    const error = Object.assign(new Error('Failed query: select * from "users"'), { cause: coded("connect ECONNREFUSED 10.0.0.5:5432", "ECONNREFUSED") });
    expect(publicCause(error)).toBe("unreachable (ECONNREFUSED)");
    expect(publicCause(new Error("Connection terminated unexpectedly"))).toBe("unreachable");
    expect(publicCause(coded('relation "users" does not exist', "42P01"))).toBe("failed (42P01)");
  });
});

describe("whileDatabaseAnswers", () => {
  it("turns an unreachable database into 503 with Retry-After and the JSON error body", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await whileDatabaseAnswers("POST /api/x", async () => {
      throw coded("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED");
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("database_unavailable");
    expect(warn.mock.calls[0]![0]).toContain("ECONNREFUSED");
    warn.mockRestore();
  });

  it("passes answers and other errors through", async () => {
    expect((await whileDatabaseAnswers("x", async () => new Response("ok"))).status).toBe(200);
    await expect(whileDatabaseAnswers("x", async () => Promise.reject(new RangeError("bug")))).rejects.toThrow(RangeError);
    expect(databaseUnavailableResponse().status).toBe(503);
  });
});
