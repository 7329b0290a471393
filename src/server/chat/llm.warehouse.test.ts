/**
 * The language-model path with the real interpreter on the package warehouse, in each language:
 * a stub model (node:http on 127.0.0.1) picks the query and words a reply from the figures the
 * tool sent it, as our formatter wrote them — accepted — or with one of them changed — rejected,
 * and the interpreter's sentence for the same query is used.
 */
import fs from "node:fs";
import path from "node:path";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";

process.env.WAREHOUSE_PATH = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");
/** Runs on the package warehouse; skipped when it is absent (npm test imports it before the unit tests). */
const present = fs.existsSync(process.env.WAREHOUSE_PATH);

const { answerWithLlm } = await import("./llm");
const { answerQuestion } = await import("./interpreter");

interface ToolPayload {
  status: string;
  figures: { value: number; unit: string; formatted: string }[];
}

/** What the stub model says, given the figures it was sent. */
let word: (payload: ToolPayload) => string = () => "";
let server: Server;
let baseUrl = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const body = JSON.parse(raw) as { messages: { role: string; content: string }[] };
      const tool = body.messages.find((m) => m.role === "tool");
      const message = tool
        ? { role: "assistant", content: word(JSON.parse(tool.content) as ToolPayload) }
        : { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "query_trade", arguments: JSON.stringify({ intent: "topProducts", places: ["Chile"], flow: "export" }) } }] };
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ choices: [{ message, finish_reason: tool ? "stop" : "tool_calls" }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const config = () => ({ baseUrl, apiKey: null, model: "stub", timeoutMs: 60_000 });

describe.skipIf(!present).each(["en", "es", "zh"] as const)("the number check on warehouse figures (%s)", (locale) => {
  const question = { en: "What does Chile export?", es: "¿Qué exporta Chile?", zh: "智利出口什么？" }[locale];

  it("accepts a reply that quotes the tool's figures as formatted", async () => {
    let sent: ToolPayload | null = null;
    word = (payload) => {
      sent = payload;
      return payload.figures.map((f) => f.formatted.split(" (")[0]).join(" · ");
    };
    const answer = await answerWithLlm({ question, locale, context: null }, config());
    expect(sent!.status).toBe("answered");
    expect(sent!.figures.length).toBeGreaterThan(0);
    expect(answer.engine).toBe("llm");
    expect(answer.text).toBe(sent!.figures.map((f) => f.formatted.split(" (")[0]).join(" · "));
    expect(answer.chart).not.toBeNull();
    expect(answer.apiUrl).toMatch(/^\/api\/data\?/);
  }, 90_000);

  it("rejects a reply with a figure changed, and answers with the interpreter's sentence", async () => {
    word = (payload) => {
      const money = payload.figures.find((f) => f.unit === "USD")!;
      // Half as much again: far outside any rounding of the real figure.
      return `${money.formatted.split(" (")[0]} / ${String(Math.round((money.value * 1.5) / 1e6))} million`;
    };
    const answer = await answerWithLlm({ question, locale, context: null }, config());
    const interpreter = await answerQuestion({ question, locale, context: null });
    expect(answer.engine).toBe("interpreter");
    expect(answer.text).toBe(interpreter.text);
  }, 90_000);
});
