/**
 * The data assistant's API (docs/chat.md). Route files only call these.
 *
 *   POST   /api/chat  { question, locale, context?, sessionId?, stream?, csrfToken }
 *          -> ChatAnswer (JSON); with stream: true and a language model configured, Server-Sent
 *             Events: "delta" { text } pieces of the reply, "reset" {} (withdraw what was sent),
 *             then "answer" ChatAnswer (the final word; replaces the streamed text).
 *             A signed-in user's turn is added to their conversation `sessionId` on the server
 *             (functional consent only).
 *   GET    /api/chat/sessions        -> { sessions: [{ id, title, updatedAt, turns }], kept }
 *   GET    /api/chat/sessions/{id}   -> ChatSession (the owner's only; 404 otherwise)
 *   PUT    /api/chat/sessions/{id}   { title, turns, csrfToken } -> { session }
 *   DELETE /api/chat/sessions/{id}   { csrfToken } -> { deleted: true }
 *
 * Limits: questions per client address and per signed-in user (429 with Retry-After); every
 * bad input is a 4xx in the { error: { code, message } } shape.
 */
import "server-only";
import { z } from "zod";
import { chatRequestSchema, chatTurnSchema, sessionIdSchema } from "@/domain/chat/schemas";
import type { ChatAnswer, ChatRequest, ChatSession } from "@/domain/chat/types";
import { MAX_TURNS } from "@/domain/chat/types";
import { readProtectedPost, requireApiSession } from "@/server/auth/guard";
import { currentSession } from "@/server/auth/session";
import { windowCounter, type WindowCounter } from "@/server/http/counters";
import { jsonError, tooManyRequests } from "@/server/http/jsonError";
import { clientKey } from "@/server/http/rateLimit";
import { whileDatabaseAnswers } from "@/server/db/unavailable";
import { answerQuestion } from "./interpreter";
import { answerWithLlm, llmConfig } from "./llm";
import { appendTurn, deleteSession, getSession, listSessions, mayKeepChat, saveSession } from "@/server/chatSessions/repository";
import { processValue } from "@/server/processState";

const MINUTE = 60_000;
/** Per address and per user: a person asks a few questions a minute; a script is stopped. */
export const CHAT_LIMITS = { perAddress: 30, perUser: 30, sessionWrites: 60 } as const;
const QUESTION_BODY_LIMIT = 32 * 1024;
const SESSION_BODY_LIMIT = 2 * 1024 * 1024;

interface Limiters {
  address: WindowCounter;
  user: WindowCounter;
  sessions: WindowCounter;
}

function limiters(): Limiters {
  return processValue<Limiters>("chat/api:limiters", () => ({
    address: windowCounter("chat-address", CHAT_LIMITS.perAddress, MINUTE),
    user: windowCounter("chat-user", CHAT_LIMITS.perUser, MINUTE),
    sessions: windowCounter("chat-sessions", CHAT_LIMITS.sessionWrites, MINUTE),
  }));
}

const noStore = { "Cache-Control": "no-store" };
const LIMITED = "Too many questions. Wait a moment and try again.";

async function keepTurn(userId: string, sessionId: string, question: string, answer: ChatAnswer): Promise<void> {
  try {
    await appendTurn(userId, sessionId, { question, answer, at: Date.now() });
  } catch (error) {
    // The answer still goes out; only the stored copy is missing.
    console.warn(`[chat] could not keep the conversation: ${(error as Error).message}`);
  }
}

function sseEvent(event: string, data: unknown): Uint8Array {
  return new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

async function chat(request: Request): Promise<Response> {
  const limits = limiters();
  const byAddress = await limits.address.hit(clientKey(request.headers));
  if (!byAddress.allowed) return tooManyRequests(byAddress.retryAfterSeconds, LIMITED);
  const session = await currentSession();
  if (session) {
    const byUser = await limits.user.hit(session.row.id);
    if (!byUser.allowed) return tooManyRequests(byUser.retryAfterSeconds, LIMITED);
  }
  const input = await readProtectedPost(request, chatRequestSchema, QUESTION_BODY_LIMIT);
  if (!input.ok) return input.response;
  const { question, locale, context, sessionId, stream } = input.data;
  const req: ChatRequest = { question, locale, context: context ?? null, sessionId };
  const keep = session && sessionId && mayKeepChat(session.row) ? { userId: session.row.id, sessionId } : null;
  const config = llmConfig();

  if (stream && config) {
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        const send = (event: string, data: unknown) => {
          try {
            controller.enqueue(sseEvent(event, data));
          } catch {
            // The browser went away: nothing to send to.
          }
        };
        let answer: ChatAnswer;
        try {
          answer = await answerWithLlm(req, config, { onDelta: (text) => send("delta", { text }), onReset: () => send("reset", {}), signal: request.signal });
          if (keep) await keepTurn(keep.userId, keep.sessionId, question, answer);
          send("answer", answer);
        } catch (error) {
          console.error(`[chat] the question could not be answered: ${(error as Error).message}`);
          send("error", { error: { code: "unavailable", message: "The assistant cannot answer right now. Try again later." } });
        }
        try {
          controller.close();
        } catch {
          // Already closed by a cancel.
        }
      },
    });
    return new Response(body, { headers: { ...noStore, "Content-Type": "text/event-stream; charset=utf-8", "X-Accel-Buffering": "no" } });
  }

  let answer: ChatAnswer;
  try {
    answer = config ? await answerWithLlm(req, config, { signal: request.signal }) : await answerQuestion(req);
  } catch (error) {
    console.error(`[chat] the question could not be answered: ${(error as Error).message}`);
    return jsonError(503, "unavailable", "The assistant cannot answer right now. Try again later.", noStore);
  }
  if (keep) await keepTurn(keep.userId, keep.sessionId, question, answer);
  return Response.json(answer, { headers: noStore });
}

// ---- conversations kept on the server ------------------------------------------------------

function parseId(raw: string): string | null {
  const parsed = sessionIdSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

const BAD_ID = "A conversation id is 1 to 64 letters, digits, - or _.";

async function sessionList(): Promise<Response> {
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  const kept = mayKeepChat(auth.session.row);
  return Response.json({ sessions: kept ? await listSessions(auth.session.row.id) : [], kept }, { headers: noStore });
}

async function sessionGet(rawId: string): Promise<Response> {
  const id = parseId(rawId);
  if (!id) return jsonError(400, "invalid_id", BAD_ID);
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  const session = mayKeepChat(auth.session.row) ? await getSession(auth.session.row.id, id) : null;
  if (!session) return jsonError(404, "not_found", "No such conversation.", noStore);
  return Response.json(session, { headers: noStore });
}

const putSchema = z.strictObject({
  title: z.string().trim().min(1).max(200),
  turns: z.array(chatTurnSchema).max(MAX_TURNS),
});

async function sessionPut(request: Request, rawId: string): Promise<Response> {
  const id = parseId(rawId);
  if (!id) return jsonError(400, "invalid_id", BAD_ID);
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  const hit = await limiters().sessions.hit(auth.session.row.id);
  if (!hit.allowed) return tooManyRequests(hit.retryAfterSeconds, "Too many requests. Try again later.");
  const input = await readProtectedPost(request, putSchema, SESSION_BODY_LIMIT);
  if (!input.ok) return input.response;
  if (!mayKeepChat(auth.session.row)) {
    return jsonError(409, "consent_required", "Conversations are kept only with functional cookies allowed.");
  }
  const turns = input.data.turns as ChatSession["turns"];
  const session: ChatSession = { id, title: input.data.title, turns, updatedAt: Math.max(0, ...turns.map((t) => t.at)) || Date.now() };
  await saveSession(auth.session.row.id, session);
  return Response.json({ session }, { headers: noStore });
}

async function sessionDelete(request: Request, rawId: string): Promise<Response> {
  const id = parseId(rawId);
  if (!id) return jsonError(400, "invalid_id", BAD_ID);
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  const hit = await limiters().sessions.hit(auth.session.row.id);
  if (!hit.allowed) return tooManyRequests(hit.retryAfterSeconds, "Too many requests. Try again later.");
  const input = await readProtectedPost(request, z.strictObject({}), 4 * 1024);
  if (!input.ok) return input.response;
  if (!(await deleteSession(auth.session.row.id, id))) return jsonError(404, "not_found", "No such conversation.", noStore);
  return Response.json({ deleted: true }, { headers: noStore });
}

// The conversations live in the app database, and the limits in its counters: while it cannot be
// reached these answer 503 with Retry-After and the JSON error body, never an empty 500.
export const handleChat = (request: Request) => whileDatabaseAnswers("POST /api/chat", () => chat(request));
export const handleSessionList = () => whileDatabaseAnswers("GET /api/chat/sessions", () => sessionList());
export const handleSessionGet = (rawId: string) => whileDatabaseAnswers("GET /api/chat/sessions/:id", () => sessionGet(rawId));
export const handleSessionPut = (request: Request, rawId: string) => whileDatabaseAnswers("PUT /api/chat/sessions/:id", () => sessionPut(request, rawId));
export const handleSessionDelete = (request: Request, rawId: string) => whileDatabaseAnswers("DELETE /api/chat/sessions/:id", () => sessionDelete(request, rawId));
