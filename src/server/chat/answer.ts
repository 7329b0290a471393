/**
 * Runs a settled chat question against the warehouse and phrases the answer: one or two sentences
 * whose every number is listed in `figures`, a chart (the builder's own input types), the same view
 * in the visualisation builder, the /api/data query behind it, the source and years, and links to
 * the profiles. One or two warehouse queries per answer; datasets and years from the catalogue.
 */
import "server-only";
import type { ChartGroup, ChartRow } from "@/domain/charts/types";
import { colorOrGrey, SERIES_COLORS } from "@/domain/charts/presentation";
import type { CatalogEntry, GoodsQuestion, YearSource } from "@/domain/catalog/catalog";
import { goodsYears, nearestYear, seriesKey } from "@/domain/catalog/catalog";
import { changeOf, figure, provenanceOf } from "@/domain/catalog/figure";
import { isProduct } from "@/domain/chat/parse";
import type { PlanContext } from "@/domain/chat/plan";
import type { ChatAnswer, ChatChart, ChatContext, ChatEntity, ChatFigure, ChatLink } from "@/domain/chat/types";
import { formatDecimal, formatGrowth, formatNumber, formatPercent, formatUsd } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import { buildProfilePath, type ProductKind } from "@/domain/profiles/path";
import { firstRealRow } from "@/domain/profiles/residualProduct";
import { vizCoverage, type YearCoverage } from "@/domain/visualize/coverage";
import { ALL, isClassification, SHOW, type GeoSlot, type ProductSlot, type TimeSelection, type VizState } from "@/domain/visualize/state";
import { buildVizPath } from "@/domain/visualize/urlCodec";
import { dataCatalog, latestRanking, rankedYears } from "@/server/catalog/catalog";
import { vizMembers, type VizMembers } from "@/server/visualize/members";
import { dataApiUrl, queryCube, type DataQuery, type DataRecord } from "@/server/warehouse/client";
import { getComplexitySet } from "@/server/warehouse/registry";
import { BY_VALUE, choose, datasetYears, depthOf, placeQuery, tradeFlow } from "./sources";

export type Translate = (key: string, values?: Record<string, string | number>) => string;

export interface AnswerEnv {
  locale: Locale;
  /** Translator of the "chat" namespace. */
  t: Translate;
  /** Source names by catalogue source key (messages data.sources). */
  sourceName: (key: string) => string;
}

/** Thrown for a question the data cannot answer (no dataset, no rows): an honest "unmatched". */
export class NoData extends Error {
  constructor(readonly reason: "noData" | "noRanking" | "notRanked") {
    super(reason);
  }
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v));
const value = (row: DataRecord | undefined, measure = "Trade Value") => num(row?.[measure]) ?? 0;
const sum = (rows: readonly DataRecord[], measure = "Trade Value") => rows.reduce((s, r) => s + value(r, measure), 0);

/** Collects the figures quoted in a sentence while formatting them. */
class Figures {
  readonly list: ChatFigure[] = [];
  constructor(private readonly locale: Locale) {}
  private add(label: string, v: number, unit: ChatFigure["unit"], text: string) {
    this.list.push({ label, value: v, unit });
    return text;
  }
  usd = (label: string, v: number) => this.add(label, v, "USD", formatUsd(v, this.locale, { compact: true }));
  share = (label: string, v: number) => this.add(label, v, "share", formatPercent(v, this.locale));
  growth = (label: string, v: number) => this.add(label, v, "growth", formatGrowth(v, this.locale));
  index = (label: string, v: number) => this.add(label, v, "index", formatDecimal(v, this.locale, 2));
  rank = (label: string, v: number) => this.add(label, v, "rank", formatNumber(v, this.locale));
  count = (label: string, v: number) => this.add(label, v, "count", formatNumber(v, this.locale));
}

function list(names: string[], locale: Locale): string {
  return new Intl.ListFormat(locale, { style: "long", type: "conjunction" }).format(names);
}

// ---------------------------------------------------------------------------------------------
// Links, builder views

/** A profile's path on this site (ChatLink hrefs carry "/profile", without the locale). */
const profileHref = (target: Parameters<typeof buildProfilePath>[0]): string => `/profile${buildProfilePath(target)}`;

function profileLink(e: ChatEntity): ChatLink {
  if (e.kind === "world") return { label: e.name, href: profileHref({ report: "world", id: "wld" }) };
  if (e.kind === "organization") return { label: e.name, href: profileHref({ report: "international_organization", id: e.id }) };
  if (e.kind === "country" || e.kind === "continent") return { label: e.name, href: profileHref({ report: "country", kind: e.kind, id: e.id }) };
  return { label: e.name, href: profileHref({ report: "hs", product: { kind: e.kind as ProductKind, id: e.id } }) };
}

function linksFor(ctx: Pick<ChatContext, "places" | "product">, t: Translate): ChatLink[] {
  const links = [...ctx.places, ...(ctx.product ? [ctx.product] : [])].map(profileLink);
  const [a, b] = ctx.places;
  if (a?.kind === "country" && b?.kind === "country") {
    links.push({ label: t("linkPair", { a: a.name, b: b.name }), href: profileHref({ report: "bilateral-country", reporter: a.id, partner: b.id }) });
  }
  if (a?.kind === "country" && ctx.product) {
    links.push({
      label: t("linkPair", { a: ctx.product.name, b: a.name }),
      href: profileHref({ report: "bilateral-product", product: { kind: ctx.product.kind as ProductKind, id: ctx.product.id }, reporter: a.id }),
    });
  }
  const seen = new Set<string>();
  return links.filter((l) => !seen.has(l.href) && seen.add(l.href));
}

const geo = (e: ChatEntity | undefined | null): GeoSlot => (e?.kind === "country" ? { kind: "country", id: e.id } : ALL);

function productSlot(product: ChatEntity | null, members: VizMembers, hs6Section?: string | null): ProductSlot {
  if (!product || !isProduct(product)) return ALL;
  const section =
    product.kind === "section"
      ? product.id
      : product.kind === "hs2"
        ? members.hs2.get(product.id)?.parent
        : product.kind === "hs4"
          ? members.hs4.get(product.id)?.parent
          : (members.hs6.get(product.id)?.parent ?? hs6Section);
  if (!section) return ALL;
  return { kind: "product", product: { level: product.kind as "section" | "hs2" | "hs4" | "hs6", code: product.id, section } };
}

function builder(coverage: YearCoverage, source: YearSource | null, state: Omit<VizState, "classification"> & { classification?: string }): string {
  const classification = state.classification && isClassification(state.classification) ? state.classification : source?.classification && isClassification(source.classification) ? source.classification : (coverage.classifications[0] ?? "hs92");
  return buildVizPath({ ...state, classification } as VizState, coverage);
}

const yearTime = (year: number): TimeSelection => ({ kind: "year", year });
const rangeTime = (from: number, to: number): TimeSelection => (from === to ? yearTime(from) : { kind: "range", from, to });

// ---------------------------------------------------------------------------------------------
// Rows for charts

function productRows(rows: DataRecord[], level: string, members: VizMembers): ChartRow[] {
  return rows.map((r) => {
    const id = str(r[`${level} ID`]);
    const section = level === "Section" ? id : str(r["Section ID"]) || (level === "HS4" ? (members.hs4.get(id)?.parent ?? "") : level === "HS2" ? (members.hs2.get(id)?.parent ?? "") : "");
    return {
      id,
      name: str(r[level]) || id,
      kind: level === "Section" ? "section" : (level.toLowerCase() as ChartRow["kind"]),
      color: colorOrGrey(members.sections.get(section)?.color),
      ...(level !== "Section" ? { group: section, groupName: members.sections.get(section)?.name ?? null } : {}),
      value: num(r["Trade Value"]),
      ...(level !== "Section" ? { code: id } : {}),
    };
  });
}

function sectionGroups(rows: ChartRow[], members: VizMembers): ChartGroup[] {
  const wanted = new Set(rows.map((r) => r.group).filter(Boolean) as string[]);
  return [...members.sections.values()].filter((s) => wanted.has(s.id)).map((s) => ({ id: s.id, name: s.name, color: colorOrGrey(s.color), kind: "section" as const }));
}

function countryRows(rows: DataRecord[], level: string, members: VizMembers, measure = "Trade Value"): ChartRow[] {
  return rows.map((r) => {
    const id = str(r[`${level} ID`]);
    const continent = members.countries.get(id)?.parent ?? null;
    return {
      id,
      name: str(r[level]) || members.countries.get(id)?.name || id,
      kind: "country" as const,
      color: colorOrGrey(continent ? members.continents.get(continent)?.color : null),
      group: continent,
      groupName: continent ? (members.continents.get(continent)?.name ?? null) : null,
      value: num(r[measure]),
      ...(r.Year !== undefined ? { year: Number(r.Year) } : {}),
    };
  });
}

function continentGroups(rows: ChartRow[], members: VizMembers): ChartGroup[] {
  const wanted = new Set(rows.map((r) => r.group).filter(Boolean) as string[]);
  return [...members.continents.values()]
    .filter((c) => wanted.has(c.id))
    .map((c) => ({ id: c.id, name: c.name, color: colorOrGrey(c.color), kind: c.id === "xx" ? ("other" as const) : ("continent" as const) }));
}

/** The section of a product at a complexity set's level (HS4 or HS6). */
function sectionOf(members: VizMembers, level: string, id: string): string {
  return (level === "HS6" ? members.hs6.get(id)?.parent : members.hs4.get(id)?.parent) ?? "";
}

const productKind = (level: string): ChartRow["kind"] => (level === "HS6" ? "hs6" : level === "HS2" ? "hs2" : level === "Section" ? "section" : "hs4");


// ---------------------------------------------------------------------------------------------

interface Env extends AnswerEnv {
  entries: CatalogEntry[];
  coverage: YearCoverage;
  members: VizMembers;
  figures: Figures;
}

interface Body {
  text: string;
  chart: ChatChart | null;
  source: YearSource | { source: string; complexity: true } | null;
  years: string;
  apiUrl: string | null;
  context: ChatContext;
  /** The asked year was missing; the answer used the nearest. */
  missing?: { asked: number; used: number } | null;
}

function flowWord(flow: "export" | "import" | "balance"): string {
  return flow === "import" ? "import" : "export";
}

/** Appends "(no data for 2025; the nearest year is 2019)" when the asked year was missing. */
function withMissing(env: Env, text: string, missing: Body["missing"]): string {
  return missing ? `${text} ${env.t("yearMissing", { asked: String(missing.asked), used: String(missing.used) })}` : text;
}

async function run(query: DataQuery, locale: Locale) {
  return (await queryCube(query, locale)).data;
}

// ---------------------------------------------------------------------------------------------
// Intents

async function topProducts(ctx: ChatContext, env: Env): Promise<Body> {
  const flow = tradeFlow(ctx.flow);
  const [place, partner] = ctx.places;
  const bilateral = Boolean(partner);
  const q = (depth: "hs4" | "section"): GoodsQuestion => ({ depth, flow, ...(bilateral ? { bilateral: true } : {}) });
  let chosen = choose(env.entries, q("hs4"), ctx.year);
  const sections = choose(env.entries, q("section"), ctx.year);
  if ((!chosen || chosen.missing !== null) && sections && sections.missing === null) chosen = sections;
  if (!chosen) chosen = sections;
  if (!chosen) throw new NoData("noData");
  const { source } = chosen;
  const level = source.depth === "section" ? "Section" : "HS4";
  const query = placeQuery(source, { flow, place, partner, years: [source.year], drilldowns: [level], parents: level !== "Section", sort: BY_VALUE });
  const rows = (await run(query, env.locale)).filter((r) => value(r) > 0);
  if (rows.length === 0) throw new NoData("noData");
  const total = sum(rows);
  // Unclassified trade (HS 9999, section 99) is a line of the data, not a product: never the answer.
  const { top, residualAbove } = firstRealRow(rows, level, (r) => str(r[`${level} ID`]));
  if (!top) throw new NoData("noData");
  const f = env.figures;
  const year = source.year;
  const sentence = env.t(partner ? "topProductsPartner" : "topProducts", {
    flow: flowWord(flow),
    year: String(year),
    place: place.name,
    partner: partner?.name ?? "",
    total: f.usd(env.t("figure.total", { place: place.name, year: String(year) }), total),
    top: str(top[level]),
    topValue: f.usd(str(top[level]), value(top)),
    share: f.share(env.t("figure.share", { name: str(top[level]) }), value(top) / total),
  });
  const text = residualAbove
    ? `${sentence} ${env.t("unspecifiedLeftOut", { value: f.usd(str(residualAbove[level]), value(residualAbove)) })}`
    : sentence;
  const chartRows = productRows(rows, level, env.members);
  return {
    text: withMissing(env, text, chosen.missing !== null ? { asked: chosen.missing, used: year } : null),
    chart: {
      title: env.t("chart.products", { flow: flowWord(flow), place: place.name, year: String(year) }),
      spec: { type: "treemap", input: { rows: chartRows, groups: level === "Section" ? [] : sectionGroups(chartRows, env.members), year, dimension: level } },
      builderPath: builder(env.coverage, source, { chart: "tree_map", flow, country: geo(place), partner: partner ? geo(partner) : ALL, product: SHOW, time: yearTime(year) }),
    },
    source,
    years: String(year),
    apiUrl: dataApiUrl(query, env.locale),
    context: { ...ctx, intent: "topProducts" },
  };
}

async function topPartners(ctx: ChatContext, env: Env): Promise<Body> {
  const flow = tradeFlow(ctx.flow);
  const [place] = ctx.places;
  const product = ctx.product;
  const chosen = choose(env.entries, { depth: depthOf(product), flow, bilateral: true }, ctx.year);
  if (!chosen) throw new NoData("noData");
  const { source } = chosen;
  const year = source.year;
  const query = placeQuery(source, { flow, place, product, years: [year], drilldowns: ["Partner"], parents: true, sort: BY_VALUE, excludeSelf: true });
  const partnerLevel = flow === "export" ? "Importer Country" : "Exporter Country";
  const rows = (await run(query, env.locale)).filter((r) => value(r) > 0 && !env.members.countries.get(str(r[`${partnerLevel} ID`]))?.aggregate);
  if (rows.length === 0) throw new NoData("noData");
  const total = sum(rows);
  const top = rows[0];
  const f = env.figures;
  const topName = str(top[partnerLevel]);
  const totalText = f.usd(env.t("figure.total", { place: place.name, year: String(year) }), total);
  f.count(env.t("figure.partners", { place: place.name }), rows.length);
  const text = env.t(product ? "topPartnersProduct" : "topPartners", {
    flow: flowWord(flow),
    year: String(year),
    place: place.name,
    product: product?.name ?? "",
    total: totalText,
    count: rows.length,
    top: topName,
    topValue: f.usd(topName, value(top)),
    share: f.share(env.t("figure.share", { name: topName }), value(top) / total),
  });
  const chartRows = countryRows(rows, partnerLevel, env.members);
  return {
    text: withMissing(env, text, chosen.missing !== null ? { asked: chosen.missing, used: year } : null),
    chart: {
      title: env.t("chart.partners", { flow: flowWord(flow), place: place.name, year: String(year) }),
      spec: { type: "treemap", input: { rows: chartRows, groups: continentGroups(chartRows, env.members), year, dimension: partnerLevel } },
      builderPath: builder(env.coverage, source, { chart: "tree_map", flow, country: geo(place), partner: SHOW, product: productSlot(product, env.members), time: yearTime(year) }),
    },
    source,
    years: String(year),
    apiUrl: dataApiUrl(query, env.locale),
    context: { ...ctx, intent: "topPartners" },
  };
}

/** Who exports a product (or, without one, the largest exporters): countries by value. */
async function exporters(ctx: ChatContext, env: Env, intent: "whoExports" | "ranking"): Promise<Body> {
  const flow = tradeFlow(ctx.flow);
  const product = ctx.product;
  const chosen = choose(env.entries, { depth: depthOf(product), flow }, ctx.year);
  if (!chosen) throw new NoData("noData");
  const { source } = chosen;
  const year = source.year;
  const query = placeQuery(source, { flow, product, years: [year], drilldowns: ["Country"], parents: true, sort: BY_VALUE });
  const level = source.bilateral ? (flow === "export" ? "Exporter Country" : "Importer Country") : "Country";
  const rows = (await run(query, env.locale)).filter((r) => value(r) > 0 && !env.members.countries.get(str(r[`${level} ID`]))?.aggregate);
  if (rows.length === 0) throw new NoData("noData");
  const total = sum(rows);
  const f = env.figures;
  const [top, ...rest] = rows;
  const topName = str(top[level]);
  const others = rest.slice(0, 2).map((r) => str(r[level]));
  const asked = ctx.places.find((p) => p.kind === "country");
  const askedIndex = asked ? rows.findIndex((r) => str(r[`${level} ID`]) === asked.id) : -1;
  let text = env.t(product ? "whoExports" : "rankingTrade", {
    flow: flowWord(flow),
    year: String(year),
    product: product?.name ?? "",
    top: topName,
    topValue: f.usd(topName, value(top)),
    share: f.share(env.t("figure.share", { name: topName }), value(top) / total),
    others: others.length ? list(others, env.locale) : "none",
  });
  if (asked && askedIndex >= 0) {
    text += ` ${env.t("rankOf", {
      place: asked.name,
      rank: f.rank(env.t("figure.rank", { name: asked.name }), askedIndex + 1),
      count: f.count(env.t("figure.countries"), rows.length),
      value: f.usd(asked.name, value(rows[askedIndex])),
    })}`;
  }
  const chartRows = countryRows(rows, level, env.members);
  return {
    text: withMissing(env, text, chosen.missing !== null ? { asked: chosen.missing, used: year } : null),
    chart: {
      title: env.t(product ? "chart.exportersOf" : "chart.exporters", { flow: flowWord(flow), product: product?.name ?? "", year: String(year) }),
      spec: { type: "treemap", input: { rows: chartRows, groups: continentGroups(chartRows, env.members), year, dimension: level } },
      builderPath: builder(env.coverage, source, { chart: "tree_map", flow, country: SHOW, partner: ALL, product: productSlot(product, env.members), time: yearTime(year) }),
    },
    source,
    years: String(year),
    apiUrl: dataApiUrl(query, env.locale),
    context: { ...ctx, intent, index: intent === "ranking" ? "trade" : null },
  };
}

/** The dataset answering a value question and its years (series for a line chart). */
function valueSource(ctx: ChatContext, env: Env, flow: "export" | "import") {
  const partner = ctx.places[1];
  const question: GoodsQuestion = { depth: depthOf(ctx.product), flow, ...(partner ? { bilateral: true } : {}) };
  const chosen = choose(env.entries, question, ctx.year);
  if (!chosen) throw new NoData("noData");
  return { chosen, question, years: datasetYears(env.entries, question, chosen.source) };
}

interface Series {
  query: DataQuery;
  byYear: Map<number, number>;
  breakdown?: { rows: DataRecord[]; level: string };
}

/** One place's value by year over a dataset's years (one query), or its product breakdown when the dataset has one year. */
async function series(env: Env, source: YearSource, years: number[], flow: "export" | "import", place: ChatEntity | undefined, partner: ChatEntity | undefined, product: ChatEntity | null): Promise<Series> {
  if (years.length >= 2) {
    const query = placeQuery(source, { flow, place, partner, product, years, drilldowns: ["Year"] });
    const rows = await run(query, env.locale);
    return { query, byYear: new Map(rows.map((r) => [Number(r.Year), value(r)])) };
  }
  const level = product ? ({ section: "Section", hs2: "HS2", hs4: "HS4", hs6: "HS6" } as Record<string, string>)[product.kind] : source.depth === "section" ? "Section" : "HS4";
  const query = placeQuery(source, { flow, place, partner, product, years, drilldowns: [level], parents: level !== "Section", sort: BY_VALUE });
  const rows = (await run(query, env.locale)).filter((r) => value(r) > 0);
  return { query, byYear: new Map([[source.year, sum(rows)]]), breakdown: { rows, level } };
}

function lineRows(id: string, name: string, color: string, byYear: Map<number, number>): ChartRow[] {
  return [...byYear].sort((a, b) => a[0] - b[0]).map(([year, v]) => ({ id, name, kind: "country" as const, color, value: v, year }));
}

async function valueOf(ctx: ChatContext, env: Env): Promise<Body> {
  const [place, partner] = ctx.places;
  const product = ctx.product;
  const subject = place ?? ({ kind: "world", id: "wld", name: env.t("world") } as ChatEntity);
  if (ctx.flow === "balance") return balanceOf(ctx, env, subject);
  const flow = tradeFlow(ctx.flow);
  const { chosen, years } = valueSource(ctx, env, flow);
  const { source } = chosen;
  const s = await series(env, source, years, flow, place, partner, product);
  const year = source.year;
  const v = s.byYear.get(year) ?? 0;
  if (v <= 0) throw new NoData("noData");
  const f = env.figures;
  const key = product && partner ? "valueProductPartner" : product ? "valueProduct" : partner ? "valuePartner" : "value";
  const text = env.t(key, {
    flow: flowWord(flow),
    year: String(year),
    place: subject.name,
    partner: partner?.name ?? "",
    product: product?.name ?? "",
    value: f.usd(env.t("figure.value", { place: subject.name, year: String(year) }), v),
  });
  const time = s.breakdown ? yearTime(year) : rangeTime(years[0], years.at(-1)!);
  const chart: ChatChart = s.breakdown
    ? {
        title: env.t("chart.products", { flow: flowWord(flow), place: subject.name, year: String(year) }),
        spec: { type: "treemap", input: { rows: productRows(s.breakdown.rows, s.breakdown.level, env.members), groups: [], year, dimension: s.breakdown.level } },
        builderPath: builder(env.coverage, source, { chart: "tree_map", flow, country: geo(place), partner: partner ? geo(partner) : ALL, product: SHOW, time }),
      }
    : {
        title: env.t("chart.series", { flow: flowWord(flow), place: subject.name, from: String(years[0]), to: String(years.at(-1)) }),
        spec: { type: "line", input: { rows: lineRows(subject.id, subject.name, SERIES_COLORS[0], s.byYear), years, dimension: "Country" } },
        builderPath: builder(env.coverage, source, { chart: "line", flow, country: geo(place), partner: partner ? geo(partner) : ALL, product: productSlot(product, env.members), time }),
      };
  return {
    text: withMissing(env, text, chosen.missing !== null ? { asked: chosen.missing, used: year } : null),
    chart,
    source,
    years: String(year),
    apiUrl: dataApiUrl(s.query, env.locale),
    context: { ...ctx, intent: "value" },
  };
}

async function balanceOf(ctx: ChatContext, env: Env, subject: ChatEntity): Promise<Body> {
  const [place, partner] = ctx.places;
  const product = ctx.product;
  // Both flows from one dataset: the datasets holding imports hold exports too.
  const { chosen, years } = valueSource(ctx, env, "import");
  const { source } = chosen;
  const [exp, imp] = await Promise.all([
    series(env, source, years, "export", place, partner, product),
    series(env, source, years, "import", place, partner, product),
  ]);
  const year = source.year;
  const e = exp.byYear.get(year) ?? 0;
  const i = imp.byYear.get(year) ?? 0;
  if (e <= 0 && i <= 0) throw new NoData("noData");
  const f = env.figures;
  const text = env.t("balance", {
    year: String(year),
    place: subject.name,
    exports: f.usd(env.t("figure.exports", { place: subject.name, year: String(year) }), e),
    imports: f.usd(env.t("figure.imports", { place: subject.name, year: String(year) }), i),
    kind: e >= i ? "surplus" : "deficit",
    balance: f.usd(env.t("figure.balance", { place: subject.name, year: String(year) }), Math.abs(e - i)),
  });
  const multi = years.length >= 2;
  const balance = new Map([...exp.byYear].map(([y, v]) => [y, v - (imp.byYear.get(y) ?? 0)]));
  const rows = [
    ...lineRows("export", env.t("chart.exportsLabel"), SERIES_COLORS[0], exp.byYear),
    ...lineRows("import", env.t("chart.importsLabel"), SERIES_COLORS[1], imp.byYear),
    ...lineRows("balance", env.t("chart.balanceLabel"), SERIES_COLORS[2], balance),
  ];
  return {
    text: withMissing(env, text, chosen.missing !== null ? { asked: chosen.missing, used: year } : null),
    chart: {
      title: env.t("chart.balance", { place: subject.name }),
      spec: { type: "line", input: { rows, years: multi ? years : [year], dimension: "Trade Flow" } },
      builderPath: builder(env.coverage, source, { chart: "line", flow: "export", country: geo(place), partner: partner ? geo(partner) : ALL, product: productSlot(product, env.members), time: multi ? rangeTime(years[0], years.at(-1)!) : yearTime(year) }),
    },
    source,
    years: String(year),
    apiUrl: dataApiUrl(exp.query, env.locale),
    context: { ...ctx, intent: "value" },
  };
}

async function growthOf(ctx: PlanContext, env: Env): Promise<Body> {
  const [place, partner] = ctx.places;
  const product = ctx.product;
  const subject = place ?? ({ kind: "world", id: "wld", name: env.t("world") } as ChatEntity);
  const flow = tradeFlow(ctx.flow);
  const question: GoodsQuestion = { depth: depthOf(product), flow, ...(partner ? { bilateral: true } : {}) };
  const all = goodsYears(env.entries, question);
  if (all.length === 0) throw new NoData("noData");
  // Growth compares two years of one series: one dataset in one release (OTS HS4 holds two
  // releases, 1962/1980/2017 and 2018; comparing across them would count the cleaning as trade).
  const groups = new Map<string, YearSource[]>();
  for (const y of all) groups.set(seriesKey(y), [...(groups.get(seriesKey(y)) ?? []), y]);
  const wantTo = ctx.range?.to ?? ctx.year ?? null;
  let best: { years: YearSource[]; from: YearSource; to: YearSource; score: number } | null = null;
  for (const years of groups.values()) {
    if (years.length < 2) continue;
    const to = wantTo === null ? years.at(-1)! : nearestYear(years, wantTo)!;
    const wantFrom = ctx.range?.from ?? to.year - 10;
    const from = nearestYear(years.filter((y) => y.year < to.year), wantFrom);
    if (!from) continue;
    const score = (from.year === wantFrom ? 2 : 0) + (wantTo === null || to.year === wantTo ? 2 : 0) - Math.abs(from.year - wantFrom) / 100 + years.length / 10_000;
    if (!best || score > best.score) best = { years, from, to, score };
  }
  if (!best) throw new NoData("noData");
  const { from, to } = best;
  const years = best.years.map((y) => y.year).filter((y) => y >= from.year && y <= to.year);
  const query = placeQuery(to, { flow, place, partner, product, years, drilldowns: ["Year"] });
  const rows = await run(query, env.locale);
  const byYear = new Map(rows.map((r) => [Number(r.Year), value(r)]));
  const a = byYear.get(from.year) ?? 0;
  const b = byYear.get(to.year) ?? 0;
  if (a <= 0 || b <= 0) throw new NoData("noData");
  const f = env.figures;
  // Through the one rule (changeOf): a change across two series would throw, never print.
  const change = changeOf(figure(a, provenanceOf(from)), figure(b, provenanceOf(to)))!;
  const cagr = Math.pow(b / a, 1 / (to.year - from.year)) - 1;
  const text = env.t(product ? "growthProduct" : partner ? "growthPartner" : "growth", {
    flow: flowWord(flow),
    place: subject.name,
    partner: partner?.name ?? "",
    product: product?.name ?? "",
    fromYear: String(from.year),
    toYear: String(to.year),
    from: f.usd(env.t("figure.value", { place: subject.name, year: String(from.year) }), a),
    to: f.usd(env.t("figure.value", { place: subject.name, year: String(to.year) }), b),
    direction: b >= a ? "up" : "down",
    change: f.growth(env.t("figure.change", { from: String(from.year), to: String(to.year) }), change),
    cagr: f.growth(env.t("figure.cagr"), cagr),
  });
  const notes: string[] = [];
  // An asked year the data holds, but only in another series than any later year: say so, not "no data".
  const held = (year: number) => all.some((y) => y.year === year);
  if (ctx.range && ctx.range.from !== from.year && held(ctx.range.from)) notes.push(env.t("seriesBreak", { asked: String(ctx.range.from), from: String(from.year), to: String(to.year) }));
  else if (ctx.range && ctx.range.from !== from.year) notes.push(env.t("yearMissing", { asked: String(ctx.range.from), used: String(from.year) }));
  else if (ctx.range?.to && ctx.range.to !== to.year) notes.push(env.t("yearMissing", { asked: String(ctx.range.to), used: String(to.year) }));
  return {
    text: [text, ...notes].join(" "),
    chart: {
      title: env.t("chart.series", { flow: flowWord(flow), place: subject.name, from: String(from.year), to: String(to.year) }),
      spec: { type: "line", input: { rows: lineRows(subject.id, subject.name, SERIES_COLORS[0], byYear), years, dimension: "Country" } },
      builderPath: builder(env.coverage, to, { chart: "line", flow, country: geo(place), partner: partner ? geo(partner) : ALL, product: productSlot(product, env.members), time: rangeTime(from.year, to.year) }),
    },
    source: to,
    years: `${from.year}–${to.year}`,
    apiUrl: dataApiUrl(query, env.locale),
    context: { ...ctx, intent: "growth", year: null, range: { from: from.year, to: to.year } },
  };
}

async function compare(ctx: ChatContext, env: Env): Promise<Body> {
  const [a, b] = ctx.places;
  const flow = tradeFlow(ctx.flow);
  const product = ctx.product;
  const { chosen, years } = valueSource({ ...ctx, places: [a] }, env, flow);
  const { source } = chosen;
  const [sa, sb] = await Promise.all([series(env, source, years, flow, a, undefined, product), series(env, source, years, flow, b, undefined, product)]);
  const year = source.year;
  const va = sa.byYear.get(year) ?? 0;
  const vb = sb.byYear.get(year) ?? 0;
  if (va <= 0 && vb <= 0) throw new NoData("noData");
  const f = env.figures;
  const text = env.t(product ? "compareProduct" : "compare", {
    flow: flowWord(flow),
    year: String(year),
    product: product?.name ?? "",
    a: a.name,
    b: b.name,
    aValue: f.usd(env.t("figure.value", { place: a.name, year: String(year) }), va),
    bValue: f.usd(env.t("figure.value", { place: b.name, year: String(year) }), vb),
  });
  const multi = years.length >= 2;
  const chart: ChatChart = multi
    ? {
        title: env.t("chart.compare", { flow: flowWord(flow), a: a.name, b: b.name }),
        spec: { type: "line", input: { rows: [...lineRows(a.id, a.name, SERIES_COLORS[0], sa.byYear), ...lineRows(b.id, b.name, SERIES_COLORS[1], sb.byYear)], years, dimension: "Country" } },
        builderPath: builder(env.coverage, source, { chart: "line", flow, country: geo(a), partner: ALL, product: productSlot(product, env.members), time: rangeTime(years[0], years.at(-1)!) }),
      }
    : {
        title: env.t("chart.compare", { flow: flowWord(flow), a: a.name, b: b.name }),
        spec: {
          type: "treemap",
          input: {
            rows: [
              { id: a.id, name: a.name, kind: "country", color: SERIES_COLORS[0], value: va },
              { id: b.id, name: b.name, kind: "country", color: SERIES_COLORS[1], value: vb },
            ],
            groups: [],
            year,
            dimension: "Country",
          },
        },
        builderPath: builder(env.coverage, source, { chart: "tree_map", flow, country: SHOW, partner: ALL, product: productSlot(product, env.members), time: yearTime(year) }),
      };
  return {
    text: withMissing(env, text, chosen.missing !== null ? { asked: chosen.missing, used: year } : null),
    chart,
    source,
    years: String(year),
    apiUrl: dataApiUrl(sa.query, env.locale),
    context: { ...ctx, intent: "compare" },
  };
}

/** Complexity answers name the trade data they were computed from (the year's goods dataset). */
function complexitySource(env: Env, depth: string, year: number): { source: string; complexity: true } {
  const question: GoodsQuestion = { depth: depth === "hs6" ? "hs6" : "hs4", flow: "export" };
  return { source: choose(env.entries, question, year)?.source.source ?? "ots", complexity: true };
}

/** The complexity set of the newest ranking, its ranked years, and the year to answer. */
async function complexityYear(ctx: ChatContext) {
  const latest = await latestRanking();
  if (!latest) throw new NoData("noRanking");
  const setKey = latest.dataset.replace(/^complexity_/, "");
  const set = getComplexitySet(setKey);
  if (!set) throw new NoData("noRanking");
  const years = (await rankedYears(setKey)).filter((e) => !e.partial).map((e) => e.year);
  if (years.length === 0) throw new NoData("noRanking");
  const year = ctx.year === null ? years.at(-1)! : (nearestYear(years.map((y) => ({ year: y })), ctx.year)?.year ?? years.at(-1)!);
  return { set, years, year, missing: ctx.year !== null && ctx.year !== year ? { asked: ctx.year, used: year } : null };
}

async function rankingComplexity(ctx: ChatContext, env: Env): Promise<Body> {
  const { set, years, year, missing } = await complexityYear(ctx);
  const f = env.figures;
  if (ctx.index === "pci") {
    const level = set.productLevel;
    // The answered year's ranking (every product, one year: a page holds it even at HS6), then the
    // series of the products shown only: every product over every year would overrun a page.
    const query: DataQuery = { cube: set.cubes.pci, drilldowns: ["Year", level], measures: ["PCI", "PCI Rank"], time: { kind: "list", years: [year] } };
    const inYear = (await run(query, env.locale)).filter((r) => num(r["PCI Rank"]) !== null).sort((x, y) => value(x, "PCI Rank") - value(y, "PCI Rank"));
    if (inYear.length === 0) throw new NoData("noRanking");
    const [top, ...rest] = inYear;
    let text = env.t("rankingPci", {
      year: String(year),
      top: str(top[level]),
      topValue: f.index(env.t("figure.pci", { name: str(top[level]) }), value(top, "PCI")),
      others: rest.length ? list(rest.slice(0, 2).map((r) => str(r[level])), env.locale) : "none",
    });
    const asked = ctx.product && ctx.product.kind === level.toLowerCase() ? inYear.find((r) => str(r[`${level} ID`]) === ctx.product!.id) : undefined;
    if (ctx.product && asked) {
      text += ` ${env.t("rankPci", {
        product: ctx.product.name,
        rank: f.rank(env.t("figure.rank", { name: ctx.product.name }), value(asked, "PCI Rank")),
        count: f.count(env.t("figure.products"), inYear.length),
        value: f.index(env.t("figure.pci", { name: ctx.product.name }), value(asked, "PCI")),
      })}`;
    }
    const shown = new Set([...(asked ? [str(asked[`${level} ID`])] : []), ...inYear.slice(0, 5).map((r) => str(r[`${level} ID`]))]);
    const series = await run({ ...query, cuts: [{ level, ids: [...shown] }], time: { kind: "list", years } }, env.locale);
    const chartRows: ChartRow[] = series
      .filter((r) => shown.has(str(r[`${level} ID`])))
      .map((r) => {
        const id = str(r[`${level} ID`]);
        const section = sectionOf(env.members, level, id);
        return { id, name: str(r[level]), kind: productKind(level), color: colorOrGrey(env.members.sections.get(section)?.color), value: num(r.PCI), year: Number(r.Year), code: id };
      });
    return {
      text: withMissing(env, text, missing),
      chart: {
        title: env.t("chart.pci", { from: String(years[0]), to: String(years.at(-1)) }),
        spec: { type: "line", input: { rows: chartRows, years, dimension: level, values: "index" } },
        builderPath: builder(env.coverage, null, { classification: set.revision, chart: "tree_map", flow: "export", country: ALL, partner: ALL, product: SHOW, time: yearTime(year) }),
      },
      source: complexitySource(env, set.depth, year),
      years: String(year),
      apiUrl: dataApiUrl(query, env.locale),
      context: { ...ctx, intent: "ranking", index: "pci" },
    };
  }
  const query: DataQuery = { cube: set.cubes.eci, drilldowns: ["Year", "Country"], measures: ["ECI", "ECI Rank"], time: { kind: "list", years } };
  const rows = await run(query, env.locale);
  const inYear = rows.filter((r) => Number(r.Year) === year && num(r["ECI Rank"]) !== null).sort((x, y) => value(x, "ECI Rank") - value(y, "ECI Rank"));
  if (inYear.length === 0) throw new NoData("noRanking");
  const [top, ...rest] = inYear;
  const place = ctx.places.find((p) => p.kind === "country");
  const asked = place ? inYear.find((r) => str(r["Country ID"]) === place.id) : undefined;
  if (place && !asked) throw new NoData("notRanked");
  let text: string;
  if (place && asked) {
    text = env.t("rankEci", {
      year: String(year),
      place: place.name,
      rank: f.rank(env.t("figure.rank", { name: place.name }), value(asked, "ECI Rank")),
      count: f.count(env.t("figure.countries"), inYear.length),
      value: f.index(env.t("figure.eci", { name: place.name }), value(asked, "ECI")),
    });
  } else {
    text = env.t("rankingEci", {
      year: String(year),
      top: str(top.Country),
      topValue: f.index(env.t("figure.eci", { name: str(top.Country) }), value(top, "ECI")),
      others: rest.length ? list(rest.slice(0, 2).map((r) => str(r.Country)), env.locale) : "none",
    });
  }
  const shown = new Set([...(asked ? [str(asked["Country ID"])] : []), ...inYear.slice(0, asked ? 3 : 5).map((r) => str(r["Country ID"]))]);
  const chartRows = countryRows(rows.filter((r) => shown.has(str(r["Country ID"]))), "Country", env.members, "ECI");
  return {
    text: withMissing(env, text, missing),
    chart: {
      title: env.t("chart.eci", { from: String(years[0]), to: String(years.at(-1)) }),
      spec: { type: "line", input: { rows: chartRows, years, dimension: "Country", values: "index" } },
      builderPath: builder(env.coverage, null, { classification: set.revision, chart: "scatter", flow: "export", country: SHOW, partner: ALL, product: ALL, time: yearTime(year) }),
    },
    source: complexitySource(env, set.depth, year),
    years: String(year),
    apiUrl: dataApiUrl(query, env.locale),
    context: { ...ctx, intent: "ranking", index: "eci" },
  };
}

async function opportunities(ctx: ChatContext, env: Env): Promise<Body> {
  const place = ctx.places[0];
  const { set, year, missing } = await complexityYear(ctx);
  const level = set.productLevel;
  const query: DataQuery = {
    cube: set.cubes.rca,
    drilldowns: [level],
    measures: ["Opportunity Gain", "RCA"],
    cuts: [{ level: "Country", ids: [place.id] }],
    time: { kind: "list", years: [year] },
    sort: [{ key: "Opportunity Gain", direction: "desc" }],
  };
  const rows = (await run(query, env.locale)).filter((r) => (num(r.RCA) ?? 0) < 1 && (num(r["Opportunity Gain"]) ?? 0) > 0);
  if (rows.length === 0) throw new NoData("notRanked");
  const top = rows.slice(0, 10);
  const f = env.figures;
  const names = top.slice(0, 3).map((r) => str(r[level]));
  const text = env.t("opportunities", {
    year: String(year),
    place: place.name,
    first: names[0],
    value: f.index(env.t("figure.gain", { name: names[0] }), value(top[0], "Opportunity Gain")),
    others: names.length > 1 ? list(names.slice(1), env.locale) : "none",
  });
  const chartRows: ChartRow[] = top.map((r) => {
    const id = str(r[`${level} ID`]);
    const section = sectionOf(env.members, level, id);
    return { id, name: str(r[level]), kind: productKind(level), color: colorOrGrey(env.members.sections.get(section)?.color), group: section, value: num(r["Opportunity Gain"]), code: id };
  });
  return {
    text: withMissing(env, text, missing),
    chart: {
      title: env.t("chart.opportunities", { place: place.name, year: String(year) }),
      spec: { type: "treemap", input: { rows: chartRows, groups: sectionGroups(chartRows, env.members), year, dimension: level } },
      builderPath: builder(env.coverage, null, { classification: set.revision, chart: "network", flow: "export", country: geo(place), partner: ALL, product: SHOW, time: yearTime(year) }),
    },
    source: complexitySource(env, set.depth, year),
    years: String(year),
    apiUrl: dataApiUrl(query, env.locale),
    context: { ...ctx, intent: "opportunities" },
  };
}

/** Fixes an open range ("since 2000") at run time: growth works it out from the data. */
function closed(ctx: PlanContext): ChatContext {
  return { ...ctx, range: ctx.range ? { from: ctx.range.from, to: ctx.range.to ?? ctx.range.from } : null };
}

export async function answerPlan(ctx: PlanContext, base: AnswerEnv): Promise<ChatAnswer> {
  const [catalog, members] = await Promise.all([dataCatalog(), vizMembers(base.locale)]);
  const env: Env = { ...base, entries: catalog.entries, coverage: vizCoverage(catalog.entries), members, figures: new Figures(base.locale) };
  let body: Body;
  switch (ctx.intent) {
    case "topProducts":
      body = await topProducts(closed(ctx), env);
      break;
    case "topPartners":
      body = await topPartners(closed(ctx), env);
      break;
    case "whoExports":
      body = await exporters(closed(ctx), env, "whoExports");
      break;
    case "ranking":
      body = ctx.index === "eci" || ctx.index === "pci" ? await rankingComplexity(closed(ctx), env) : await exporters(closed(ctx), env, "ranking");
      break;
    case "value":
      body = await valueOf(closed(ctx), env);
      break;
    case "growth":
      body = await growthOf(ctx, env);
      break;
    case "compare":
      body = await compare(closed(ctx), env);
      break;
    case "opportunities":
      body = await opportunities(closed(ctx), env);
      break;
    default:
      throw new NoData("noData");
  }
  const sourceName =
    body.source && "complexity" in body.source
      ? env.t("complexitySource", { source: env.sourceName(body.source.source) })
      : body.source
        ? env.sourceName(body.source.source)
        : "";
  // The context keeps "newest" as null so a follow-up in another flow finds its own newest year.
  return {
    status: "answered",
    text: body.text,
    figures: env.figures.list,
    chart: body.chart,
    source: body.source ? { name: sourceName, years: body.years } : null,
    apiUrl: body.apiUrl,
    links: linksFor(body.context, env.t),
    suggestions: [],
    context: body.context,
    engine: "interpreter",
  };
}
