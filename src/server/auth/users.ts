/**
 * The users table, read and written in one place. Every multi-row write is one transaction.
 */
import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { SessionUser } from "@/domain/auth/user";
import { getDb, type AppDb } from "@/server/db/client";
import type { UserRow } from "@/server/db/schema";

/** The session's user (spec section 3: User), plus whether a password is set (the account page offers to set one). */
export interface PublicUser extends SessionUser {
  hasPassword: boolean;
}

export function toPublicUser(row: UserRow): PublicUser {
  const metadata = row.bespokeUserMetadata ?? {};
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    isAcademic: row.isAcademic,
    sso_logo: row.ssoLogo,
    bespoke_user_metadata: metadata.consent ? { consent: metadata.consent } : {},
    hasPassword: Boolean(row.passwordHash),
  };
}

export async function findUserByEmail(email: string, db: AppDb = getDb()): Promise<UserRow | undefined> {
  const { users } = db.t;
  return (await db.use((orm) => orm.select().from(users).where(eq(users.email, email)).limit(1)))[0];
}

export async function findUserById(id: string, db: AppDb = getDb()): Promise<UserRow | undefined> {
  const { users } = db.t;
  return (await db.use((orm) => orm.select().from(users).where(eq(users.id, id)).limit(1)))[0];
}

export interface NewUser {
  name: string | null;
  email: string;
  passwordHash: string | null;
  role?: number;
  isAcademic?: boolean;
  ssoLogo?: string | null;
  emailVerified?: Date | null;
}

export class DuplicateEmailError extends Error {
  override name = "DuplicateEmailError";
}

/** Inserts a user; throws DuplicateEmailError when the (normalised) email is taken. */
export async function createUser(input: NewUser, db: AppDb = getDb()): Promise<UserRow> {
  const { users } = db.t;
  const now = new Date();
  try {
    const [row] = await db.use((orm) =>
      orm
        .insert(users)
        .values({
          id: crypto.randomUUID(),
          name: input.name,
          email: input.email,
          passwordHash: input.passwordHash,
          role: input.role ?? 0,
          isAcademic: input.isAcademic ?? false,
          ssoLogo: input.ssoLogo ?? null,
          emailVerified: input.emailVerified ?? null,
          bespokeUserMetadata: {},
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
    );
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateEmailError(input.email);
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? (error as { cause?: { code?: string } } | null)?.cause?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}

export async function updateName(id: string, name: string, db: AppDb = getDb()): Promise<UserRow | undefined> {
  const { users } = db.t;
  return (await db.use((orm) => orm.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, id)).returning()))[0];
}

export async function markEmailVerified(id: string, db: AppDb = getDb()): Promise<void> {
  const { users } = db.t;
  await db.use((orm) => orm.update(users).set({ emailVerified: new Date() }).where(and(eq(users.id, id), sql`${users.emailVerified} IS NULL`)));
}

/**
 * Ends every session of the user, on every node and in every tab: each session's token carries the
 * version it was issued with, and every read compares it with this row (see auth options, jwt).
 */
export async function endSessions(id: string, db: AppDb = getDb()): Promise<void> {
  const { users } = db.t;
  await db.use((orm) => orm.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() }).where(eq(users.id, id)));
}

/** Stores a new password hash and ends every other session (their version no longer matches). */
export async function setPasswordHash(id: string, passwordHash: string, db: AppDb = getDb()): Promise<UserRow | undefined> {
  const { users } = db.t;
  const rows = await db.use((orm) =>
    orm
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning(),
  );
  return rows[0];
}

/** Deletes the user and any sign-in link still waiting for their address. */
export async function deleteUser(id: string, db: AppDb = getDb()): Promise<boolean> {
  const { users, verificationTokens } = db.t;
  return db.tx(async (orm) => {
    const [row] = await orm.select().from(users).where(eq(users.id, id)).limit(1);
    if (!row) return false;
    await orm.delete(verificationTokens).where(eq(verificationTokens.identifier, row.email));
    await orm.delete(users).where(eq(users.id, id));
    return true;
  });
}

export interface RoleChangeReport {
  changed: { email: string; previousRole: number }[];
  unchanged: string[];
  notFound: string[];
  /** Addresses left alone on purpose (the manager's own account). */
  skipped: string[];
}

/** Sets the role of many users at once, all or nothing. `protectedId` is never changed. */
export async function setRoles(emails: string[], role: number, options: { protectedId?: string } = {}, db: AppDb = getDb()): Promise<RoleChangeReport> {
  const { users } = db.t;
  const report: RoleChangeReport = { changed: [], unchanged: [], notFound: [], skipped: [] };
  if (emails.length === 0) return report;
  return db.tx(async (orm) => {
    const now = new Date();
    const found = new Map<string, UserRow>();
    // Chunked: SQLite allows a bounded number of bound parameters per statement.
    for (let i = 0; i < emails.length; i += 200) {
      for (const row of await orm.select().from(users).where(inArray(users.email, emails.slice(i, i + 200)))) found.set(row.email, row);
    }
    for (const email of emails) {
      const row = found.get(email);
      if (!row) report.notFound.push(email);
      else if (row.id === options.protectedId) report.skipped.push(email);
      else if (row.role === role) report.unchanged.push(email);
      else {
        await orm.update(users).set({ role, updatedAt: now }).where(eq(users.id, row.id));
        report.changed.push({ email, previousRole: row.role });
      }
    }
    return report;
  });
}

export async function listUsers(options: { role?: number; limit?: number } = {}, db: AppDb = getDb()): Promise<UserRow[]> {
  const { users } = db.t;
  return db.use(async (orm) => {
    const query = orm.select().from(users);
    const filtered = options.role === undefined ? query : query.where(eq(users.role, options.role));
    // Accounts made in the same millisecond come out in a stable order.
    return filtered.orderBy(asc(users.createdAt), asc(users.email)).limit(options.limit ?? 1000);
  });
}

/** Sets one user's role when it currently is `fromRole` (payments never touch a manager's role). */
export async function setRoleIf(id: string, fromRole: number, toRole: number, db: AppDb = getDb()): Promise<boolean> {
  const { users } = db.t;
  const changed = await db.use((orm) =>
    orm
      .update(users)
      .set({ role: toRole, updatedAt: new Date() })
      .where(and(eq(users.id, id), eq(users.role, fromRole)))
      .returning({ id: users.id }),
  );
  return changed.length > 0;
}
