/**
 * The data assistant's conversation as a pure state machine: the open conversation, the list of
 * kept ones, the question being typed, the answer streaming in, the error shown and the mobile
 * drawer. The hook (useChat.ts) runs the requests and storage writes and dispatches their outcome.
 */
import { addTurn, sessionTitle } from "@/domain/chat/schemas";
import { MAX_QUESTION_LENGTH, type ChatAnswer, type ChatSession } from "@/domain/chat/types";

export interface SessionSummary {
  id: string;
  title: string;
  updatedAt: number;
}

export type Pending = { question: string; streamed: string };

export interface ChatModel {
  current: ChatSession;
  sessions: SessionSummary[];
  question: string;
  pending: Pending | null;
  error: string | null;
  drawer: boolean;
}

export const summarise = (session: ChatSession): SessionSummary => ({ id: session.id, title: session.title, updatedAt: session.updatedAt });

/** The list with one conversation added or moved, newest first. */
export function upsert(list: readonly SessionSummary[], item: SessionSummary): SessionSummary[] {
  return [item, ...list.filter((s) => s.id !== item.id)].sort((a, b) => b.updatedAt - a.updatedAt);
}

export const blankSession = (id: string): ChatSession => ({ id, title: "", turns: [], updatedAt: 0 });

export const initialChat = (session: ChatSession): ChatModel => ({ current: session, sessions: [], question: "", pending: null, error: null, drawer: false });

/** A message key of `chat.errors` with its values. */
export type ChatError = { key: "empty" } | { key: "tooLong"; max: number } | { key: "rateLimited"; seconds: number } | { key: "rateLimitedNoTime" | "csrf" | "network" | "invalid" | "unavailable" | "deleteFailed" };

/** The question as sent (trimmed), or why it cannot be. */
export function checkQuestion(raw: string): { ok: true; text: string } | { ok: false; error: ChatError } {
  const text = raw.trim();
  if (!text) return { ok: false, error: { key: "empty" } };
  if (text.length > MAX_QUESTION_LENGTH) return { ok: false, error: { key: "tooLong", max: MAX_QUESTION_LENGTH } };
  return { ok: true, text };
}

/** What a failed request says to the reader, from the API's error code. */
export function failureError(code: string, retryAfter: number | null): ChatError {
  if (code === "rate_limited") return retryAfter ? { key: "rateLimited", seconds: retryAfter } : { key: "rateLimitedNoTime" };
  if (code === "csrf" || code === "network" || code === "invalid") return { key: code };
  return { key: "unavailable" };
}

/** The conversation after an answer: the turn added, titled by its first question. */
export function answered(session: ChatSession, question: string, answer: ChatAnswer, at: number): ChatSession {
  return addTurn({ ...session, title: session.title || sessionTitle(question) }, { question, answer, at });
}

export type ChatAction =
  | { type: "type"; question: string }
  | { type: "error"; error: string | null }
  | { type: "drawer"; open: boolean }
  /** The kept conversations were read. */
  | { type: "listed"; sessions: SessionSummary[] }
  /** The newest kept conversation, opened on the first load unless a question was asked meanwhile. */
  | { type: "restored"; session: ChatSession }
  | { type: "asking"; question: string }
  | { type: "delta"; piece: string }
  | { type: "restream" }
  | { type: "failed"; question: string; error: string }
  /** `keep`: the conversation is kept, so the list shows it. */
  | { type: "answered"; session: ChatSession; keep: boolean }
  | { type: "new"; session: ChatSession }
  | { type: "opened"; session: ChatSession }
  /** A listed conversation that could not be read, or was deleted. */
  | { type: "gone"; id: string; blank?: ChatSession };

export function chatReducer(model: ChatModel, action: ChatAction): ChatModel {
  switch (action.type) {
    case "type":
      return { ...model, question: action.question.slice(0, MAX_QUESTION_LENGTH) };
    case "error":
      return { ...model, error: action.error };
    case "drawer":
      return { ...model, drawer: action.open };
    case "listed":
      return { ...model, sessions: action.sessions };
    case "restored":
      return model.current.turns.length ? model : { ...model, current: action.session };
    case "asking":
      return { ...model, error: null, pending: { question: action.question, streamed: "" }, question: "" };
    case "delta":
      return model.pending ? { ...model, pending: { ...model.pending, streamed: model.pending.streamed + action.piece } } : model;
    case "restream":
      return model.pending ? { ...model, pending: { ...model.pending, streamed: "" } } : model;
    case "failed":
      return { ...model, pending: null, question: action.question, error: action.error };
    case "answered":
      return { ...model, pending: null, current: action.session, sessions: action.keep ? upsert(model.sessions, summarise(action.session)) : model.sessions };
    case "new":
      return { ...model, pending: null, error: null, current: action.session, drawer: false };
    case "opened":
      return { ...model, error: null, current: action.session };
    case "gone": {
      const sessions = model.sessions.filter((s) => s.id !== action.id);
      return { ...model, sessions, current: action.blank && model.current.id === action.id ? action.blank : model.current };
    }
  }
}

/** Which storage note the conversation list shows (a key of `chat.page`). */
export function storageNote(keep: boolean, signedIn: boolean): "keptServer" | "keptLocal" | "notKeptSignedIn" | "notKept" {
  if (keep) return signedIn ? "keptServer" : "keptLocal";
  return signedIn ? "notKeptSignedIn" : "notKept";
}
