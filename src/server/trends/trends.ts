/**
 * The trend explorer: what rose and fell between two years for a reporter (a country, a continent or
 * the world), by product or by partner. The catalogue names the years and the dataset of each;
 * the warehouse ranks the members (./sql.ts); this file checks the question, names the members in
 * the page's language and shapes the answer for the page and GET /api/trends.
 */
import "server-only";
import { cache } from "react";
import { comparableSource, goodsYears, PRODUCT_DEPTHS, type GoodsQuestion, type YearSource } from "@/domain/catalog/catalog";
import type { Locale } from "@/domain/i18n/locales";
import { buildProfilePath } from "@/domain/profiles/path";
import type { Margins, MemberTrend, TrendStatus } from "@/domain/trends/maths";
import {
  defaultPeriod,
  MOVERS,
  newestComparablePeriod,
  PAGE_SIZE,
  periodProblem,
  yearsWithin,
  type TrendDepth,
  type TrendParams,
} from "@/domain/trends/params";
import { dataCatalog, tradeYears } from "@/server/catalog/catalog";
import { getMembers } from "@/server/warehouse/client";
import type { Row } from "@/server/warehouse/db";
import { withStatements, type StatementSession } from "@/server/warehouse/statements";
import { getCube } from "@/server/warehouse/registry";
import type { ReporterKind, TrendSqlSpec } from "./sql";
import { trendMemberNames, trendPage, trendSeries, trendSummary } from "./statements";

/** A question the explorer cannot answer, with the HTTP status and a message for people. */
export class TrendError extends Error {
  constructor(
    readonly code: "unknown_reporter" | "no_data" | "year_not_in_data" | "empty_period" | "invalid_period" | "unknown_section" | "not_comparable",
    readonly status: number,
    message: string,
    readonly field?: string,
    /** not_comparable: a coarser depth at which one series holds both years, when there is one. */
    readonly comparableDepth?: TrendDepth,
  ) {
    super(message);
    this.name = "TrendError";
  }
}

/** By shape as well as by class (Next.js may bundle this module twice). */
export function isTrendError(error: unknown): error is TrendError {
  return error instanceof TrendError || (error instanceof Error && error.name === "TrendError" && typeof (error as TrendError).status === "number");
}

export interface TrendRow extends MemberTrend {
  name: string;
  /** Section (products) or continent (partners) of the member. */
  group: string | null;
  /** The member's profile page, without the locale. */
  href: string | null;
}

export interface TrendSeries {
  id: string;
  name: string;
  points: { year: number; value: number }[];
}

export interface TrendResult {
  params: TrendParams;
  reporter: { kind: ReporterKind; id: string; name: string };
  /** Years the question can use (oldest first), each with its dataset and release. */
  years: TrendYear[];
  /**
   * The one series (dataset and release) both years are read from: the explorer compares two years
   * only within one series, and refuses a period no single series holds (TrendError not_comparable).
   */
  comparedOn: { dataset: string; vintage: string; source: string };
  sources: string[];
  totals: { t0: number; t1: number; growth: number | null; cagr: number | null };
  margins: Margins;
  rows: TrendRow[];
  /** Members matching the filters (all pages). */
  matched: number;
  pageSize: number;
  pages: number;
  series: TrendSeries[];
  seriesYears: number[];
}

export interface TrendYear {
  year: number;
  dataset: string;
  vintage: string;
  source: string;
}

export interface TrendOptions {
  /** Depths the catalogue can answer for products in this flow, coarsest first. */
  depths: TrendDepth[];
  years: TrendYear[];
  countries: { id: string; name: string }[];
  continents: { id: string; name: string }[];
  sections: { id: string; name: string; color: string | null }[];
}

const num = (v: unknown): number => (typeof v === "number" ? v : typeof v === "bigint" ? Number(v) : v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number.isFinite(num(v)) ? num(v) : null);

/** The catalogue question of a trend question: by product at a depth, or by partner (bilateral section data). */
function questionOf(p: Pick<TrendParams, "by" | "depth" | "flow">): GoodsQuestion {
  return p.by === "partners" ? { depth: "section", bilateral: true, flow: p.flow } : { depth: p.depth, flow: p.flow };
}

/** Years answering the question (by product at a depth, or by partner: bilateral data), each with its dataset. */
export function questionYears(p: Pick<TrendParams, "by" | "depth" | "flow">): Promise<YearSource[]> {
  return tradeYears(questionOf(p));
}

const yearList = (sources: readonly YearSource[]): TrendYear[] => sources.map((s) => ({ year: s.year, dataset: s.dataset, vintage: s.vintage, source: s.source }));

/** Depths with at least two years of product data in a flow. */
export async function trendDepths(flow: "export" | "import"): Promise<TrendDepth[]> {
  const found = await Promise.all(PRODUCT_DEPTHS.map(async (depth) => ((await tradeYears({ depth, flow })).length >= 2 ? depth : null)));
  return found.filter((d): d is TrendDepth => d !== null);
}

/** Members for the selectors, named in `locale`. */
export const trendOptions = cache(async (p: Pick<TrendParams, "by" | "depth" | "flow">, locale: Locale): Promise<TrendOptions> => {
  const [depths, years, countries, continents, sections] = await Promise.all([
    trendDepths(p.flow),
    questionYears(p),
    getMembers("country", locale),
    getMembers("continent", locale),
    getMembers("section", locale),
  ]);
  const real = countries.filter((c) => c.attributes.is_aggregate !== true && c.attributes.alias_of == null);
  return {
    depths,
    years: yearList(years),
    countries: real.map((c) => ({ id: String(c.id), name: c.name })).sort((a, b) => a.name.localeCompare(b.name, locale)),
    continents: continents.map((c) => ({ id: String(c.id), name: c.name })),
    sections: sections.map((s) => ({ id: String(s.id), name: s.name, color: s.color })),
  };
});

/** The default selection for a flow/breakdown/depth: the world, the newest pair of years of one series. */
export async function defaultSelection(p: Pick<TrendParams, "by" | "depth" | "flow">): Promise<{ reporter: string; from: number; to: number } | null> {
  const period = defaultPeriod(yearList(await questionYears(p)));
  return period ? { reporter: "world", ...period } : null;
}

/**
 * The preview's question (world exports by product): the newest period one series holds at any
 * product depth the catalogue has (the section file's 2017-2018 where product detail for those
 * years comes from two releases), the finest depth on a tie.
 */
export async function previewSelection(flow: "export" | "import" = "export"): Promise<{ reporter: string; depth: TrendDepth; from: number; to: number } | null> {
  const depths = await trendDepths(flow);
  const byDepth = await Promise.all(depths.map(async (depth) => ({ depth, years: yearList(await questionYears({ by: "products", depth, flow })) })));
  const best = newestComparablePeriod(byDepth);
  return best ? { reporter: "world", ...best } : null;
}

async function reporterOf(id: string, locale: Locale): Promise<{ kind: ReporterKind; id: string; name: string }> {
  if (id === "world") return { kind: "world", id, name: "" };
  const kind = id.length === 2 ? "continent" : "country";
  const member = (await getMembers(kind, locale)).find((m) => String(m.id) === id);
  if (!member) throw new TrendError("unknown_reporter", 404, `reporter: no country or continent has the id "${id}"`, "reporter");
  return { kind, id, name: member.name };
}

/** Names of members from the cubes' member tables (the dataset's own first), then the shared ones. */
async function memberNames(session: StatementSession, tables: readonly string[], ids: readonly string[], locale: Locale): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const table of [...new Set(tables)]) {
    const missing = ids.filter((id) => !names.has(id));
    if (!missing.length) break;
    if (!(await session.hasTable(table))) continue;
    for (const r of await session.run(trendMemberNames, { table, ids: missing, locale })) if (r.name !== null) names.set(r.id, r.name);
  }
  return names;
}

function memberTables(sources: readonly YearSource[], p: TrendParams): string[] {
  const level = p.by === "partners" ? (p.flow === "export" ? "Importer Country" : "Exporter Country") : p.depth === "section" ? "Section" : p.depth.toUpperCase();
  const own = [...sources].reverse().flatMap((s) => {
    const cube = getCube(s.cube);
    const def = cube?.dimensions.flatMap((d) => d.hierarchies.flatMap((h) => h.levels)).find((l) => l.name === level);
    return def?.members ? [def.members] : [];
  });
  const shared = p.by === "partners" ? "dim_countries" : p.depth === "section" ? "dim_hs_sections" : `dim_${p.depth}`;
  return [...own, shared];
}

function hrefOf(p: TrendParams, id: string): string | null {
  if (p.by === "partners") return /^[a-z][a-z0-9]{2}$/.test(id) ? `/profile${buildProfilePath({ report: "country", kind: "country", id })}` : null;
  return `/profile${buildProfilePath({ report: "hs", product: { kind: p.depth, id } })}`;
}

/**
 * Answers a question (already parsed by the schema of domain/trends/params.ts). Throws TrendError
 * for an unknown reporter or a period the data does not hold.
 */
export async function trendExplorer(p: TrendParams, locale: Locale, options: { movers?: boolean } = {}): Promise<TrendResult> {
  const [reporter, sources] = await Promise.all([reporterOf(p.reporter, locale), questionYears(p)]);
  const years = yearList(sources);
  const problem = periodProblem(years, p.from, p.to);
  const known = years.map((y) => y.year).join(", ");
  if (problem === "empty") throw new TrendError("no_data", 404, "The data holds fewer than two years for this question: no period to compare.");
  if (problem === "order") throw new TrendError("invalid_period", 400, "from must be an earlier year than to", "to");
  if (problem === "fromMissing") throw new TrendError("year_not_in_data", 400, `from: the data has no ${p.from} for this question (years: ${known})`, "from");
  if (problem === "toMissing") throw new TrendError("year_not_in_data", 400, `to: the data has no ${p.to} for this question (years: ${known})`, "to");
  if (p.section && !(await getMembers("section", locale)).some((s) => String(s.id) === p.section)) {
    throw new TrendError("unknown_section", 404, `section: no section has the id "${p.section}"`, "section");
  }
  // Both years from one series: the dataset that holds both in one release, or a refusal.
  const { entries } = await dataCatalog();
  const pair = comparableSource(entries, questionOf(p), p.from, p.to);
  if (!pair) {
    const coarser = p.by === "products" ? PRODUCT_DEPTHS.slice(0, PRODUCT_DEPTHS.indexOf(p.depth)).reverse().find((depth) => comparableSource(entries, { depth, flow: p.flow }, p.from, p.to)) : undefined;
    const of = (year: number) => sources.find((s) => s.year === year)!;
    throw new TrendError(
      "not_comparable",
      400,
      `from, to: ${p.from} (${of(p.from).dataset}, release ${of(p.from).vintage}) and ${p.to} (${of(p.to).dataset}, release ${of(p.to).vintage}) are not one series: no dataset holds both years in one release, and growth across releases would count their differences as trade.${coarser ? ` At depth=${coarser} one series holds both years.` : " Choose two years of one release."}`,
      "from",
      coarser,
    );
  }
  const oneSeries = goodsYears(
    entries.filter((e) => e.dataset === pair.to.dataset && e.vintage === pair.to.vintage),
    questionOf(p),
  ).filter((s) => s.year >= p.from && s.year <= p.to);
  const spec: TrendSqlSpec = {
    sources: oneSeries.map((s) => ({ year: s.year, cube: s.cube, bilateral: s.bilateral })),
    flow: p.flow,
    by: p.by,
    depth: p.depth,
    reporter,
    section: p.section,
  };
  const periodYears = yearsWithin(yearList(oneSeries), p.from, p.to);
  return withStatements(async (session) => {
    const page = { from: p.from, to: p.to, min: p.min, sort: p.sort, dir: p.dir, limit: PAGE_SIZE, offset: (p.page - 1) * PAGE_SIZE };
    const pageRows = await session.run(trendPage, { spec, page });
    const summaryRows = await session.run(trendSummary, { spec, from: p.from, to: p.to });
    const moverIds = options.movers === false ? [] : pageRows.slice(0, MOVERS).map((r) => String(r.id));
    const seriesRows: Row[] = moverIds.length && periodYears.length ? await session.run(trendSeries, { spec, years: periodYears, ids: moverIds }) : [];
    const names = await memberNames(session, memberTables(oneSeries, p), [...new Set(pageRows.map((r) => String(r.id)))], locale);
    const margins: Margins = { gained: 0, lost: 0, intensive: 0, total: 0, counts: { new: 0, lost: 0, continuing: 0 } };
    let t0 = 0;
    let t1 = 0;
    for (const r of summaryRows) {
      t0 = num(r.t0);
      t1 = num(r.t1);
      const status = String(r.status) as TrendStatus;
      const change = num(r.change);
      if (status === "new") margins.gained += change;
      else if (status === "lost") margins.lost += change;
      else margins.intensive += change;
      if (status !== "absent") margins.counts[status] = num(r.n);
    }
    margins.total = margins.gained + margins.lost + margins.intensive;
    const rows: TrendRow[] = pageRows.map((r) => {
      const id = String(r.id);
      return {
        id,
        name: names.get(id) ?? id,
        group: r.grp === null || r.grp === undefined ? null : String(r.grp),
        v0: num(r.v0),
        v1: num(r.v1),
        change: num(r.change),
        cagr: numOrNull(r.cagr),
        share0: numOrNull(r.share0),
        share1: numOrNull(r.share1),
        shareChange: numOrNull(r.share_change),
        contribution: numOrNull(r.contribution),
        status: String(r.status) as TrendStatus,
        href: hrefOf(p, id),
      };
    });
    const matched = pageRows.length ? num(pageRows[0].matched) : 0;
    const series: TrendSeries[] = moverIds.map((id) => ({
      id,
      name: names.get(id) ?? id,
      points: periodYears.map((year) => ({ year, value: num(seriesRows.find((s) => String(s.id) === id && num(s.year) === year)?.v ?? 0) })),
    }));
    const n = p.to - p.from;
    return {
      params: p,
      reporter,
      years,
      comparedOn: { dataset: pair.to.dataset, vintage: pair.to.vintage, source: pair.to.source },
      sources: [pair.to.source],
      totals: { t0, t1, growth: t0 > 0 ? (t1 - t0) / t0 : null, cagr: t0 > 0 && t1 >= 0 ? Math.pow(t1 / t0, 1 / n) - 1 : null },
      margins,
      rows,
      matched,
      pageSize: PAGE_SIZE,
      pages: Math.max(1, Math.ceil(matched / PAGE_SIZE)),
      series,
      seriesYears: periodYears,
    };
  });
}
