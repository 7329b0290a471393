/**
 * The data assistant's optional language model (docs/chat.md): any OpenAI-compatible
 * chat-completions server (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL). The model never answers from
 * its own knowledge: it picks one of our queries through function calling (one `query_trade`
 * tool whose parameters mirror ChatContext; names are resolved with the interpreter's
 * resolveEntity) and phrases the reply from what the query answered (answerContext).
 *
 * Every number of the reply is checked against the numbers the tools gave the model
 * (domain/chat/numberCheck): a reply with any other number is rejected and the interpreter's
 * text for the same query is used instead. A streamed reply is shown only up to a point past its
 * checked numbers, so an invented number never reaches the browser. Any failure (HTTP error,
 * malformed JSON, a timeout of 20 s, no query chosen) falls back to the built-in interpreter.
 * Plain fetch; the stream is read as Server-Sent Events, tool-call deltas included.
 */
import "server-only";
import { z } from "zod";
import { collectNumbers, readNumbers, safeCut, supported, unsupportedNumbers } from "@/domain/chat/numberCheck";
import type { ChatAnswer, ChatContext, ChatEntity, ChatFigure, ChatIntent, ChatRequest } from "@/domain/chat/types";
import { formatNumber, formatPercent, formatUsd } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import { settings } from "@/server/settings";
import { answerContext, answerQuestion, resolveEntity } from "./interpreter";

export interface LlmConfig {
  /** The API root, e.g. http://127.0.0.1:11434/v1 (…/chat/completions is added). */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Whole conversation with the model, tools included (default 20 s). */
  timeoutMs?: number;
}

export interface LlmHooks {
  /** Streaming: called with each checked piece of the reply as it arrives. */
  onDelta?: (text: string) => void;
  /** Streaming: what was sent so far is withdrawn (the final answer replaces it). */
  onReset?: () => void;
  /** The browser went away. */
  signal?: AbortSignal;
}

export const LLM_TIMEOUT_MS = 20_000;
/** Tool rounds before the model must have answered. */
const MAX_ROUNDS = 3;
const INTENTS: readonly ChatIntent[] = ["topProducts", "topPartners", "value", "growth", "compare", "ranking", "opportunities", "whoExports"];

/** The configured model, or null (the default install: the interpreter alone). */
export function llmConfig(): LlmConfig | null {
  return settings().llm;
}

/** …/v1 → …/v1/chat/completions; a bare host gets /v1 too; a full endpoint is kept. */
export function completionsUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  if (/\/chat\/completions$/.test(base)) return base;
  if (/\/v\d+[a-z]*$/.test(base)) return `${base}/chat/completions`;
  return `${base}/v1/chat/completions`;
}

export const QUERY_TOOL = {
  type: "function",
  function: {
    name: "query_trade",
    description:
      "Query the Open Trade Observatory's trade warehouse. Returns the answer's figures (with their formatted text), a short factual sentence, the source and years. Use it for every question; never answer trade figures from memory.",
    parameters: {
      type: "object",
      additionalProperties: false,
      properties: {
        intent: {
          type: "string",
          enum: INTENTS,
          description:
            "topProducts: what a place exports/imports by product; topPartners: where it exports to / imports from; value: how much (optionally of a product, to a partner, in a year); growth: change between two years; compare: two places side by side; ranking: ECI, PCI or trade rankings; opportunities: what a country could export next; whoExports: who exports/imports a product.",
        },
        places: {
          type: "array",
          items: { type: "string" },
          maxItems: 2,
          description: "Countries, continents or organisations by name or ISO code: the reporter first, then the partner or the compared one.",
        },
        product: { type: ["string", "null"], description: "A product or product group by name or HS code, if any." },
        flow: { type: "string", enum: ["export", "import", "balance"] },
        year: { type: ["integer", "null"], description: "One year; null for the newest the data has." },
        from: { type: ["integer", "null"], description: "First year of a range (growth, 'since 2000')." },
        to: { type: ["integer", "null"], description: "Last year of a range." },
        index: { type: ["string", "null"], enum: ["eci", "pci", "trade", null], description: "Rankings: which index." },
      },
      required: ["intent"],
    },
  },
} as const;

const toolArgs = z.object({
  intent: z.enum(INTENTS as [ChatIntent, ...ChatIntent[]]),
  places: z.array(z.string().trim().min(1).max(120)).max(2).nullish(),
  product: z.string().trim().max(120).nullish(),
  flow: z.enum(["export", "import", "balance"]).nullish(),
  year: z.number().int().min(1900).max(2100).nullish(),
  from: z.number().int().min(1900).max(2100).nullish(),
  to: z.number().int().min(1900).max(2100).nullish(),
  index: z.enum(["eci", "pci", "trade"]).nullish(),
});

const toolCallSchema = z.object({
  id: z.string(),
  type: z.literal("function").optional(),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullish(), tool_calls: z.array(toolCallSchema).nullish() }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
});

const chunkSchema = z.object({
  choices: z.array(
    z.object({
      delta: z
        .object({
          content: z.string().nullish(),
          tool_calls: z
            .array(
              z.object({
                index: z.number().int().min(0).max(16),
                id: z.string().nullish(),
                function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
              }),
            )
            .nullish(),
        })
        .nullish(),
      finish_reason: z.string().nullish(),
    }),
  ),
});

type ToolCall = z.infer<typeof toolCallSchema>;
type Message =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: ToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };

class Rejected extends Error {
  override name = "Rejected";
}

const LANGUAGE: Record<Locale, string> = { en: "English", es: "Spanish", zh: "Simplified Chinese" };

function systemPrompt(locale: Locale, context: ChatContext | null): string {
  return [
    "You are the data assistant of the Open Trade Observatory, a site about international trade.",
    "For every question call the query_trade tool (it may be called again if the first answer is unmatched), then reply in " +
      `${LANGUAGE[locale]} in one or two sentences.`,
    "Use only numbers that appear in the tool results, written exactly as in their `formatted` fields or their `text`. Never compute, estimate, round differently or add numbers (no shares, differences or counts of your own).",
    "If the tool answers unmatched or error, say plainly that the data cannot answer that; do not guess.",
    context ? `The previous answer's context, for follow-up questions ("and imports?", "what about 2010?"): ${JSON.stringify(context)}` : "",
  ]
    .filter(Boolean)
    .join("\n");
}

function formatted(figure: ChatFigure, locale: Locale): string {
  switch (figure.unit) {
    case "USD":
      return `${formatUsd(figure.value, locale, { compact: true })} (${formatUsd(figure.value, locale)})`;
    case "AUD":
      return formatNumber(figure.value, locale);
    case "share":
      return formatPercent(figure.value, locale);
    case "growth":
      return formatPercent(figure.value, locale, { signed: true });
    default:
      return formatNumber(figure.value, locale, { digits: figure.unit === "index" ? 2 : 0 });
  }
}

interface ToolOutcome {
  /** What the model is told (JSON). */
  content: string;
  answer: ChatAnswer | null;
  /** The numbers that content holds. */
  numbers: number[];
}

async function runTool(call: ToolCall, req: ChatRequest): Promise<ToolOutcome> {
  const fail = (message: string): ToolOutcome => ({ content: JSON.stringify({ status: "error", message }), answer: null, numbers: [] });
  if (call.function.name !== QUERY_TOOL.function.name) return fail(`Unknown tool ${call.function.name}; use query_trade.`);
  let raw: unknown;
  try {
    raw = JSON.parse(call.function.arguments || "{}");
  } catch {
    return fail("The arguments are not valid JSON.");
  }
  const args = toolArgs.safeParse(raw);
  if (!args.success) return fail(`Invalid arguments: ${args.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  const a = args.data;
  const places: ChatEntity[] = [];
  for (const name of a.places ?? []) {
    const entity = await resolveEntity(name, req.locale);
    if (!entity) return fail(`No place called "${name}" in the data.`);
    places.push(entity);
  }
  const product = a.product ? await resolveEntity(a.product, req.locale) : null;
  if (a.product && !product) return fail(`No product called "${a.product}" in the data.`);
  const context: ChatContext = {
    intent: a.intent,
    places,
    product,
    flow: a.flow ?? req.context?.flow ?? "export",
    year: a.year ?? null,
    range: a.from != null && a.to != null ? { from: Math.min(a.from, a.to), to: Math.max(a.from, a.to) } : null,
    index: a.index ?? null,
  };
  const answer: ChatAnswer = await answerContext(context, req.locale);
  const payload = {
    status: answer.status,
    text: answer.text,
    figures: answer.figures.map((f) => ({ label: f.label, value: f.value, unit: f.unit, formatted: formatted(f, req.locale) })),
    source: answer.source,
    year: answer.context?.year ?? null,
    range: answer.context?.range ?? null,
  };
  const numbers = collectNumbers([payload.figures.map((f) => f.value), payload.source?.years ?? "", payload.year, payload.range]);
  // The interpreter's sentence and the formatted figures hold only these numbers, read as written.
  for (const text of [answer.text, ...payload.figures.map((f) => f.formatted), payload.source?.years ?? ""]) {
    for (const n of readNumbers(text, req.locale)) numbers.push(...n.readings.map((r) => r.value));
  }
  return { content: JSON.stringify(payload), answer: answer.status === "answered" ? answer : null, numbers };
}

interface Round {
  content: string;
  toolCalls: ToolCall[];
}

async function post(url: string, config: LlmConfig, body: unknown, signal: AbortSignal): Promise<Response> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}) },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`the model server answered HTTP ${response.status}`);
  }
  return response;
}

/** One non-streamed completion. */
async function completeOnce(url: string, config: LlmConfig, messages: Message[], signal: AbortSignal): Promise<Round> {
  const response = await post(url, config, { model: config.model, messages, tools: [QUERY_TOOL], tool_choice: "auto", stream: false }, signal);
  const parsed = completionSchema.parse(JSON.parse(await response.text()));
  const message = parsed.choices[0]!.message;
  return { content: message.content ?? "", toolCalls: message.tool_calls ?? [] };
}

/** The data lines of a Server-Sent Events body, as they arrive. */
async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
      let end: number;
      while ((end = buffer.indexOf("\n\n")) !== -1) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = event
          .split("\n")
          .filter((line) => line.startsWith("data:"))
          .map((line) => line.slice(5).replace(/^ /, ""))
          .join("\n");
        if (data) yield data;
      }
    }
    const rest = buffer.trim();
    if (rest.startsWith("data:")) yield rest.slice(5).trim();
  } finally {
    // Done, or given up half-way (a rejected number, a timeout): the connection is let go.
    await reader.cancel().catch(() => undefined);
  }
}

/** One streamed completion: content deltas go to `onContent`, tool-call deltas are put together. */
async function completeStreamed(url: string, config: LlmConfig, messages: Message[], signal: AbortSignal, onContent: (delta: string) => void): Promise<Round> {
  const response = await post(url, config, { model: config.model, messages, tools: [QUERY_TOOL], tool_choice: "auto", stream: true }, signal);
  if (!response.body) throw new Error("the model server sent no body");
  let content = "";
  const calls: { id: string; name: string; arguments: string }[] = [];
  let finished = false;
  for await (const data of sseData(response.body)) {
    if (data === "[DONE]") {
      finished = true;
      break;
    }
    const chunk = chunkSchema.parse(JSON.parse(data));
    const choice = chunk.choices[0];
    if (!choice) continue;
    const delta = choice.delta;
    if (delta?.content) {
      content += delta.content;
      onContent(delta.content);
    }
    for (const part of delta?.tool_calls ?? []) {
      const call = (calls[part.index] ??= { id: "", name: "", arguments: "" });
      if (part.id) call.id = part.id;
      if (part.function?.name) call.name += part.function.name;
      if (part.function?.arguments) call.arguments += part.function.arguments;
    }
    if (choice.finish_reason) finished = true;
  }
  if (!finished) throw new Error("the model's stream ended early");
  const toolCalls = calls.filter(Boolean).map((c, i) => ({ id: c.id || `call_${i}`, type: "function" as const, function: { name: c.name, arguments: c.arguments } }));
  return { content, toolCalls };
}

function mergeFigures(answers: ChatAnswer[]): ChatFigure[] {
  const out: ChatFigure[] = [];
  for (const answer of answers) for (const f of answer.figures) if (!out.some((o) => o.label === f.label && o.value === f.value && o.unit === f.unit)) out.push(f);
  return out;
}

/**
 * Answers with the model, or with the interpreter when the model fails. Never throws for the
 * model's sake (the interpreter's own failures do propagate).
 */
export async function answerWithLlm(req: ChatRequest, config: LlmConfig, hooks: LlmHooks = {}): Promise<ChatAnswer> {
  let shown = 0;
  const answered: ChatAnswer[] = [];
  const reset = () => {
    if (shown > 0) hooks.onReset?.();
    shown = 0;
  };
  try {
    const timeout = AbortSignal.timeout(config.timeoutMs ?? LLM_TIMEOUT_MS);
    const signal = hooks.signal ? AbortSignal.any([timeout, hooks.signal]) : timeout;
    const url = completionsUrl(config.baseUrl);
    const messages: Message[] = [
      { role: "system", content: systemPrompt(req.locale, req.context) },
      { role: "user", content: req.question },
    ];
    const allowed: number[] = [];
    for (let round = 0; round < MAX_ROUNDS; round++) {
      let text = "";
      const onContent = (delta: string) => {
        text += delta;
        // Shown only after a query answered, only up to a point past numbers that were checked.
        if (!hooks.onDelta || answered.length === 0) return;
        const cut = safeCut(text, req.locale);
        const bad = readNumbers(text.slice(0, cut), req.locale).find((n) => !supported(n, allowed));
        if (bad) throw new Rejected(`the reply holds a number no tool gave: ${bad.text}`);
        if (cut > shown) {
          hooks.onDelta(text.slice(shown, cut));
          shown = cut;
        }
      };
      const result = hooks.onDelta ? await completeStreamed(url, config, messages, signal, onContent) : await completeOnce(url, config, messages, signal);
      if (result.toolCalls.length > 0) {
        reset();
        messages.push({ role: "assistant", content: result.content || null, tool_calls: result.toolCalls.map((c) => ({ ...c, type: "function" })) });
        for (const call of result.toolCalls.slice(0, 4)) {
          const outcome = await runTool(call, req);
          allowed.push(...outcome.numbers);
          if (outcome.answer) answered.push(outcome.answer);
          messages.push({ role: "tool", tool_call_id: call.id, content: outcome.content });
        }
        continue;
      }
      const reply = result.content.trim();
      const base = answered.at(-1);
      if (!base) throw new Error("the model answered without a query that found data");
      if (!reply) throw new Rejected("the model's reply is empty");
      const bad = unsupportedNumbers(reply, allowed, req.locale);
      if (bad.length) throw new Rejected(`the reply holds numbers no tool gave: ${bad.map((n) => n.text).join(", ")}`);
      if (hooks.onDelta && result.content.length > shown) hooks.onDelta(result.content.slice(shown));
      return { ...base, text: reply, figures: mergeFigures(answered), engine: "llm" };
    }
    throw new Error(`no reply after ${MAX_ROUNDS} tool rounds`);
  } catch (error) {
    reset();
    const reason = error instanceof Error ? `${error.name === "Error" ? "" : `${error.name}: `}${error.message}` : String(error);
    console.warn(`[chat] language model not used (${reason}); the interpreter answers`);
    // A rejected phrasing of an answered query: the interpreter's text for that same query.
    const base = answered.at(-1);
    if (error instanceof Rejected && base) return { ...base, engine: "interpreter" };
    return answerQuestion(req);
  }
}
