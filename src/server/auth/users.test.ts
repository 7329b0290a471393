import { beforeEach, describe, expect, it } from "vitest";
import { openDb, type AppDb } from "@/server/db/client";
import { verificationTokens } from "@/server/db/schema";
import { setConsent } from "@/server/consent/store";
import { hashPassword, verifyPassword } from "./password";
import {
  createUser,
  deleteUser,
  DuplicateEmailError,
  endSessions,
  findUserByEmail,
  listUsers,
  setPasswordHash,
  setRoles,
  toPublicUser,
} from "./users";

let db: AppDb;
beforeEach(() => {
  db = openDb(":memory:");
});

describe("users", () => {
  it("creates a user with defaults and refuses a second account on the same email", () => {
    const user = createUser({ name: "Ana", email: "ana@x.org", passwordHash: null }, db);
    expect(user).toMatchObject({ role: 0, isAcademic: false, bespokeUserMetadata: {}, sessionVersion: 0 });
    expect(() => createUser({ name: "Other", email: "ana@x.org", passwordHash: null }, db)).toThrow(DuplicateEmailError);
  });

  it("treats hostile strings as data", () => {
    const email = "x'); drop table users;--@evil.com";
    createUser({ name: "<script>alert(1)</script>", email, passwordHash: null }, db);
    expect(findUserByEmail(email, db)?.name).toBe("<script>alert(1)</script>");
    expect(listUsers({}, db)).toHaveLength(1);
  });

  it("ends every session of a user (sign-out): the version moves on", () => {
    const user = createUser({ name: "Ana", email: "ana@x.org", passwordHash: null }, db);
    endSessions(user.id, db);
    endSessions(user.id, db);
    expect(findUserByEmail("ana@x.org", db)?.sessionVersion).toBe(2);
  });

  it("bumps the session version when the password changes", async () => {
    const user = createUser({ name: "Ana", email: "ana@x.org", passwordHash: await hashPassword("first password 1") }, db);
    const updated = setPasswordHash(user.id, await hashPassword("second password 2"), db)!;
    expect(updated.sessionVersion).toBe(1);
    expect(await verifyPassword(updated.passwordHash, "second password 2")).toBe(true);
    expect(await verifyPassword(updated.passwordHash, "first password 1")).toBe(false);
    expect(await verifyPassword(null, "anything")).toBe(false);
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
  });

  it("keeps consent in bespoke_user_metadata", () => {
    const user = createUser({ name: "Ana", email: "ana@x.org", passwordHash: null }, db);
    const updated = setConsent(user.id, { checked: true, functional: true, tracking: false }, db)!;
    expect(toPublicUser(updated).bespoke_user_metadata).toEqual({ consent: { checked: true, functional: true, tracking: false } });
  });

  it("sets many roles in one go and reports each address", () => {
    const manager = createUser({ name: "M", email: "m@x.org", passwordHash: null, role: 10 }, db);
    createUser({ name: "A", email: "a@x.org", passwordHash: null }, db);
    createUser({ name: "B", email: "b@x.org", passwordHash: null, role: 1 }, db);
    const report = setRoles(["a@x.org", "b@x.org", "nobody@x.org", "m@x.org"], 1, { protectedId: manager.id }, db);
    expect(report).toEqual({
      changed: [{ email: "a@x.org", previousRole: 0 }],
      unchanged: ["b@x.org"],
      notFound: ["nobody@x.org"],
      skipped: ["m@x.org"],
    });
    expect(listUsers({ role: 1 }, db).map((u) => u.email)).toEqual(["a@x.org", "b@x.org"]);
  });

  it("handles more addresses than SQLite binds in one statement", () => {
    const emails = Array.from({ length: 450 }, (_, i) => `u${i}@x.org`);
    for (const email of emails.slice(0, 300)) createUser({ name: null, email, passwordHash: null }, db);
    const report = setRoles(emails, 1, {}, db);
    expect(report.changed).toHaveLength(300);
    expect(report.notFound).toHaveLength(150);
  });

  it("deletes a user with their pending sign-in links", () => {
    const user = createUser({ name: "Ana", email: "ana@x.org", passwordHash: null }, db);
    db.insert(verificationTokens).values({ identifier: "ana@x.org", token: "t", expires: new Date() }).run();
    expect(deleteUser(user.id, db)).toBe(true);
    expect(findUserByEmail("ana@x.org", db)).toBeUndefined();
    expect(db.select().from(verificationTokens).all()).toEqual([]);
    expect(deleteUser(user.id, db)).toBe(false);
  });
});
