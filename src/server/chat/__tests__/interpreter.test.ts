/**
 * The interpreter's other doors on the package warehouse: starter questions built from the data
 * (each one answerable), suggestions that are themselves answerable, the fully specified context
 * the language model calls, entity look-up, and hostile input.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatContext } from "@/domain/chat/types";
import type { Locale } from "@/domain/i18n/locales";
import { tradeYears } from "@/server/catalog/catalog";
import { closeWarehouse } from "@/server/warehouse/db";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");
type Interpreter = typeof import("../interpreter");

describe.skipIf(!fs.existsSync(WAREHOUSE))("the interpreter", () => {
  let chat: Interpreter;
  beforeAll(async () => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
    chat = await import("../interpreter");
    await (await import("@/server/search/build")).profileIndex();
    await chat.primeStarters();
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it.each(["en", "es", "zh"] as Locale[])("offers starter questions from the data that it can answer (%s)", async (locale) => {
    const starters = chat.starterQuestions(locale);
    expect(starters.length).toBeGreaterThanOrEqual(5);
    // The newest year the catalogue has is in one of them.
    const newest = (await tradeYears({ depth: "section", flow: "export" })).at(-1)!.year;
    expect(starters.some((s) => s.includes(String(newest)))).toBe(true);
    for (const question of starters) {
      const answer = await chat.answerQuestion({ question, locale, context: null });
      expect(answer.status, `${question}: ${answer.text}`).toBe("answered");
    }
  });

  it.each([
    ["Chile", "en"],
    ["copper", "en"],
    ["Perú", "es"],
    ["智利", "zh"],
    ["Africa", "en"],
  ] as Array<[string, Locale]>)("suggests answerable questions about what it recognised in %s", async (question, locale) => {
    const answer = await chat.answerQuestion({ question, locale, context: null });
    expect(answer.status).toBe("unmatched");
    expect(answer.figures).toEqual([]);
    expect(answer.suggestions.length).toBeGreaterThan(1);
    for (const suggestion of answer.suggestions) {
      const next = await chat.answerQuestion({ question: suggestion, locale, context: null });
      expect(next.status, `${suggestion}: ${next.text}`).toBe("answered");
    }
  });

  it("runs a fully specified context (the language model's tool) exactly like the question", async () => {
    const asked = await chat.answerQuestion({ question: "How have Chile's exports grown between 2000 and 2010?", locale: "en", context: null });
    expect(asked.status).toBe("answered");
    const context: ChatContext = { intent: "growth", places: [{ kind: "country", id: "chl", name: "Chile" }], product: null, flow: "export", year: null, range: { from: 2000, to: 2010 } };
    const direct = await chat.answerContext(context, "en");
    expect(direct.status).toBe("answered");
    expect(direct.figures).toEqual(asked.figures);
    expect(direct.apiUrl).toBe(asked.apiUrl);
    // An incomplete context is not guessed at.
    const partial = await chat.answerContext({ ...context, intent: "compare" }, "en");
    expect(partial.status).toBe("unmatched");
    expect(partial.figures).toEqual([]);
  });

  it("resolves entities by name, alias, code and typo in any language", async () => {
    expect(await chat.resolveEntity("chlie", "en")).toMatchObject({ kind: "country", id: "chl" });
    expect(await chat.resolveEntity("Holland", "es")).toMatchObject({ kind: "country", id: "nld", name: "Países Bajos" });
    expect(await chat.resolveEntity("象牙海岸", "zh")).toMatchObject({ id: "civ" });
    expect(await chat.resolveEntity("Côte d'Ivoire", "en")).toMatchObject({ id: "civ", name: "Ivory Coast" });
    expect(await chat.resolveEntity("2603", "en")).toMatchObject({ kind: "hs4", id: "2603" });
    expect(await chat.resolveEntity("Mercosur", "en")).toMatchObject({ kind: "organization", id: "mercosur" });
    expect(await chat.resolveEntity("qwertyuiop", "en")).toBeNull();
    expect(await chat.resolveEntity("", "en")).toBeNull();
  });

  it("never crashes on hostile input and never invents a number", async () => {
    const odd = [
      "",
      "   ",
      "x".repeat(10_000),
      "<script>alert(1)</script>",
      "'; DROP TABLE fact_ots_hs4; --",
      "1234567890",
      "????",
      "\u0000\u0001",
    ];
    for (const question of odd) {
      const answer = await chat.answerQuestion({ question, locale: "en", context: null });
      expect(answer.status).toBe("unmatched");
      expect(answer.figures).toEqual([]);
      expect(answer.suggestions.length).toBeGreaterThan(0);
    }
    // A context that is not one (from a tampered client) is ignored, not trusted.
    const garbage = { intent: "drop", places: [{ kind: "country", id: 42 }], product: "x", flow: "sideways", year: "2018", range: { from: "a" } } as unknown as ChatContext;
    const answer = await chat.answerQuestion({ question: "and imports?", locale: "en", context: garbage });
    expect(answer.figures).toEqual([]);
    const direct = await chat.answerContext(garbage, "en");
    expect(direct.status).toBe("unmatched");
  });
});
