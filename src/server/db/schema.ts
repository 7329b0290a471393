/**
 * The app database schema (users, sign-in links, profile history, API keys, profile view counts, idempotency keys). SQLite today; kept portable to PostgreSQL:
 * text ids (UUIDs), integer timestamps in milliseconds, JSON stored as text, no SQLite-only
 * features. Change it with `npx drizzle-kit generate` and commit the migration it writes; the
 * server applies pending migrations when it starts.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { ChatTurn } from "@/domain/chat/types";

/** Per-user data that has no column of its own; the consent choice lives here (spec section 3). */
export interface BespokeUserMetadata {
  consent?: { checked: boolean; functional: boolean; tracking: boolean };
  [key: string]: unknown;
}

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    /** Normalised (see normaliseEmail): unique as stored. */
    email: text("email").notNull(),
    emailVerified: integer("email_verified", { mode: "timestamp_ms" }),
    /** argon2id PHC string; null for accounts that only sign in by email link. */
    passwordHash: text("password_hash"),
    /** 0 free, 1 PRO, 10 bulk-access manager. */
    role: integer("role").notNull().default(0),
    isAcademic: integer("is_academic", { mode: "boolean" }).notNull().default(false),
    ssoLogo: text("sso_logo"),
    bespokeUserMetadata: text("bespoke_user_metadata", { mode: "json" }).$type<BespokeUserMetadata>().notNull().default(sql`'{}'`),
    /** Bumped when the password changes: sessions carrying an older value end. */
    sessionVersion: integer("session_version").notNull().default(0),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [uniqueIndex("users_email_unique").on(table.email), index("users_role_idx").on(table.role)],
);

/** One-time sign-in links (next-auth's verification tokens); the token is stored hashed. */
export const verificationTokens = sqliteTable(
  "verification_tokens",
  {
    identifier: text("identifier").notNull(),
    token: text("token").notNull(),
    expires: integer("expires", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.identifier, table.token] })],
);

/**
 * Profile visits of signed-in users (spec section 3: profile history), so the list follows them
 * across devices: one row per user and profile link, at most HISTORY_CAP rows per user. Kept
 * only while the user allows functional storage; deleted with the user.
 */
export const profileHistory = sqliteTable(
  "profile_history",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The profile's path without the locale, e.g. /profile/country/chl. */
    link: text("link").notNull(),
    title: text("title").notNull(),
    visitedAt: integer("visited_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.link] }), index("profile_history_user_time_idx").on(table.userId, table.visitedAt)],
);

/**
 * API keys (issue: data resources): a key raises its owner's API limit. Only the SHA-256 of the
 * key is stored (it is 256 random bits, so a fast hash is enough); the key itself is shown once.
 * A revoked key keeps its row (revokedAt set) so it stays refused and the owner sees when.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The key's first characters, shown in lists so the owner can tell keys apart. */
    prefix: text("prefix").notNull(),
    /** Hex SHA-256 of the whole key. */
    keyHash: text("key_hash").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (table) => [uniqueIndex("api_keys_hash_unique").on(table.keyHash), index("api_keys_user_idx").on(table.userId)],
);

/**
 * Finished games of signed-in players (issue: games), one row per player, game and puzzle: the
 * server records it when a game it checked ends, so statistics cannot be claimed. Kept only while
 * the player allows functional storage; deleted with the user.
 */
export const gameResults = sqliteTable(
  "game_results",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    game: text("game").notNull(),
    /** "d-2026-11-27" (daily) or "p-123" (practice). */
    puzzle: text("puzzle").notNull(),
    won: integer("won", { mode: "boolean" }).notNull(),
    score: integer("score").notNull(),
    playedAt: integer("played_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.game, table.puzzle] }), index("game_results_user_time_idx").on(table.userId, table.playedAt)],
);

/**
 * How often each profile was opened per UTC day (the trending page), counted only for visitors
 * who allow tracking. An aggregate and nothing more: no user, address or time of day is kept.
 */
export const profileViews = sqliteTable(
  "profile_views",
  {
    /** The profile's canonical path without the locale, e.g. /profile/country/chl. */
    path: text("path").notNull(),
    /** The UTC day, "YYYY-MM-DD" (sorts as it reads). */
    day: text("day").notNull(),
    views: integer("views").notNull(),
  },
  (table) => [primaryKey({ columns: [table.path, table.day] }), index("profile_views_day_idx").on(table.day)],
);

/**
 * A signed-in user's conversations with the data assistant (/chat), kept only while the user
 * allows functional storage (saving a choice without functional or tracking deletes them). The id is the
 * browser's; the turns are the questions and answers as the page draws them (JSON).
 */
export const chatSessions = sqliteTable(
  "chat_sessions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    title: text("title").notNull(),
    turns: text("turns", { mode: "json" }).$type<ChatTurn[]>().notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.id] }), index("chat_sessions_user_time_idx").on(table.userId, table.updatedAt)],
);

/**
 * Idempotency keys of writes (issue 41): a client that sends `Idempotency-Key` with a sign-up, a
 * consent or history write gets, for a retry with the same key, the answer of the write that landed
 * instead of a second write. Stored in the write's own transaction; kept a day (idempotency.ts).
 * `scope` says whose key it is (a user id, or a hash of the email signing up).
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the request's fields: the same key with another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    status: integer("status").notNull(),
    /** The answer's JSON. */
    body: text("body").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] }), index("idempotency_keys_created_idx").on(table.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
