import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { authSecret, MissingSecretError, SECRET_FILE } from "./secret";

describe("authSecret", () => {
  it("uses NEXTAUTH_SECRET, then AUTH_SECRET", () => {
    expect(authSecret({ NEXTAUTH_SECRET: "one", AUTH_SECRET: "two" })).toBe("one");
    expect(authSecret({ AUTH_SECRET: "two", NODE_ENV: "production" })).toBe("two");
  });
  it("stops production without a secret, with a message that says what to do", () => {
    expect(() => authSecret({ NODE_ENV: "production" })).toThrow(MissingSecretError);
    expect(() => authSecret({ NODE_ENV: "production", NEXTAUTH_SECRET: "  " })).toThrow(/NEXTAUTH_SECRET is not set.*openssl rand/);
  });
  it("generates and keeps a secret for development, readable by its owner only", () => {
    const dir = mkdtempSync(join(tmpdir(), "oto-secret-"));
    const first = authSecret({ NODE_ENV: "development" }, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, SECRET_FILE), "utf8").trim()).toBe(first);
    expect(statSync(join(dir, SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(authSecret({ NODE_ENV: "development" }, dir)).toBe(first);
  });
});
