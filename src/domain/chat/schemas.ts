/**
 * The shapes the data assistant accepts from outside: a question sent to POST /api/chat (with the
 * follow-up context the browser sends back), and a stored conversation (local storage, or PUT
 * /api/chat/sessions/{id}). Whatever fails these is refused, never drawn.
 */
import { z } from "zod";
import { LOCALES } from "@/domain/i18n/locales";
import { MAX_QUESTION_LENGTH, MAX_SESSIONS, MAX_TURNS, type ChatContext, type ChatSession, type ChatTurn } from "./types";

const year = z.number().int().min(1900).max(2100);
const shortText = (max: number) => z.string().max(max);

export const chatEntitySchema = z.object({
  kind: z.enum(["country", "continent", "section", "hs2", "hs4", "hs6", "organization", "world"]),
  // Ids are codes (chl, 52603, eu, wld): letters, digits and dashes only; anything else is a 400.
  id: z.string().regex(/^[A-Za-z0-9-]{1,16}$/, "an entity id is a code such as chl or 52603"),
  name: shortText(300),
});

export const chatContextSchema = z.object({
  intent: z.enum(["topProducts", "topPartners", "value", "growth", "compare", "ranking", "opportunities", "whoExports"]).nullable(),
  places: z.array(chatEntitySchema).max(4),
  product: chatEntitySchema.nullable(),
  flow: z.enum(["export", "import", "balance"]),
  year: year.nullable(),
  range: z
    .object({ from: year, to: year })
    .refine((r) => r.from <= r.to, "range_order")
    .nullable(),
  index: z.enum(["eci", "pci", "trade"]).nullable().optional(),
}) satisfies z.ZodType<ChatContext>;

/** A conversation id: made by the browser (crypto.randomUUID), so only safe characters. */
export const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const sessionIdSchema = z.string().regex(SESSION_ID, "session_id");

/** The body of POST /api/chat (the CSRF token is taken off before this is applied). */
export const chatRequestSchema = z.strictObject({
  question: z
    .string()
    .transform((q) => q.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").trim())
    .pipe(z.string().min(1, "empty").max(MAX_QUESTION_LENGTH, "too_long")),
  locale: z.enum(LOCALES),
  context: chatContextSchema.nullable().optional(),
  sessionId: sessionIdSchema.optional(),
  stream: z.boolean().optional(),
});

const chartSpecSchema = z.object({
  type: z.enum(["treemap", "line", "stacked"]),
  input: z.looseObject({ rows: z.array(z.record(z.string(), z.unknown())).max(5000), dimension: z.string().max(100) }),
});

export const chatAnswerSchema = z.object({
  status: z.enum(["answered", "unmatched", "error"]),
  text: shortText(4000),
  figures: z.array(z.object({ label: shortText(300), value: z.number(), unit: z.enum(["USD", "AUD", "share", "rank", "index", "count", "growth"]) })).max(50),
  chart: z.object({ title: shortText(300), spec: chartSpecSchema, builderPath: shortText(2000) }).nullable(),
  source: z.object({ name: shortText(300), years: shortText(100) }).nullable(),
  apiUrl: shortText(4000).nullable(),
  links: z.array(z.object({ label: shortText(300), href: z.string().max(500).regex(/^\/(?!\/)/, "relative_path") })).max(20),
  suggestions: z.array(shortText(MAX_QUESTION_LENGTH)).max(10),
  context: chatContextSchema.nullable(),
  engine: z.enum(["interpreter", "llm"]),
});

export const chatTurnSchema = z.object({
  question: shortText(MAX_QUESTION_LENGTH),
  answer: chatAnswerSchema,
  at: z.number().int().nonnegative(),
});

export const chatSessionSchema = z.object({
  id: sessionIdSchema,
  title: shortText(200),
  turns: z.array(chatTurnSchema).max(MAX_TURNS),
  updatedAt: z.number().int().nonnegative(),
});

/** A stored conversation, or null when it is not one (an old format, a hand-edited value). */
export function parseSession(value: unknown): ChatSession | null {
  const parsed = chatSessionSchema.safeParse(value);
  return parsed.success ? (parsed.data as unknown as ChatSession) : null;
}

/** A conversation's title: its first question, shortened. */
export function sessionTitle(question: string): string {
  const q = question.trim().replace(/\s+/g, " ");
  return q.length > 80 ? `${q.slice(0, 79)}…` : q;
}

/** Adds a turn to a conversation (the oldest turns go past MAX_TURNS). */
export function addTurn(session: ChatSession, turn: ChatTurn): ChatSession {
  const turns = [...session.turns, turn].slice(-MAX_TURNS);
  return { ...session, title: session.title || sessionTitle(turn.question), turns, updatedAt: turn.at };
}

/** Newest first, at most MAX_SESSIONS. */
export function newestSessions<T extends { updatedAt: number }>(sessions: readonly T[]): T[] {
  return [...sessions].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, MAX_SESSIONS);
}
