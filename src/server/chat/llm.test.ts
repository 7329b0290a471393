/**
 * The language-model path against a small chat-completions server written here (node:http on
 * 127.0.0.1, a random port): tool calls, plain and streamed replies, and each way it can fail.
 * The interpreter is a stand-in (its own tests use the warehouse): what matters here is that the
 * model's reply keeps only numbers the tool answered, and that every failure falls back.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatAnswer, ChatContext, ChatRequest } from "@/domain/chat/types";
import { formatUsd } from "@/domain/format";

const CHILE = { kind: "country" as const, id: "chl", name: "Chile" };
const VALUE = 74_833_123_456;

function toolAnswer(context: ChatContext): ChatAnswer {
  return {
    status: "answered",
    text: `Chile exported ${formatUsd(VALUE, "en", { compact: true })} in ${context.year}.`,
    figures: [{ label: "Exports", value: VALUE, unit: "USD" }],
    chart: null,
    source: { name: "Test source", years: String(context.year) },
    apiUrl: "/api/data?cube=x",
    links: [{ label: "Chile", href: "/profile/country/chl" }],
    suggestions: [],
    context,
    engine: "interpreter",
  };
}

const FALLBACK: ChatAnswer = { ...toolAnswer({ intent: null, places: [], product: null, flow: "export", year: 2000, range: null }), text: "interpreter fallback" };

const interpreter = vi.hoisted(() => ({
  resolveEntity: vi.fn(),
  answerContext: vi.fn(),
  answerQuestion: vi.fn(),
  starterQuestions: vi.fn(() => [] as string[]),
}));
vi.mock("./interpreter", () => interpreter);

const { answerWithLlm, completionsUrl } = await import("./llm");
const { parseSettings } = await import("@/server/settings");

// ---- the stub server ----------------------------------------------------------------------

type Reply = (req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) => void;
let server: Server;
let baseUrl: string;
let replies: Reply[] = [];
let received: { url: string; auth: string | undefined; body: Record<string, unknown> }[] = [];

function json(payload: unknown): Reply {
  return (_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(payload));
  };
}

function sse(chunks: unknown[]): Reply {
  return (_req, res) => {
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    for (const chunk of chunks) res.write(`data: ${typeof chunk === "string" ? chunk : JSON.stringify(chunk)}\r\n\r\n`);
    res.end("data: [DONE]\n\n");
  };
}

const toolCall = (args: Record<string, unknown>) =>
  json({ choices: [{ message: { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "query_trade", arguments: JSON.stringify(args) } }] }, finish_reason: "tool_calls" }] });
const say = (content: string) => json({ choices: [{ message: { role: "assistant", content }, finish_reason: "stop" }] });

/** A tool call streamed in pieces, as OpenAI does: the name first, the arguments in fragments. */
function streamedToolCall(args: Record<string, unknown>): Reply {
  const text = JSON.stringify(args);
  const pieces = [text.slice(0, 7), text.slice(7, 20), text.slice(20)];
  return sse([
    { choices: [{ delta: { role: "assistant", tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "query_trade", arguments: "" } }] } }] },
    ...pieces.map((p) => ({ choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: p } }] } }] })),
    { choices: [{ delta: {}, finish_reason: "tool_calls" }] },
  ]);
}

function streamedText(content: string): Reply {
  const words = content.match(/\S+\s*/g) ?? [];
  return sse([...words.map((w) => ({ choices: [{ delta: { content: w } }] })), { choices: [{ delta: {}, finish_reason: "stop" }] }]);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      received.push({ url: req.url ?? "", auth: req.headers.authorization, body });
      const reply = replies.shift();
      if (!reply) {
        res.writeHead(500).end("no scripted reply");
        return;
      }
      reply(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  replies = [];
  received = [];
  interpreter.resolveEntity.mockReset().mockImplementation(async (text: string) => (/^(chile|chl)$/i.test(text.trim()) ? CHILE : null));
  interpreter.answerContext.mockReset().mockImplementation(async (context: ChatContext) => toolAnswer(context));
  interpreter.answerQuestion.mockReset().mockImplementation(async () => FALLBACK);
});

const config = () => ({ baseUrl, apiKey: "test-key", model: "stub-model", timeoutMs: 2_000 });
const request: ChatRequest = { question: "How much did Chile export in 2018?", locale: "en", context: null };
const ARGS = { intent: "value", places: ["Chile"], flow: "export", year: 2018 };
const compact = formatUsd(VALUE, "en", { compact: true });

describe("configuration", () => {
  it("uses a model only when LLM_BASE_URL and LLM_MODEL are set, and refuses a malformed URL", () => {
    expect(parseSettings({}).llm).toBeNull();
    expect(parseSettings({ LLM_BASE_URL: "http://127.0.0.1:11434/v1" }).llm).toBeNull();
    expect(parseSettings({ LLM_BASE_URL: "http://127.0.0.1:11434/v1", LLM_MODEL: "m", LLM_API_KEY: " k " }).llm).toEqual({ baseUrl: "http://127.0.0.1:11434/v1", apiKey: "k", model: "m" });
    const bad = parseSettings({ LLM_BASE_URL: "ftp://x", LLM_MODEL: "m" });
    expect(bad.llm).toBeNull();
    expect(bad.problems.join()).toContain("LLM_BASE_URL");
  });
});

describe("completionsUrl", () => {
  it("adds the endpoint to an API root, with /v1 when it has none", () => {
    expect(completionsUrl("http://h:1/v1/")).toBe("http://h:1/v1/chat/completions");
    expect(completionsUrl("http://h:1")).toBe("http://h:1/v1/chat/completions");
    expect(completionsUrl("http://h:1/v1/chat/completions")).toBe("http://h:1/v1/chat/completions");
  });
});

describe("answerWithLlm", () => {
  it("lets the model pick the query and phrase the answer from its figures", async () => {
    replies = [toolCall(ARGS), say(`In 2018 Chile's exports came to ${compact}.`)];
    const answer = await answerWithLlm(request, config());
    expect(answer.engine).toBe("llm");
    expect(answer.text).toBe(`In 2018 Chile's exports came to ${compact}.`);
    expect(answer.figures).toEqual([{ label: "Exports", value: VALUE, unit: "USD" }]);
    expect(answer.context).toMatchObject({ intent: "value", places: [CHILE], year: 2018, flow: "export" });
    expect(answer.apiUrl).toBe("/api/data?cube=x");
    // The protocol: the endpoint, the key, the one tool, and the tool's result sent back.
    expect(received).toHaveLength(2);
    expect(received[0]!.url).toBe("/v1/chat/completions");
    expect(received[0]!.auth).toBe("Bearer test-key");
    expect((received[0]!.body.tools as { function: { name: string } }[]).map((t) => t.function.name)).toEqual(["query_trade"]);
    const toolMessage = (received[1]!.body.messages as { role: string; content: string }[]).find((m) => m.role === "tool")!;
    expect(JSON.parse(toolMessage.content).figures[0]).toMatchObject({ value: VALUE, unit: "USD" });
    expect(interpreter.answerQuestion).not.toHaveBeenCalled();
  });

  it("streams the reply, tool-call deltas put together, and ends with the same text", async () => {
    const reply = `Chile exported ${compact} in 2018, according to the data.`;
    replies = [streamedToolCall(ARGS), streamedText(reply)];
    const deltas: string[] = [];
    const answer = await answerWithLlm(request, config(), { onDelta: (d) => deltas.push(d), onReset: () => deltas.push("<reset>") });
    expect(answer.engine).toBe("llm");
    expect(answer.text).toBe(reply);
    expect(deltas.join("")).toBe(reply);
    expect(deltas.length).toBeGreaterThan(1);
    expect(received.every((r) => r.body.stream === true)).toBe(true);
    expect(interpreter.answerContext.mock.calls[0]![0]).toMatchObject({ intent: "value", year: 2018 });
  });

  it("rejects a reply with a number no tool gave, and uses the interpreter's text for the query", async () => {
    replies = [toolCall(ARGS), say(`Chile exported ${compact} in 2018, up 12% from 2017.`)];
    const answer = await answerWithLlm(request, config());
    expect(answer.engine).toBe("interpreter");
    expect(answer.text).toBe(toolAnswer({ ...answer.context!, year: 2018 }).text);
    expect(answer.text).not.toContain("12%");
  });

  it("never streams an invented number to the browser", async () => {
    replies = [streamedToolCall(ARGS), streamedText(`Chile exported ${compact} in 2018 and about $9.9 billion the year before that, which was a lot.`)];
    const deltas: string[] = [];
    const answer = await answerWithLlm(request, config(), { onDelta: (d) => deltas.push(d), onReset: () => deltas.push("<reset>") });
    expect(answer.engine).toBe("interpreter");
    expect(deltas.join("")).not.toContain("9.9");
    expect(deltas.at(-1)).toBe("<reset>");
  });

  it("falls back to the interpreter on a timeout", async () => {
    let gaveUp!: () => void;
    const abandoned = new Promise<void>((resolve) => (gaveUp = resolve));
    // Never answers; hears the client close the request when it gives up.
    replies = [(_req, res) => void res.on("close", () => gaveUp())];
    const answer = await answerWithLlm(request, { ...config(), timeoutMs: 300 });
    // The signal, not a clock: the client abandoned the request (its timeout, not the test's, ended it).
    await abandoned;
    expect(answer).toEqual(FALLBACK);
    expect(interpreter.answerQuestion).toHaveBeenCalledTimes(1);
  });

  it("falls back on a server error", async () => {
    replies = [(_q, res) => res.writeHead(500, { "Content-Type": "application/json" }).end('{"error":"boom"}')];
    expect(await answerWithLlm(request, config())).toEqual(FALLBACK);
  });

  it("falls back on malformed JSON, plain or streamed", async () => {
    replies = [(_q, res) => res.writeHead(200, { "Content-Type": "application/json" }).end("{not json")];
    expect(await answerWithLlm(request, config())).toEqual(FALLBACK);
    replies = [sse(["{broken"])];
    expect(await answerWithLlm(request, config(), { onDelta: () => undefined })).toEqual(FALLBACK);
    replies = [json({ choices: "nope" })];
    expect(await answerWithLlm(request, config())).toEqual(FALLBACK);
  });

  it("falls back when the model answers without a query, or only with places that do not exist", async () => {
    replies = [say(`Chile exported ${compact}.`)];
    expect(await answerWithLlm(request, config())).toEqual(FALLBACK);
    replies = [toolCall({ ...ARGS, places: ["Atlantis"] }), say("I could not find it.")];
    expect(await answerWithLlm(request, config())).toEqual(FALLBACK);
    const toolMessage = (received.at(-1)!.body.messages as { role: string; content: string }[]).find((m) => m.role === "tool")!;
    expect(JSON.parse(toolMessage.content)).toMatchObject({ status: "error" });
  });
});
