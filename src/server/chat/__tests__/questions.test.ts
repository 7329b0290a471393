/**
 * The interpreter's question table (issue 21): questions in English, Spanish and Chinese with the
 * expected reading (intent, places, product, flow, years) and the figures of the answer, computed
 * here from the warehouse with plain queries (never typed in). Includes typos, aliases, follow-ups
 * (each "follow" row continues the row before it) and questions it must not answer with a number.
 * Runs on the package warehouse (data/warehouse.duckdb); skipped when it is absent.
 */
import { isResidualProduct } from "@/domain/profiles/residualProduct";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatAnswer, ChatContext, ChatFigure } from "@/domain/chat/types";
import { formatDecimal, formatGrowth, formatNumber, formatPercent, formatUsd } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import { findOrganization } from "@/domain/organizations";
import { latestRanking, rankedYears, tradeYears } from "@/server/catalog/catalog";
import { getComplexitySet } from "@/server/warehouse/registry";
import { closeWarehouse } from "@/server/warehouse/db";
import { getMembers, queryCube, type Cut, type DataQuery } from "@/server/warehouse/client";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");
const present = fs.existsSync(WAREHOUSE);

type Flow = "export" | "import" | "balance";
interface Expect {
  status?: ChatAnswer["status"];
  intent?: ChatContext["intent"];
  places?: string[];
  product?: string | null;
  flow?: Flow;
  year?: number | null;
  range?: { from: number; to?: number } | null;
  index?: "eci" | "pci" | "trade";
  /** Unmatched: a suggestion must name this. */
  suggests?: string;
}
interface Row {
  q: string;
  locale: Locale;
  follow?: boolean;
  expect: Expect;
}

const en = (q: string, expect: Expect, follow = false): Row => ({ q, locale: "en", expect, follow });
const es = (q: string, expect: Expect, follow = false): Row => ({ q, locale: "es", expect, follow });
const zh = (q: string, expect: Expect, follow = false): Row => ({ q, locale: "zh", expect, follow });
const UNMATCHED: Expect = { status: "unmatched" };

const ROWS: Row[] = [
  // English
  en("What does Chile export?", { intent: "topProducts", places: ["country:chl"], flow: "export", year: null }),
  en("and imports?", { intent: "topProducts", places: ["country:chl"], flow: "import", year: null }, true),
  en("what about 2010?", { intent: "topProducts", places: ["country:chl"], flow: "import", year: 2010 }, true),
  en("Who does Chile export to?", { intent: "topPartners", places: ["country:chl"], flow: "export" }),
  en("Who does chlie export to?", { intent: "topPartners", places: ["country:chl"], flow: "export" }),
  en("How much did Chile export in 2018?", { intent: "value", places: ["country:chl"], flow: "export", year: 2018 }),
  en("Ivory Coast exports", { intent: "topProducts", places: ["country:civ"], flow: "export" }),
  en("cote d'ivoire exports in 2010", { intent: "topProducts", places: ["country:civ"], year: 2010 }),
  en("What does holland import?", { intent: "topProducts", places: ["country:nld"], flow: "import" }),
  en("What does Turkey export?", { intent: "topProducts", places: ["country:tur"] }),
  en("Czech Republic exports in 2015", { intent: "topProducts", places: ["country:cze"], year: 2015 }),
  en("What does Brazl export?", { intent: "topProducts", places: ["country:bra"] }),
  en("Germnay exports", { intent: "topProducts", places: ["country:deu"] }),
  en("Who exports copper ore?", { intent: "whoExports", product: "hs4:2603", places: [] }),
  en("Who exports copper?", { intent: "whoExports", product: "hs2:74" }),
  en("Compare Chile and Peru", { intent: "compare", places: ["country:chl", "country:per"] }),
  en("How have Chile's exports grown since 2000?", { intent: "growth", places: ["country:chl"], range: { from: 2000 } }),
  en("Between 1995 and 2010, how did Brazil's exports change?", { intent: "growth", places: ["country:bra"], range: { from: 1995, to: 2010 } }),
  en("Chile's mineral products exports between 2000 and 2018", { intent: "growth", places: ["country:chl"], product: "section:5", range: { from: 2000, to: 2018 } }),
  en("What is Chile's trade balance?", { intent: "value", places: ["country:chl"], flow: "balance" }),
  en("Which economies are the most complex?", { intent: "ranking", index: "eci", places: [] }),
  en("What is Japan's ECI ranking?", { intent: "ranking", index: "eci", places: ["country:jpn"] }),
  en("Which products are the most complex?", { intent: "ranking", index: "pci" }),
  en("What can Chile export next?", { intent: "opportunities", places: ["country:chl"] }),
  en("Who are the largest exporters?", { intent: "ranking", index: "trade", flow: "export" }),
  en("Who are the largest importers in 2015?", { intent: "ranking", index: "trade", flow: "import", year: 2015 }),
  en("How much gold does Switzerland export?", { intent: "value", places: ["country:che"], product: "hs4:7108" }),
  en("What does the UK import?", { intent: "topProducts", places: ["country:gbr"], flow: "import" }),
  en("What does the EU export?", { intent: "topProducts", places: ["organization:eu"] }),
  en("What does Africa export?", { intent: "topProducts", places: ["continent:af"] }),
  en("Mercosur exports to China", { intent: "value", places: ["organization:mercosur", "country:chn"] }),
  en("How much does Germany export to France?", { intent: "value", places: ["country:deu", "country:fra"] }),
  en("and imports?", { intent: "value", places: ["country:deu", "country:fra"], flow: "import" }, true),
  en("what about 2005?", { intent: "value", places: ["country:deu", "country:fra"], flow: "import", year: 2005 }, true),
  en("What did the USA export in 2017?", { intent: "topProducts", places: ["country:usa"], year: 2017 }),
  en("what about Germany?", { intent: "topProducts", places: ["country:deu"], year: 2017 }, true),
  en("What is the capital of France?", { ...UNMATCHED, suggests: "France" }),
  en("Tell me a joke", UNMATCHED),
  en("Chile", { ...UNMATCHED, suggests: "Chile" }),
  en("exports?", { intent: "topProducts", places: ["country:chl"] }, true),
  en("What can Africa export next?", UNMATCHED),
  en("Compare Chile", UNMATCHED),
  en("How much did Atlantis export?", UNMATCHED),
  // Spanish
  es("¿Qué exporta Chile?", { intent: "topProducts", places: ["country:chl"], flow: "export" }),
  es("¿A dónde exporta Chile?", { intent: "topPartners", places: ["country:chl"] }),
  es("¿y en 2000?", { intent: "topPartners", places: ["country:chl"], year: 2000 }, true),
  es("y Perú?", { intent: "topPartners", places: ["country:per"], year: 2000 }, true),
  es("¿Quién exporta cobre?", { intent: "whoExports", product: "hs2:74" }),
  es("¿Cuánto exportó Costa de Marfil en 2015?", { intent: "value", places: ["country:civ"], year: 2015 }),
  es("Compara Chile y Argentina", { intent: "compare", places: ["country:chl", "country:arg"] }),
  es("¿Cómo han crecido las exportaciones de México desde 2000?", { intent: "growth", places: ["country:mex"], range: { from: 2000 } }),
  es("¿Cuál es la balanza comercial de Estados Unidos?", { intent: "value", places: ["country:usa"], flow: "balance" }),
  es("¿Cuáles son las economías más complejas?", { intent: "ranking", index: "eci" }),
  es("¿Qué podría exportar Perú a continuación?", { intent: "opportunities", places: ["country:per"] }),
  es("¿Cuáles son los mayores exportadores?", { intent: "ranking", index: "trade" }),
  es("¿Cuánto exporta Chile a China?", { intent: "value", places: ["country:chl", "country:chn"] }),
  es("¿Qué importa Holanda?", { intent: "topProducts", places: ["country:nld"], flow: "import" }),
  es("Exportaciones de Turquía entre 2000 y 2015", { intent: "growth", places: ["country:tur"], range: { from: 2000, to: 2015 } }),
  es("¿Cuánto petróleo exporta Arabia Saudita?", { intent: "value", places: ["country:sau"], product: "hs4:2709" }),
  es("¿Qué es la inflación?", UNMATCHED),
  // Chinese
  zh("智利出口什么？", { intent: "topProducts", places: ["country:chl"], flow: "export" }),
  zh("那进口呢？", { intent: "topProducts", places: ["country:chl"], flow: "import" }, true),
  zh("2010年呢？", { intent: "topProducts", places: ["country:chl"], flow: "import", year: 2010 }, true),
  zh("秘鲁呢？", { intent: "topProducts", places: ["country:per"], flow: "import", year: 2010 }, true),
  zh("谁出口铜？", { intent: "whoExports", product: "hs2:74" }),
  zh("中国对美国出口多少？", { intent: "value", places: ["country:chn", "country:usa"] }),
  zh("比较中国和日本的出口", { intent: "compare", places: ["country:chn", "country:jpn"] }),
  zh("巴西2000年以来出口增长了多少？", { intent: "growth", places: ["country:bra"], range: { from: 2000 } }),
  zh("哪些经济体最复杂？", { intent: "ranking", index: "eci" }),
  zh("智利下一步可以出口什么？", { intent: "opportunities", places: ["country:chl"] }),
  zh("美国的贸易差额是多少？", { intent: "value", places: ["country:usa"], flow: "balance" }),
  zh("德国的经济复杂度排名", { intent: "ranking", index: "eci", places: ["country:deu"] }),
  zh("1995年到2010年韩国出口变化", { intent: "growth", places: ["country:kor"], range: { from: 1995, to: 2010 } }),
  zh("欧盟出口什么", { intent: "topProducts", places: ["organization:eu"] }),
  zh("象牙海岸出口", { intent: "topProducts", places: ["country:civ"] }),
  zh("荷兰进口多少铜矿砂", { intent: "value", places: ["country:nld"], product: "hs4:2603", flow: "import" }),
  zh("今天天气怎么样？", UNMATCHED),
];

// ---------------------------------------------------------------------------------------------
// Expected figures, computed here from the warehouse with plain queries

const key = (e: { kind: string; id: string }) => `${e.kind}:${e.id}`;
let aggregates = new Set<string>();

function ownCut(level: "Exporter" | "Importer" | "", e: { kind: string; id: string }): Cut | null {
  const prefix = level ? `${level} ` : "";
  if (e.kind === "world") return null;
  if (e.kind === "continent") return { level: `${prefix}Continent`, ids: [e.id] };
  if (e.kind === "organization") return { level: `${prefix}Country`, ids: findOrganization(e.id)!.members };
  return { level: `${prefix}Country`, ids: [e.id] };
}

const LEVEL: Record<string, string> = { section: "Section", hs2: "HS2", hs4: "HS4", hs6: "HS6" };

/** The dataset the catalogue names for a question in a year. */
async function datasetFor(depth: "section" | "hs2" | "hs4", flow: "export" | "import", year: number, bilateral = false) {
  const source = (await tradeYears({ depth, flow, ...(bilateral ? { bilateral: true } : {}) })).find((y) => y.year === year);
  expect(source, `a ${depth} dataset for ${flow} ${year}`).toBeDefined();
  return source!;
}

/** A trade query in the dataset's shape: the reporter (and partner, product) cut. */
function shaped(source: { cube: string; bilateral: boolean; depth: string }, flow: "export" | "import", year: number, ctx: Pick<ChatContext, "places" | "product">, drill?: "reporter" | "partner" | "product"): DataQuery {
  const [place, partner] = ctx.places;
  const cuts: Cut[] = [];
  const side = flow === "export" ? "Exporter" : "Importer";
  const other = flow === "export" ? "Importer" : "Exporter";
  if (!source.bilateral) cuts.push({ level: "Trade Flow", ids: [flow === "export" ? 2 : 1] });
  const own = place ? ownCut(source.bilateral ? side : "", place) : null;
  if (own) cuts.push(own);
  if (partner) cuts.push(ownCut(other, partner)!);
  if (ctx.product) cuts.push({ level: LEVEL[ctx.product.kind], ids: [ctx.product.id] });
  const drilldowns =
    drill === "reporter" ? [source.bilateral ? `${side} Country` : "Country"] : drill === "partner" ? [`${other} Country`] : drill === "product" ? [source.depth === "section" ? "Section" : "HS4"] : [];
  return {
    cube: source.cube,
    measures: ["Trade Value"],
    drilldowns,
    cuts,
    time: { kind: "list", years: [year] },
    ...(drill === "partner" && place?.kind === "country" ? { exclude: [{ level: `${other} Country`, ids: [place.id] }] } : {}),
  };
}

async function rows(query: DataQuery) {
  return (await queryCube(query, "en", { cache: false })).data;
}
const tv = (r: Record<string, unknown>) => Number(r["Trade Value"] ?? 0);
const total = async (q: DataQuery) => (await rows(q)).reduce((s, r) => s + tv(r), 0);

/** The answer's year: the one named in its source. */
const yearOf = (a: ChatAnswer) => Number(a.source!.years.slice(0, 4));

async function expectedFigures(a: ChatAnswer): Promise<number[]> {
  const ctx = a.context!;
  const flow = ctx.flow === "import" ? "import" : "export";
  const year = yearOf(a);
  switch (ctx.intent) {
    case "topProducts": {
      const bilateral = ctx.places.length > 1;
      const hs4 = (await tradeYears({ depth: "hs4", flow, ...(bilateral ? { bilateral: true } : {}) })).find((y) => y.year === year);
      const source = hs4 ?? (await datasetFor("section", flow, year, bilateral));
      if (ctx.year === null) {
        // Newest year the catalogue has for the question.
        expect(year).toBe((await tradeYears({ depth: "hs4", flow })).at(-1)!.year);
      }
      const level = source.depth === "section" ? "Section" : "HS4";
      const byProduct = (await rows(shaped(source, flow, year, ctx, "product"))).filter((r) => tv(r) > 0);
      const sum = byProduct.reduce((s, r) => s + tv(r), 0);
      // The top is the largest real product; unclassified trade (HS 9999, section 99), when larger,
      // is quoted after it as left out (issue 39).
      const residual = (r: Record<string, unknown>) => isResidualProduct(level, String(r[`${level} ID`]));
      const top = Math.max(...byProduct.filter((r) => !residual(r)).map(tv));
      const unclassified = Math.max(0, ...byProduct.filter(residual).map(tv));
      return unclassified > top ? [sum, top, top / sum, unclassified] : [sum, top, top / sum];
    }
    case "topPartners": {
      const source = await datasetFor(ctx.product ? (ctx.product.kind as "section") : "section", flow, year, true);
      const side = flow === "export" ? "Importer" : "Exporter";
      const list = (await rows(shaped(source, flow, year, ctx, "partner"))).filter((r) => tv(r) > 0 && !aggregates.has(String(r[`${side} Country ID`]))).map(tv);
      const sum = list.reduce((s, v) => s + v, 0);
      const top = Math.max(...list);
      return [sum, list.length, top, top / sum];
    }
    case "whoExports":
    case "ranking": {
      if (ctx.index === "eci" || ctx.index === "pci") return complexityFigures(a);
      const depth = ctx.product ? (ctx.product.kind as "hs4") : "section";
      const source = await datasetFor(depth, flow, year);
      const side = flow === "export" ? "Exporter" : "Importer";
      const list = (await rows(shaped(source, flow, year, { places: [], product: ctx.product }, "reporter")))
        .filter((r) => tv(r) > 0 && !aggregates.has(String(r[source.bilateral ? `${side} Country ID` : "Country ID"])))
        .map(tv);
      const sum = list.reduce((s, v) => s + v, 0);
      const top = Math.max(...list);
      return [top, top / sum];
    }
    case "value": {
      const depth = ctx.product ? (ctx.product.kind as "hs4") : "section";
      const bilateral = ctx.places.length > 1;
      if (ctx.flow === "balance") {
        const source = await datasetFor(depth, "import", year, bilateral);
        const e = await total(shaped(source, "export", year, ctx));
        const i = await total(shaped(source, "import", year, ctx));
        return [e, i, Math.abs(e - i)];
      }
      const source = await datasetFor(depth, flow, year, bilateral);
      return [await total(shaped(source, flow, year, ctx))];
    }
    case "growth": {
      const [from, to] = a.source!.years.split("–").map(Number);
      const depth = ctx.product ? (ctx.product.kind as "hs4") : "section";
      const bilateral = ctx.places.length > 1;
      const sFrom = await datasetFor(depth, flow, from, bilateral);
      const sTo = await datasetFor(depth, flow, to, bilateral);
      expect(sFrom.dataset).toBe(sTo.dataset);
      // Issue 34: one dataset is not enough, the two years must be of one release too (OTS HS4
      // holds 2017 from an older release and 2018 from a newer one).
      expect(sFrom.vintage).toBe(sTo.vintage);
      const va = await total(shaped(sFrom, flow, from, ctx));
      const vb = await total(shaped(sTo, flow, to, ctx));
      return [va, vb, vb / va - 1, Math.pow(vb / va, 1 / (to - from)) - 1];
    }
    case "compare": {
      const source = await datasetFor(ctx.product ? (ctx.product.kind as "hs4") : "section", flow, year);
      return Promise.all(ctx.places.slice(0, 2).map((p) => total(shaped(source, flow, year, { places: [p], product: ctx.product }))));
    }
    case "opportunities":
      return complexityFigures(a);
    default:
      return [];
  }
}

async function complexityFigures(a: ChatAnswer): Promise<number[]> {
  const ctx = a.context!;
  const latest = (await latestRanking())!;
  const setKey = latest.dataset.replace(/^complexity_/, "");
  const set = getComplexitySet(setKey)!;
  const years = (await rankedYears(setKey)).filter((e) => !e.partial).map((e) => e.year);
  const year = yearOf(a);
  if (ctx.year === null) expect(year).toBe(years.at(-1));
  if (ctx.intent === "opportunities") {
    const list = await rows({ cube: set.cubes.rca, drilldowns: [set.productLevel], measures: ["Opportunity Gain", "RCA"], cuts: [{ level: "Country", ids: [ctx.places[0].id] }], time: { kind: "list", years: [year] } });
    return [Math.max(...list.filter((r) => Number(r.RCA) < 1).map((r) => Number(r["Opportunity Gain"])))];
  }
  if (ctx.index === "pci") {
    const list = await rows({ cube: set.cubes.pci, drilldowns: [set.productLevel], measures: ["PCI"], time: { kind: "list", years: [year] } });
    return [Math.max(...list.map((r) => Number(r.PCI)))];
  }
  const list = await rows({ cube: set.cubes.eci, drilldowns: ["Country"], measures: ["ECI", "ECI Rank"], time: { kind: "list", years: [year] } });
  const place = ctx.places[0];
  if (place) {
    const own = list.find((r) => r["Country ID"] === place.id)!;
    return [Number(own["ECI Rank"]), list.filter((r) => r.ECI !== null).length, Number(own.ECI)];
  }
  return [Math.max(...list.map((r) => Number(r.ECI)))];
}

// ---------------------------------------------------------------------------------------------

function formatted(f: ChatFigure, locale: Locale): string {
  switch (f.unit) {
    case "USD":
    case "AUD":
      return formatUsd(f.value, locale, { compact: true });
    case "share":
      return formatPercent(f.value, locale);
    case "growth":
      return formatGrowth(f.value, locale);
    case "index":
      return formatDecimal(f.value, locale, 2);
    default:
      return formatNumber(f.value, locale);
  }
}

/** Every figure is quoted, and nothing but figures, years and names carries a digit. */
function checkNumbers(a: ChatAnswer, locale: Locale) {
  let rest = a.text;
  for (const f of a.figures) {
    const text = formatted(f, locale);
    // The figure as a whole number in the text ("1" is not the 1 in "2019").
    const alone = new RegExp(`(?<![\\d.,])${text.replace(/[.*+?^${}()|[\]\\$]/g, "\\$&")}(?![\\d])`);
    expect(rest, `${f.label} quoted as ${text}`).toMatch(alone);
    rest = rest.replace(alone, " ");
  }
  const names = [...(a.context?.places ?? []), ...(a.context?.product ? [a.context.product] : [])].map((e) => e.name);
  const chartNames = a.chart ? a.chart.spec.input.rows.map((r) => r.name) : [];
  for (const name of [...names, ...chartNames].sort((x, y) => y.length - x.length)) rest = rest.split(name).join(" ");
  rest = rest.replace(/(?<!\d)(19|20)\d\d(?!\d)/g, " ");
  expect(rest, `no number outside the figures in "${a.text}"`).not.toMatch(/\d/);
}

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-9 + 1e-9);

describe.skipIf(!present)("the interpreter's question table", () => {
  let answerQuestion: typeof import("../interpreter").answerQuestion;
  const answers: ChatAnswer[] = [];

  beforeAll(async () => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
    ({ answerQuestion } = await import("../interpreter"));
    // The search index is built once per process (at start-up on the server); answers' timings are measured by bench/chat.ts.
    await (await import("@/server/search/build")).profileIndex();
    aggregates = new Set((await getMembers("country")).filter((m) => m.attributes.is_aggregate === true).map((m) => String(m.id)));
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it("has at least 60 questions in the three languages, with follow-ups and unanswerable ones", () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(60);
    for (const locale of ["en", "es", "zh"]) expect(ROWS.filter((r) => r.locale === locale).length).toBeGreaterThanOrEqual(15);
    expect(ROWS.filter((r) => r.follow).length).toBeGreaterThanOrEqual(10);
    expect(ROWS.filter((r) => r.expect.status === "unmatched").length).toBeGreaterThanOrEqual(6);
  });

  ROWS.forEach((row, i) => {
    it(`${i + 1}. [${row.locale}] ${row.q}`, async () => {
      const previous = row.follow ? answers[i - 1] : undefined;
      if (row.follow) expect(previous, "the row before answered").toBeDefined();
      const a = await answerQuestion({ question: row.q, locale: row.locale, context: previous?.context ?? null });
      answers[i] = a;
      const x = row.expect;
      expect(a.engine).toBe("interpreter");
      expect(a.status, a.text).toBe(x.status ?? "answered");
      if (a.status !== "answered") {
        // Honest: no number, suggestions instead.
        expect(a.figures).toEqual([]);
        expect(a.text).not.toMatch(/\d/);
        expect(a.suggestions.length).toBeGreaterThan(0);
        if (x.suggests) expect(a.suggestions.some((s) => s.includes(x.suggests!))).toBe(true);
        return;
      }
      const ctx = a.context!;
      if (x.intent !== undefined) expect(ctx.intent).toBe(x.intent);
      if (x.places) expect(ctx.places.map(key)).toEqual(x.places);
      if (x.product !== undefined) expect(ctx.product ? key(ctx.product) : null).toBe(x.product);
      if (x.flow) expect(ctx.flow).toBe(x.flow);
      if (x.year !== undefined) expect(ctx.year).toBe(x.year);
      if (x.index) expect(ctx.index).toBe(x.index);
      if (x.range) {
        expect(ctx.range?.from).toBe(x.range.from);
        if (x.range.to) expect(ctx.range?.to).toBe(x.range.to);
      }
      if (x.year) expect(a.source!.years).toBe(String(x.year));

      // The figures, recomputed from the warehouse.
      const expected = await expectedFigures(a);
      expect(a.figures.length).toBeGreaterThanOrEqual(expected.length);
      const values = a.figures.map((f) => f.value);
      // In the order the sentence quotes them.
      expected.forEach((v, k) => close(values[k], v));
      checkNumbers(a, row.locale);

      // Shows its work: chart, builder view, query, source, links.
      expect(a.chart).not.toBeNull();
      expect(a.chart!.builderPath).toMatch(/^\/visualize\//);
      expect(a.chart!.spec.input.rows.length).toBeGreaterThan(0);
      expect(a.apiUrl).toMatch(/^\/api\/data\?cube=/);
      expect(a.source!.name.length).toBeGreaterThan(0);
      for (const link of a.links) expect(link.href).toMatch(/^\/[a-z_-]+\//);
      if (ctx.places[0]) expect(a.links.map((l) => l.label)).toContain(ctx.places[0].name);
    });
  });
});
