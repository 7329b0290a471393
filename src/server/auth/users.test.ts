import { describe, expect, it } from "vitest";
import { setConsent } from "@/server/consent/store";
import { DIALECTS, useAppDb } from "@/server/db/__tests__/appDbs";
import { hashPassword, verifyPassword } from "./password";
import { createUser, deleteUser, DuplicateEmailError, endSessions, findUserByEmail, listUsers, setPasswordHash, setRoleIf, setRoles, toPublicUser } from "./users";

describe.each(DIALECTS)("users on %s", (dialect) => {
  const db = useAppDb(dialect);

  it("creates a user with defaults and refuses a second account on the same email", async () => {
    const user = await createUser({ name: "Ana", email: "ana@x.org", passwordHash: null }, db());
    expect(user).toMatchObject({ role: 0, isAcademic: false, bespokeUserMetadata: {}, sessionVersion: 0 });
    expect(user.createdAt).toBeInstanceOf(Date);
    await expect(createUser({ name: "Other", email: "ana@x.org", passwordHash: null }, db())).rejects.toThrow(DuplicateEmailError);
  });

  it("treats hostile strings as data", async () => {
    const email = "x'); drop table users;--@evil.com";
    await createUser({ name: "<script>alert(1)</script>", email, passwordHash: null }, db());
    expect((await findUserByEmail(email, db()))?.name).toBe("<script>alert(1)</script>");
    expect(await listUsers({}, db())).toHaveLength(1);
  });

  it("ends every session of a user (sign-out): the version moves on", async () => {
    const user = await createUser({ name: "Ana", email: "ana@x.org", passwordHash: null }, db());
    await endSessions(user.id, db());
    await endSessions(user.id, db());
    expect((await findUserByEmail("ana@x.org", db()))?.sessionVersion).toBe(2);
  });

  it("bumps the session version when the password changes", async () => {
    const user = await createUser({ name: "Ana", email: "ana@x.org", passwordHash: await hashPassword("first password 1") }, db());
    const updated = (await setPasswordHash(user.id, await hashPassword("second password 2"), db()))!;
    expect(updated.sessionVersion).toBe(1);
    expect(await verifyPassword(updated.passwordHash, "second password 2")).toBe(true);
    expect(await verifyPassword(updated.passwordHash, "first password 1")).toBe(false);
    expect(await verifyPassword(null, "anything")).toBe(false);
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
  });

  it("keeps consent in bespoke_user_metadata", async () => {
    const user = await createUser({ name: "Ana", email: "ana@x.org", passwordHash: null }, db());
    const updated = (await setConsent(user.id, { checked: true, functional: true, tracking: false }, db()))!;
    expect(toPublicUser(updated).bespoke_user_metadata).toEqual({ consent: { checked: true, functional: true, tracking: false } });
  });

  it("sets many roles in one go and reports each address", async () => {
    const manager = await createUser({ name: "M", email: "m@x.org", passwordHash: null, role: 10 }, db());
    await createUser({ name: "A", email: "a@x.org", passwordHash: null }, db());
    await createUser({ name: "B", email: "b@x.org", passwordHash: null, role: 1 }, db());
    const report = await setRoles(["a@x.org", "b@x.org", "nobody@x.org", "m@x.org"], 1, { protectedId: manager.id }, db());
    expect(report).toEqual({
      changed: [{ email: "a@x.org", previousRole: 0 }],
      unchanged: ["b@x.org"],
      notFound: ["nobody@x.org"],
      skipped: ["m@x.org"],
    });
    expect((await listUsers({ role: 1 }, db())).map((u) => u.email)).toEqual(["a@x.org", "b@x.org"]);
    expect(await setRoleIf(manager.id, 0, 1, db())).toBe(false);
    expect(await setRoleIf(manager.id, 10, 1, db())).toBe(true);
  });

  it("handles more addresses than SQLite binds in one statement", async () => {
    const emails = Array.from({ length: 450 }, (_, i) => `u${i}@x.org`);
    for (const email of emails.slice(0, 300)) await createUser({ name: null, email, passwordHash: null }, db());
    const report = await setRoles(emails, 1, {}, db());
    expect(report.changed).toHaveLength(300);
    expect(report.notFound).toHaveLength(150);
  });

  it("deletes a user with their pending sign-in links", async () => {
    const user = await createUser({ name: "Ana", email: "ana@x.org", passwordHash: null }, db());
    const { verificationTokens } = db().t;
    await db().use((orm) => orm.insert(verificationTokens).values({ identifier: "ana@x.org", token: "t", expires: new Date() }));
    expect(await deleteUser(user.id, db())).toBe(true);
    expect(await findUserByEmail("ana@x.org", db())).toBeUndefined();
    expect(await db().use((orm) => orm.select().from(verificationTokens))).toEqual([]);
    expect(await deleteUser(user.id, db())).toBe(false);
  });

  it("rolls a failed transaction back whole, and other work goes on meanwhile", async () => {
    const { users } = db().t;
    await createUser({ name: "Ana", email: "ana@x.org", passwordHash: null }, db());
    const failing = db().tx(async (orm) => {
      await orm.insert(users).values({ id: "half", name: "Half", email: "half@x.org", createdAt: new Date(), updatedAt: new Date() });
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error("boom");
    });
    const other = createUser({ name: "Bo", email: "bo@x.org", passwordHash: null }, db());
    await expect(failing).rejects.toThrow("boom");
    await other;
    expect((await listUsers({}, db())).map((u) => u.email).sort()).toEqual(["ana@x.org", "bo@x.org"]);
  });
});
