/**
 * Signed-in users' conversations with the data assistant, on the server (the chat_sessions
 * table). Chatbot sessions are functional storage (spec section 4): kept only while the user
 * allows functional storage, and deleted, in the same transaction as the choice, whenever a
 * consent without functional or without tracking storage is saved (server/consent/store), as
 * the browser removes its local copies on either.
 * At most MAX_SESSIONS per user (the oldest go) and MAX_TURNS per conversation.
 */
import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { addTurn, sessionTitle } from "@/domain/chat/schemas";
import { MAX_SESSIONS, MAX_TURNS, type ChatSession, type ChatTurn } from "@/domain/chat/types";
import { getDb, type AppDb } from "@/server/db/client";
import type { UserRow } from "@/server/db/schema";
import type { InTx } from "@/server/history/repository";

/** Whether the server may keep this user's conversations: functional consent. */
export function mayKeepChat(row: Pick<UserRow, "bespokeUserMetadata">): boolean {
  const consent = row.bespokeUserMetadata?.consent;
  return Boolean(consent?.checked && consent.functional);
}

export interface SessionSummary {
  id: string;
  title: string;
  updatedAt: number;
  turns: number;
}

function toSession(row: { id: string; title: string; turns: ChatTurn[]; updatedAt: Date }): ChatSession {
  return { id: row.id, title: row.title, turns: row.turns, updatedAt: row.updatedAt.getTime() };
}

/** The user's conversations, newest first (titles and sizes only). */
export function listSessions(userId: string, db: AppDb = getDb()): Promise<SessionSummary[]> {
  const { chatSessions } = db.t;
  return db.use(async (orm) => {
    const rows = await orm.select().from(chatSessions).where(eq(chatSessions.userId, userId)).orderBy(desc(chatSessions.updatedAt)).limit(MAX_SESSIONS);
    return rows.map((r) => ({ id: r.id, title: r.title, updatedAt: r.updatedAt.getTime(), turns: r.turns.length }));
  });
}

/** One conversation of the user's, or null (someone else's ids are simply not found). */
export function getSession(userId: string, id: string, db: AppDb = getDb()): Promise<ChatSession | null> {
  const { chatSessions } = db.t;
  return db.use(async (orm) => {
    const [row] = await orm
      .select()
      .from(chatSessions)
      .where(and(eq(chatSessions.userId, userId), eq(chatSessions.id, id)))
      .limit(1);
    return row ? toSession(row) : null;
  });
}

async function pruneIn(userId: string, { orm, t }: InTx): Promise<void> {
  const rows = await orm.select({ id: t.chatSessions.id }).from(t.chatSessions).where(eq(t.chatSessions.userId, userId)).orderBy(desc(t.chatSessions.updatedAt)).limit(1000).offset(MAX_SESSIONS);
  if (rows.length) await orm.delete(t.chatSessions).where(and(eq(t.chatSessions.userId, userId), inArray(t.chatSessions.id, rows.map((r) => r.id))));
}

async function writeIn(userId: string, session: ChatSession, { orm, t }: InTx): Promise<void> {
  const values = { title: session.title, turns: session.turns.slice(-MAX_TURNS), updatedAt: new Date(session.updatedAt) };
  await orm
    .insert(t.chatSessions)
    .values({ userId, id: session.id, ...values })
    .onConflictDoUpdate({ target: [t.chatSessions.userId, t.chatSessions.id], set: values });
  await pruneIn(userId, { orm, t });
}

/** Saves a whole conversation (PUT): created, or replaced. */
export function saveSession(userId: string, session: ChatSession, db: AppDb = getDb()): Promise<void> {
  return db.tx((orm) => writeIn(userId, session, { orm, t: db.t }));
}

/** Adds a question and its answer to a conversation (made if new): what POST /api/chat answered. */
export function appendTurn(userId: string, id: string, turn: ChatTurn, db: AppDb = getDb()): Promise<ChatSession> {
  return db.tx(async (orm) => {
    const t = db.t;
    const [row] = await orm
      .select()
      .from(t.chatSessions)
      .where(and(eq(t.chatSessions.userId, userId), eq(t.chatSessions.id, id)))
      .limit(1);
    const current: ChatSession = row ? toSession(row) : { id, title: sessionTitle(turn.question), turns: [], updatedAt: turn.at };
    const next = addTurn(current, turn);
    await writeIn(userId, next, { orm, t });
    return next;
  });
}

/** Deletes one conversation; false when the user has none by that id. */
export function deleteSession(userId: string, id: string, db: AppDb = getDb()): Promise<boolean> {
  const { chatSessions } = db.t;
  return db.use(async (orm) => {
    const deleted = await orm
      .delete(chatSessions)
      .where(and(eq(chatSessions.userId, userId), eq(chatSessions.id, id)))
      .returning({ id: chatSessions.id });
    return deleted.length > 0;
  });
}

/** Deletes every conversation of the user (inside the caller's transaction: consent withdrawn). */
export async function clearChatSessionsIn(userId: string, { orm, t }: InTx): Promise<void> {
  await orm.delete(t.chatSessions).where(eq(t.chatSessions.userId, userId));
}
