import { describe, expect, it } from "vitest";
import type { UserRow } from "@/server/db/schema";
import { needsCurrentPassword, PASSWORD_RESET_WINDOW_MS } from "./accountApi";
import { sessionCookieName, sessionTokenFrom } from "./session";

describe("sessionTokenFrom", () => {
  it("reads the session cookie, or joins next-auth's chunks in order", () => {
    expect(sessionTokenFrom(new Map([["next-auth.session-token", "abc"]]), "next-auth.session-token")).toBe("abc");
    const chunks = new Map([
      ["next-auth.session-token.1", "def"],
      ["next-auth.session-token.0", "abc"],
      ["other", "x"],
    ]);
    expect(sessionTokenFrom(chunks, "next-auth.session-token")).toBe("abcdef");
    expect(sessionTokenFrom(new Map(), "next-auth.session-token")).toBeUndefined();
  });
  it("names the cookie as next-auth does", () => {
    expect(sessionCookieName(false)).toBe("next-auth.session-token");
    expect(sessionCookieName(true)).toBe("__Secure-next-auth.session-token");
  });
});

describe("needsCurrentPassword", () => {
  const row = { passwordHash: "$argon2id$..." } as UserRow;
  const now = 1_000_000_000;
  it("asks for the current password when there is one", () => {
    expect(needsCurrentPassword({ row, token: { am: "password", at: now } }, now)).toBe(true);
  });
  it("does not right after signing in by email link (the way back from a forgotten password)", () => {
    expect(needsCurrentPassword({ row, token: { am: "email", at: now - 60_000 } }, now)).toBe(false);
    expect(needsCurrentPassword({ row, token: { am: "email", at: now - PASSWORD_RESET_WINDOW_MS - 1 } }, now)).toBe(true);
  });
  it("does not when the account has no password yet", () => {
    expect(needsCurrentPassword({ row: { passwordHash: null } as UserRow, token: {} }, now)).toBe(false);
  });
});
