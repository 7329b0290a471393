/**
 * A guest's conversations in this browser (local storage), one key per conversation:
 * CHAT_SESSION_PREFIX + id, the prefix the consent effects remove (features/consent/browser.ts:
 * withdrawing functional or tracking storage deletes them). The page writes here only while
 * functional storage is allowed (`keep`); every write checks again, so a withdrawal stops the
 * writing at once.
 */
import { CHAT_SESSION_PREFIX } from "@/domain/consent/storageKeys";
import { newestSessions, parseSession } from "@/domain/chat/schemas";
import { MAX_SESSIONS, type ChatSession } from "@/domain/chat/types";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // Storage disabled by the browser.
  }
}

export function chatSessionKey(id: string): string {
  return `${CHAT_SESSION_PREFIX}${id}`;
}

/** Every conversation kept here, newest first; unreadable entries are dropped. */
export function readLocalSessions(): ChatSession[] {
  const store = storage();
  if (!store) return [];
  const sessions: ChatSession[] = [];
  const broken: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key?.startsWith(CHAT_SESSION_PREFIX)) continue;
    let session: ChatSession | null = null;
    try {
      session = parseSession(JSON.parse(store.getItem(key) ?? "null"));
    } catch {
      session = null;
    }
    if (session && chatSessionKey(session.id) === key) sessions.push(session);
    else broken.push(key);
  }
  for (const key of broken) store.removeItem(key);
  return newestSessions(sessions);
}

/** Saves a conversation (only when `keep`); the oldest beyond MAX_SESSIONS are removed. */
export function writeLocalSession(session: ChatSession, keep: boolean): void {
  const store = storage();
  if (!store || !keep) return;
  try {
    store.setItem(chatSessionKey(session.id), JSON.stringify(session));
  } catch {
    // Full or disabled storage: the conversation stays on the page only.
    return;
  }
  const all = readLocalSessions();
  for (const old of all.slice(MAX_SESSIONS)) store.removeItem(chatSessionKey(old.id));
}

export function deleteLocalSession(id: string): void {
  storage()?.removeItem(chatSessionKey(id));
}

/** A new conversation id (also where crypto.randomUUID is missing: plain-HTTP hosts). */
export function newSessionId(): string {
  const c = typeof crypto !== "undefined" ? crypto : null;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  const bytes = new Uint8Array(16);
  c?.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("") || `s${Date.now().toString(36)}`;
}
