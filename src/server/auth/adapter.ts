/**
 * The part of a next-auth adapter the email provider needs: users by id and email, and the
 * one-time sign-in tokens. Sessions are JWTs, so there are no session or account tables.
 * Accounts are never created here: signing up is its own form (see the signIn callback).
 */
import "server-only";
import { and, eq, lt } from "drizzle-orm";
import type { Adapter, AdapterUser } from "next-auth/adapters";
import { getDb } from "@/server/db/client";
import type { UserRow } from "@/server/db/schema";
import { findUserByEmail, findUserById, markEmailVerified } from "./users";

function toAdapterUser(row: UserRow): AdapterUser {
  return { id: row.id, email: row.email, emailVerified: row.emailVerified, name: row.name };
}

class CreateUserError extends Error {
  override name = "CreateUserError";
}

export function appAdapter(): Adapter {
  return {
    async getUser(id) {
      const row = await findUserById(id);
      return row ? toAdapterUser(row) : null;
    },
    async getUserByEmail(email) {
      const row = await findUserByEmail(email);
      return row ? toAdapterUser(row) : null;
    },
    async updateUser(user) {
      const row = await findUserById(user.id);
      if (!row) throw new Error("No such user");
      if (user.emailVerified) await markEmailVerified(user.id);
      return toAdapterUser((await findUserById(user.id)) ?? row);
    },
    createUser() {
      throw new CreateUserError("Accounts are created by signing up, not by a sign-in link.");
    },
    async createVerificationToken(token) {
      const db = getDb();
      const { verificationTokens } = db.t;
      await db.tx(async (orm) => {
        // Expired links are useless: clear them whenever a new one is made.
        await orm.delete(verificationTokens).where(lt(verificationTokens.expires, new Date()));
        await orm.insert(verificationTokens).values(token);
      });
      return token;
    },
    async useVerificationToken({ identifier, token }) {
      const db = getDb();
      const { verificationTokens } = db.t;
      // Delete-and-return in one statement: a link works once, even under concurrent clicks.
      const [row] = await db.use((orm) =>
        orm
          .delete(verificationTokens)
          .where(and(eq(verificationTokens.identifier, identifier), eq(verificationTokens.token, token)))
          .returning(),
      );
      return row ?? null;
    },
  };
}
