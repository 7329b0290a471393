/**
 * The app database schema on PostgreSQL (DATABASE_URL=postgres://...): the same tables, columns
 * and constraints as schema.ts (SQLite), in PostgreSQL's types, plus the shared rate-limit
 * counters that several nodes must agree on. The repositories are written once against
 * schema.ts; at run time they are given these tables (client.ts), whose values have the same
 * JavaScript shapes (Date for times, objects for JSON, booleans). Migrations: drizzle.pg.config.ts
 * writes them into migrations-pg; `npm run db:migrate` applies them.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { BespokeUserMetadata } from "./schema";
import type { ChatTurn } from "@/domain/chat/types";

const time = (name: string) => timestamp(name, { mode: "date", withTimezone: true, precision: 3 });

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    email: text("email").notNull(),
    emailVerified: time("email_verified"),
    passwordHash: text("password_hash"),
    role: integer("role").notNull().default(0),
    isAcademic: boolean("is_academic").notNull().default(false),
    ssoLogo: text("sso_logo"),
    bespokeUserMetadata: jsonb("bespoke_user_metadata").$type<BespokeUserMetadata>().notNull().default(sql`'{}'::jsonb`),
    sessionVersion: integer("session_version").notNull().default(0),
    createdAt: time("created_at").notNull(),
    updatedAt: time("updated_at").notNull(),
  },
  (table) => [uniqueIndex("users_email_unique").on(table.email), index("users_role_idx").on(table.role)],
);

export const verificationTokens = pgTable(
  "verification_tokens",
  {
    identifier: text("identifier").notNull(),
    token: text("token").notNull(),
    expires: time("expires").notNull(),
  },
  (table) => [primaryKey({ columns: [table.identifier, table.token] })],
);

export const profileHistory = pgTable(
  "profile_history",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    link: text("link").notNull(),
    title: text("title").notNull(),
    visitedAt: time("visited_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.link] }), index("profile_history_user_time_idx").on(table.userId, table.visitedAt)],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    createdAt: time("created_at").notNull(),
    lastUsedAt: time("last_used_at"),
    revokedAt: time("revoked_at"),
  },
  (table) => [uniqueIndex("api_keys_hash_unique").on(table.keyHash), index("api_keys_user_idx").on(table.userId)],
);

/**
 * Fixed-window counters shared by every node (sign-in, sign-up and API limits): one row per
 * limiter and key, updated in one atomic statement (server/http/counters.ts).
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    count: integer("count").notNull(),
    /** When the row may be deleted (its window is over). */
    expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
  },
  (table) => [index("rate_limits_expires_idx").on(table.expiresAt)],
);

export const gameResults = pgTable(
  "game_results",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    game: text("game").notNull(),
    puzzle: text("puzzle").notNull(),
    won: boolean("won").notNull(),
    score: integer("score").notNull(),
    playedAt: time("played_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.game, table.puzzle] }), index("game_results_user_time_idx").on(table.userId, table.playedAt)],
);

export const chatSessions = pgTable(
  "chat_sessions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    title: text("title").notNull(),
    turns: jsonb("turns").$type<ChatTurn[]>().notNull(),
    updatedAt: time("updated_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.id] }), index("chat_sessions_user_time_idx").on(table.userId, table.updatedAt)],
);

export const profileViews = pgTable(
  "profile_views",
  {
    path: text("path").notNull(),
    day: text("day").notNull(),
    views: integer("views").notNull(),
  },
  (table) => [primaryKey({ columns: [table.path, table.day] }), index("profile_views_day_idx").on(table.day)],
);

/** Idempotency keys of writes (schema.ts has the why). */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    status: integer("status").notNull(),
    body: text("body").notNull(),
    createdAt: time("created_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] }), index("idempotency_keys_created_idx").on(table.createdAt)],
);
