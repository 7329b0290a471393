/**
 * POST /api/chat and /api/chat/sessions through their route files: the guard (CSRF, same
 * origin, size, shape), the rate limits per address and per user, owner-only conversations and
 * streaming through a language model (a stub chat-completions server). The interpreter is a
 * stand-in here; its answers are tested against the warehouse in its own tests.
 */
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_QUESTION_LENGTH, type ChatAnswer, type ChatRequest } from "@/domain/chat/types";

const SECRET = "chat-test-secret-chat-test-secret-0123";
process.env.NEXTAUTH_SECRET = SECRET;
process.env.APP_DB_PATH = ":memory:";

const interpreter = vi.hoisted(() => ({
  answerQuestion: vi.fn(),
  answerContext: vi.fn(),
  resolveEntity: vi.fn(),
  starterQuestions: vi.fn(() => [] as string[]),
}));
vi.mock("@/server/chat/interpreter", () => interpreter);

const auth = vi.hoisted(() => ({ user: null as null | { id: string; consent: Record<string, boolean> } }));
vi.mock("@/server/auth/session", () => ({
  currentSession: async () =>
    auth.user
      ? { user: { id: auth.user.id }, row: { id: auth.user.id, bespokeUserMetadata: { consent: auth.user.consent } }, token: {}, expires: "" }
      : null,
}));

const { POST } = await import("@/app/api/chat/route");
const sessionsRoute = await import("@/app/api/chat/sessions/route");
const sessionRoute = await import("@/app/api/chat/sessions/[id]/route");
const { CHAT_LIMITS } = await import("@/server/chat/api");
const { createUser } = await import("@/server/auth/users");
const { getDb } = await import("@/server/db/client");

const TOKEN = "t".repeat(64);
const COOKIE = `next-auth.csrf-token=${encodeURIComponent(`${TOKEN}|${createHash("sha256").update(`${TOKEN}${SECRET}`).digest("hex")}`)}`;
let address = 0;

function answerFor(req: ChatRequest): ChatAnswer {
  return {
    status: "unmatched",
    text: `No match for: ${req.question}`,
    figures: [],
    chart: null,
    source: null,
    apiUrl: null,
    links: [],
    suggestions: [],
    context: req.context,
    engine: "interpreter",
  };
}

function post(body: unknown, init: { ip?: string; cookie?: string; origin?: string; raw?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json", cookie: init.cookie ?? COOKIE, "x-forwarded-for": init.ip ?? `10.0.0.${++address}` };
  if (init.origin) headers.origin = init.origin;
  return POST(new Request("http://localhost/api/chat", { method: "POST", headers, body: init.raw ?? JSON.stringify({ csrfToken: TOKEN, ...(body as object) }) }));
}

async function errorOf(response: Response): Promise<{ code: string; issues?: { field: string; code: string }[] }> {
  expect(response.headers.get("content-type")).toContain("application/json");
  return ((await response.json()) as { error: { code: string; issues?: { field: string; code: string }[] } }).error;
}

const ask = { question: "What does Chile export?", locale: "en" };

beforeEach(() => {
  auth.user = null;
  interpreter.answerQuestion.mockReset().mockImplementation(async (req: ChatRequest) => answerFor(req));
});

describe("POST /api/chat", () => {
  it("answers a question with the interpreter's ChatAnswer", async () => {
    const response = await post(ask);
    expect(response.status).toBe(200);
    expect(((await response.json()) as ChatAnswer).text).toBe("No match for: What does Chile export?");
    expect(interpreter.answerQuestion).toHaveBeenCalledWith({ question: ask.question, locale: "en", context: null, sessionId: undefined });
  });

  it("passes a well-formed follow-up context on", async () => {
    const context = { intent: "topProducts", places: [{ kind: "country", id: "chl", name: "Chile" }], product: null, flow: "export", year: 2018, range: null, index: null };
    const response = await post({ question: "and imports?", locale: "es", context });
    expect(response.status).toBe(200);
    expect(interpreter.answerQuestion.mock.calls[0]![0]).toMatchObject({ locale: "es", context });
  });

  it("refuses bad input with 4xx JSON errors, never reaching the interpreter", async () => {
    const cases: [unknown, number, string, string?][] = [
      [{ ...ask, question: "" }, 400, "invalid", "question"],
      [{ ...ask, question: "   \u0000  " }, 400, "invalid", "question"],
      [{ ...ask, question: "x".repeat(MAX_QUESTION_LENGTH + 1) }, 400, "invalid", "question"],
      [{ ...ask, locale: "fr" }, 400, "invalid", "locale"],
      [{ locale: "en" }, 400, "invalid", "question"],
      [{ ...ask, context: { intent: "hack", places: "x" } }, 400, "invalid"],
      [{ ...ask, context: { intent: null, places: [], product: null, flow: "export", year: 2018, range: { from: 2020, to: 2000 } } }, 400, "invalid"],
      [{ ...ask, sessionId: "../../etc/passwd" }, 400, "invalid", "sessionId"],
      [{ ...ask, extra: 1 }, 400, "invalid"],
    ];
    for (const [body, status, code, field] of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      const error = await errorOf(response);
      expect(error.code).toBe(code);
      if (field) expect(error.issues?.map((i) => i.field)).toContain(field);
    }
    expect((await post(null, { raw: "{nope" })).status).toBe(400);
    expect((await post(null, { raw: "[1,2]" })).status).toBe(400);
    expect(await errorOf(await post({ ...ask, question: "x".repeat(40_000) }))).toMatchObject({ code: "too_large" });
    expect(await errorOf(await post({ ...ask, csrfToken: "wrong" }))).toMatchObject({ code: "csrf" });
    expect(await errorOf(await post(ask, { cookie: "" }))).toMatchObject({ code: "csrf" });
    expect(await errorOf(await post(ask, { origin: "https://evil.example" }))).toMatchObject({ code: "cross_site" });
    expect(interpreter.answerQuestion).not.toHaveBeenCalled();
  });

  it("limits questions per address, with Retry-After", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < CHAT_LIMITS.perAddress; i++) expect((await post(ask, { ip })).status).toBe(200);
    const limited = await post(ask, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await errorOf(limited)).toMatchObject({ code: "rate_limited" });
    // Another address is not affected.
    expect((await post(ask, { ip: "192.0.2.78" })).status).toBe(200);
  });

  it("limits questions per signed-in user, whatever the address", async () => {
    auth.user = { id: "user-limit", consent: { checked: true, functional: true, tracking: true } };
    for (let i = 0; i < CHAT_LIMITS.perUser; i++) expect((await post(ask)).status).toBe(200);
    expect((await post(ask)).status).toBe(429);
  });

  it("answers 503 JSON when the interpreter fails", async () => {
    interpreter.answerQuestion.mockRejectedValueOnce(new Error("warehouse down"));
    const response = await post(ask);
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toMatchObject({ code: "unavailable" });
  });
});

describe("/api/chat/sessions", () => {
  let userId: string;
  beforeAll(async () => {
    userId = (await createUser({ name: "Chat", email: "chat@x.org", passwordHash: null }, getDb())).id;
  });

  const write = (method: "PUT" | "DELETE", id: string, body: Record<string, unknown>) =>
    sessionRoute[method](new Request(`http://localhost/api/chat/sessions/${id}`, { method, headers: { "content-type": "application/json", cookie: COOKIE }, body: JSON.stringify({ csrfToken: TOKEN, ...body }) }), {
      params: Promise.resolve({ id }),
    });
  const read = (id: string) => sessionRoute.GET(new Request(`http://localhost/api/chat/sessions/${id}`), { params: Promise.resolve({ id }) });

  it("needs a session", async () => {
    expect((await sessionsRoute.GET()).status).toBe(401);
    expect((await read("abc")).status).toBe(401);
    expect((await write("DELETE", "abc", {})).status).toBe(401);
  });

  it("keeps a signed-in user's turns, shows them to the owner only, and deletes them", async () => {
    auth.user = { id: userId, consent: { checked: true, functional: true, tracking: true } };
    expect((await post({ ...ask, sessionId: "conv-1" })).status).toBe(200);
    expect((await post({ ...ask, question: "and imports?", sessionId: "conv-1" })).status).toBe(200);
    const list = (await (await sessionsRoute.GET()).json()) as { sessions: { id: string; turns: number }[]; kept: boolean };
    expect(list).toMatchObject({ kept: true, sessions: [{ id: "conv-1", turns: 2, title: ask.question }] });
    const session = (await (await read("conv-1")).json()) as { turns: { question: string; answer: ChatAnswer }[] };
    expect(session.turns.map((t) => t.question)).toEqual([ask.question, "and imports?"]);
    expect(session.turns[1]!.answer.text).toBe("No match for: and imports?");

    // Someone else: not found, cannot delete.
    auth.user = { id: "someone-else", consent: { checked: true, functional: true, tracking: true } };
    expect((await read("conv-1")).status).toBe(404);
    expect((await write("DELETE", "conv-1", {})).status).toBe(404);

    auth.user = { id: userId, consent: { checked: true, functional: true, tracking: true } };
    expect((await write("PUT", "conv-1", { title: "Renamed", turns: session.turns })).status).toBe(200);
    expect(((await (await read("conv-1")).json()) as { title: string }).title).toBe("Renamed");
    expect((await write("PUT", "conv-1", { title: "", turns: [] })).status).toBe(400);
    expect((await write("PUT", "conv-1", { title: "x", turns: [{ question: "q", answer: { status: "answered" }, at: 1 }] })).status).toBe(400);
    expect((await write("PUT", "bad id!", { title: "x", turns: [] })).status).toBe(400);
    expect((await write("DELETE", "conv-1", { csrfToken: "forged" })).status).toBe(403);
    expect((await write("DELETE", "conv-1", {})).status).toBe(200);
    expect((await read("conv-1")).status).toBe(404);
  });

  it("keeps nothing without functional consent", async () => {
    auth.user = { id: userId, consent: { checked: true, functional: false, tracking: true } };
    expect((await post({ ...ask, sessionId: "conv-2" })).status).toBe(200);
    expect(await (await sessionsRoute.GET()).json()).toEqual({ sessions: [], kept: false });
    expect((await write("PUT", "conv-2", { title: "x", turns: [] })).status).toBe(409);
  });
});

describe("streaming through a language model", () => {
  let server: Server;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = "";
      req.on("data", (c: Buffer) => (raw += c.toString()));
      req.on("end", () => {
        const body = JSON.parse(raw) as { messages: { role: string }[] };
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        const hasTool = body.messages.some((m) => m.role === "tool");
        const chunks = hasTool
          ? [{ choices: [{ delta: { content: "Chile has no " } }] }, { choices: [{ delta: { content: "numbers here at all, sorry." } }] }, { choices: [{ delta: {}, finish_reason: "stop" }] }]
          : [{ choices: [{ delta: { tool_calls: [{ index: 0, id: "c1", function: { name: "query_trade", arguments: '{"intent":"topProducts","places":["Chile"]}' } }] }, finish_reason: "tool_calls" }] }];
        for (const c of chunks) res.write(`data: ${JSON.stringify(c)}\n\n`);
        res.end("data: [DONE]\n\n");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    process.env.LLM_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    process.env.LLM_MODEL = "stub";
  });
  afterAll(async () => {
    delete process.env.LLM_BASE_URL;
    delete process.env.LLM_MODEL;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("sends the reply as Server-Sent Events, then the final answer", async () => {
    interpreter.resolveEntity.mockResolvedValue({ kind: "country", id: "chl", name: "Chile" });
    interpreter.answerContext.mockImplementation(async (context) => ({ ...answerFor({ question: "q", locale: "en", context }), status: "answered", figures: [] }));
    const response = await post({ ...ask, stream: true });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const text = await response.text();
    const events = text
      .trim()
      .split("\n\n")
      .map((block) => ({ event: /^event: (.*)$/m.exec(block)?.[1], data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) }));
    expect(events.at(-1)!.event).toBe("answer");
    expect(events.at(-1)!.data).toMatchObject({ engine: "llm", text: "Chile has no numbers here at all, sorry." });
    const streamed = events.filter((e) => e.event === "delta").map((e) => e.data.text).join("");
    expect(streamed).toBe("Chile has no numbers here at all, sorry.");
  });
});
