/**
 * The Python tesseract-olap query string, translated to our DataQuery (one query path: the same
 * resolver, compiler and cache as /api/data). What Tesseract clients send:
 *
 *   cube, drilldowns=A,B, measures=M,N, include=Level:k1,k2;Level:k3 (also Level=k),
 *   exclude=..., limit=L or L,O, sort=Name.asc|desc, time=Year.latest[.N] | Year.oldest[.N] |
 *   Year.trailing.N | Year.leading.N | Year.gte.2010[.and.lte.2015] | year.2018,
 *   parents=true|false|Level,Level, growth=Level.Measure[.period.1], filters=M.gt.10[.and.lt.20],
 *   top=N.Level[,Level].Measure.asc|desc, ranking=true|M,-M, alias=Level:Name;..., locale (an empty
 *   or unknown locale falls back to the default, as Tesseract does), properties (none exist here).
 */
import "server-only";
import { isLocale, type Locale } from "@/domain/i18n/locales";
import type { DataQuery, MeasureFilter, RankingSpec, TimeSpec } from "@/server/warehouse/types";
import { MAX_PAGE_SIZE } from "@/server/warehouse/types";

export class TesseractError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const bad = (message: string) => new TesseractError(400, message);

/** Tesseract answers an empty or unknown locale in its default language; `es-CL` reads as `es`. */
export function tesseractLocale(text: string | null | undefined, fallback: Locale = "en"): Locale {
  const language = (text ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return isLocale(language) ? language : fallback;
}

export interface TesseractRequest {
  query: DataQuery;
  locale: Locale;
  /** Output names for levels (alias=Level:Name). */
  alias: Map<string, string>;
  /** parents=Level,Level: only these levels' parents are kept in the answer; null: all or none (query.parents). */
  parentsOf: string[] | null;
}

const KNOWN = new Set(["cube", "drilldowns", "measures", "include", "exclude", "cuts", "limit", "sort", "time", "parents", "growth", "filters", "top", "ranking", "alias", "aliases", "locale", "properties", "sparse", "debug", "format"]);

function splitList(value: string, separator = ","): string[] {
  return value
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `Level:k1,k2;Level:k3` (Tesseract) or `Level=k1,k2` (ours). */
function parseCuts(name: string, value: string): { level: string; ids: string[] }[] {
  return splitList(value, ";").map((token) => {
    const at = token.search(/[:=]/);
    if (at <= 0) throw bad(`${name}: expected Level:key,key, got "${token.slice(0, 80)}"`);
    const ids = splitList(token.slice(at + 1));
    if (!ids.length) throw bad(`${name}: no member keys for ${token.slice(0, at).slice(0, 80)}`);
    return { level: token.slice(0, at).trim(), ids };
  });
}

const COMPARISONS = new Set(["gt", "gte", "lt", "lte", "eq", "neq"]);

const NUMBER = String.raw`(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)`;
const OP = "(gt|gte|lt|lte|eq|neq)";
/** `Measure.gt.10` or `Measure.gte.1.and.lte.5` (a measure name may hold dots; numbers may be decimal). */
const FILTER = new RegExp(`^(.+?)\\.${OP}\\.${NUMBER}(?:\\.(and|or)\\.${OP}\\.${NUMBER})?$`, "i");

function parseFilter(token: string): MeasureFilter {
  const m = FILTER.exec(token.trim());
  if (!m) throw bad(`filters: expected Measure.gt.value or Measure.gte.value.and.lte.value (gt, gte, lt, lte, eq, neq), got "${token.slice(0, 80)}"`);
  type Op = MeasureFilter["conditions"][number]["op"];
  const conditions = [{ op: m[2]!.toLowerCase() as Op, value: Number(m[3]) }];
  if (m[4]) conditions.push({ op: m[5]!.toLowerCase() as Op, value: Number(m[6]) });
  return { measure: m[1]!, conditions, joint: (m[4]?.toLowerCase() ?? "and") as "and" | "or" };
}

/** Selected years; none selected is an empty answer, not an error (as Tesseract answers): year 0 matches no row. */
function yearList(years: number[]): TimeSpec {
  return { kind: "list", years: years.length ? years : [0] };
}

/** The `time` forms, against the years the cube holds (ascending). */
function parseTime(value: string, timeLevel: string, years: number[]): TimeSpec {
  const parts = value.split(".").map((s) => s.trim());
  const first = parts[0]!.toLowerCase();
  if (first === "year" || first === timeLevel.toLowerCase()) parts.shift();
  if (!parts.length) throw bad(`time: expected ${timeLevel}.latest, ${timeLevel}.oldest, ${timeLevel}.trailing.N or ${timeLevel}.gte.YEAR`);
  const kind = parts[0]!.toLowerCase();
  const count = (text: string | undefined) => {
    if (text === undefined) return 1;
    if (!/^\d{1,4}$/.test(text) || Number(text) < 1) throw bad(`time: "${text.slice(0, 20)}" is not a count of periods`);
    return Number(text);
  };
  if (parts.length === 1 && /^\d{4}$/.test(kind)) return { kind: "list", years: [Number(kind)] };
  if (kind === "latest" || kind === "trailing") {
    const n = count(parts[1]);
    return n === 1 && kind === "latest" ? { kind: "latest" } : yearList(years.slice(-n));
  }
  if (kind === "oldest" || kind === "leading") {
    const n = count(parts[1]);
    return n === 1 && kind === "oldest" ? { kind: "oldest" } : yearList(years.slice(0, n));
  }
  if (COMPARISONS.has(kind)) {
    const f = parseFilter(["Year", ...parts].join("."));
    const pass = (y: number) => {
      const results = f.conditions.map(({ op, value: v }) => (op === "gt" ? y > v : op === "gte" ? y >= v : op === "lt" ? y < v : op === "lte" ? y <= v : op === "eq" ? y === v : y !== v));
      return f.joint === "or" ? results.some(Boolean) : results.every(Boolean);
    };
    return yearList(years.filter(pass));
  }
  if (kind === "complete") throw new TesseractError(400, "time: the 'complete' restriction is for sub-annual data; every cube here is annual");
  throw bad(`time: unknown restriction "${kind.slice(0, 20)}" (latest, oldest, trailing, leading, gt, gte, lt, lte, eq)`);
}

export function parseTesseractParams(params: URLSearchParams, cubeInfo: { timeLevel: string; years: number[] } | null, defaultLocale: Locale = "en"): TesseractRequest {
  const get = (name: string): string | undefined => {
    const values = params.getAll(name);
    return values.length ? values.join(name === "include" || name === "exclude" ? ";" : ",") : undefined;
  };
  for (const key of params.keys()) {
    if (!KNOWN.has(key)) throw bad(`unknown parameter "${key.slice(0, 60)}"`);
  }
  const cube = get("cube")?.trim();
  if (!cube) throw bad("cube is required");
  const locale = tesseractLocale(get("locale"), defaultLocale);
  const properties = get("properties");
  if (properties && splitList(properties).length) throw bad(`properties: levels here have no properties (asked for "${properties.slice(0, 60)}")`);

  const drilldowns = splitList(get("drilldowns") ?? "");
  const measures = splitList(get("measures") ?? "");
  const cuts = [...parseCuts("include", get("include") ?? ""), ...parseCuts("cuts", get("cuts") ?? "")];
  const exclude = parseCuts("exclude", get("exclude") ?? "");

  let limit: number | undefined;
  let offset: number | undefined;
  const limitText = get("limit");
  if (limitText !== undefined && limitText.trim() !== "") {
    const [l, o] = limitText.split(",").map((s) => s.trim());
    if (!/^\d{1,9}$/.test(l ?? "") || (o !== undefined && !/^\d{1,12}$/.test(o))) throw bad(`limit: expected "limit" or "limit,offset", got "${limitText.slice(0, 40)}"`);
    // Tesseract's 0 means "no limit": here, one page of the most rows we send.
    limit = Number(l) === 0 ? MAX_PAGE_SIZE : Math.min(Number(l), MAX_PAGE_SIZE);
    offset = o === undefined ? 0 : Number(o);
  }

  const sortText = get("sort");
  const sort = sortText
    ? splitList(sortText).map((item) => {
        const m = /^(.*)\.(asc|desc)$/i.exec(item);
        return m ? { key: m[1]!.trim(), direction: m[2]!.toLowerCase() as "asc" | "desc" } : { key: item, direction: "asc" as const };
      })
    : undefined;

  const timeText = get("time");
  const time = timeText ? parseTime(timeText, cubeInfo?.timeLevel ?? "Year", cubeInfo?.years ?? []) : undefined;

  const parentsText = get("parents")?.trim();
  let parents = false;
  let parentsOf: string[] | null = null;
  if (parentsText !== undefined && parentsText !== "") {
    if (/^(true|1|yes|on|y)$/i.test(parentsText)) parents = true;
    else if (/^(false|0|no|off|n)$/i.test(parentsText)) parents = false;
    else {
      parents = true;
      parentsOf = splitList(parentsText);
    }
  }

  let growth: DataQuery["growth"];
  const growthText = get("growth");
  if (growthText) {
    const parts = growthText.split(".");
    const period = parts.findIndex((p) => p === "period" || p === "fixed");
    const head = period === -1 ? parts : parts.slice(0, period);
    if (head.length < 2) throw bad(`growth: expected Level.Measure.period.1, got "${growthText.slice(0, 60)}"`);
    if (period !== -1) {
      const method = parts[period];
      const amount = parts.slice(period + 1).join(".");
      if (method === "fixed") throw bad("growth: the 'fixed' method (growth against one member) is not supported here; use Level.Measure.period.1");
      if (amount !== "1" && amount !== "") throw bad(`growth: only the change from one period to the next (period.1) is supported, got period.${amount.slice(0, 10)}`);
    }
    growth = { level: head[0]!, measure: head.slice(1).join(".") };
  }

  const filters = get("filters") ? splitList(get("filters")!).map(parseFilter) : undefined;

  let top: DataQuery["top"];
  const topText = get("top");
  if (topText) {
    // N.Level[,Level].Measure.order
    const m = /^(\d{1,6})\.(.+)\.(asc|desc)$/i.exec(topText.trim());
    if (!m) throw bad(`top: expected N.Level.Measure.desc, got "${topText.slice(0, 60)}"`);
    const middle = m[2]!;
    const dot = middle.lastIndexOf(".");
    if (dot <= 0) throw bad(`top: expected N.Level.Measure.desc, got "${topText.slice(0, 60)}"`);
    top = { n: Number(m[1]), levels: splitList(middle.slice(0, dot)), measure: middle.slice(dot + 1), direction: m[3]!.toLowerCase() as "asc" | "desc" };
    if (top.n < 1) throw bad("top: N must be at least 1");
  }

  let ranking: RankingSpec[] | "all" | undefined;
  const rankingText = get("ranking")?.trim();
  if (rankingText) {
    if (/^(true|1|yes)$/i.test(rankingText)) ranking = "all";
    else if (!/^(false|0|no)$/i.test(rankingText)) {
      ranking = splitList(rankingText).map((item) => (item.startsWith("-") ? { measure: item.slice(1), direction: "asc" as const } : { measure: item, direction: "desc" as const }));
    }
  }

  const alias = new Map<string, string>();
  const aliasText = get("alias") ?? get("aliases");
  if (aliasText) {
    for (const token of splitList(aliasText, ";")) {
      const at = token.indexOf(":");
      if (at <= 0 || !token.slice(at + 1).trim()) throw bad(`alias: expected Level:Name, got "${token.slice(0, 60)}"`);
      alias.set(token.slice(0, at).trim(), token.slice(at + 1).trim().slice(0, 100));
    }
  }

  return {
    query: {
      cube,
      drilldowns,
      measures: measures.length ? measures : undefined,
      cuts,
      exclude,
      time,
      growth,
      parents,
      sort,
      limit: limit ?? MAX_PAGE_SIZE,
      offset: offset ?? 0,
      filters,
      top,
      ranking,
    },
    locale,
    alias,
    parentsOf,
  };
}
