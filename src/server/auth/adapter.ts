/**
 * The part of a next-auth adapter the email provider needs: users by id and email, and the
 * one-time sign-in tokens. Sessions are JWTs, so there are no session or account tables.
 * Accounts are never created here: signing up is its own form (see the signIn callback).
 */
import "server-only";
import { and, eq, lt } from "drizzle-orm";
import type { Adapter, AdapterUser } from "next-auth/adapters";
import { getDb } from "@/server/db/client";
import { verificationTokens, type UserRow } from "@/server/db/schema";
import { findUserByEmail, findUserById, markEmailVerified } from "./users";

function toAdapterUser(row: UserRow): AdapterUser {
  return { id: row.id, email: row.email, emailVerified: row.emailVerified, name: row.name };
}

class CreateUserError extends Error {
  override name = "CreateUserError";
}

export function appAdapter(): Adapter {
  return {
    getUser(id) {
      const row = findUserById(id);
      return row ? toAdapterUser(row) : null;
    },
    getUserByEmail(email) {
      const row = findUserByEmail(email);
      return row ? toAdapterUser(row) : null;
    },
    updateUser(user) {
      const row = findUserById(user.id);
      if (!row) throw new Error("No such user");
      if (user.emailVerified) markEmailVerified(user.id);
      return toAdapterUser(findUserById(user.id) ?? row);
    },
    createUser() {
      throw new CreateUserError("Accounts are created by signing up, not by a sign-in link.");
    },
    createVerificationToken(token) {
      const db = getDb();
      // Expired links are useless: clear them whenever a new one is made.
      db.delete(verificationTokens).where(lt(verificationTokens.expires, new Date())).run();
      db.insert(verificationTokens).values(token).run();
      return token;
    },
    useVerificationToken({ identifier, token }) {
      // Delete-and-return in one statement: a link works once, even under concurrent clicks.
      const row = getDb()
        .delete(verificationTokens)
        .where(and(eq(verificationTokens.identifier, identifier), eq(verificationTokens.token, token)))
        .returning()
        .get();
      return row ?? null;
    },
  };
}
