/**
 * What the trend explorer is asked, as the URL and the API spell it, and the checks that need only
 * the catalogue's years (the server checks members against the warehouse). The URL holds the
 * whole selection, so a link restores it.
 */
import { z } from "zod";

export const TREND_SORTS = ["change", "cagr", "shareChange", "contribution", "v0", "v1"] as const;
export type TrendSort = (typeof TREND_SORTS)[number];
export const TREND_BY = ["products", "partners"] as const;
export type TrendBy = (typeof TREND_BY)[number];
export const TREND_DEPTHS = ["section", "hs2", "hs4", "hs6"] as const;
export type TrendDepth = (typeof TREND_DEPTHS)[number];
export const PAGE_SIZE = 50;
/** Small multiples drawn for the top movers. */
export const MOVERS = 8;
/** "world" or a country (3 letters) or continent (2 letters) id. */
const REPORTER = /^(world|[a-z]{2}|[a-z][a-z0-9]{2})$/;

const year = z.coerce.number().int().min(1900).max(2100);

export const trendParamsSchema = z
  .object({
    reporter: z.string().trim().toLowerCase().max(12).regex(REPORTER, "reporter: a country id (deu), a continent id (eu) or world"),
    flow: z.enum(["export", "import"]).default("export"),
    by: z.enum(TREND_BY).default("products"),
    depth: z.enum(TREND_DEPTHS).default("hs4"),
    from: year,
    to: year,
    min: z.coerce.number().min(0).max(1e15).default(0),
    section: z
      .string()
      .trim()
      .regex(/^\d{1,2}$/, "section: a section number (1-21)")
      .optional(),
    sort: z.enum(TREND_SORTS).default("change"),
    dir: z.enum(["asc", "desc"]).default("desc"),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine((p) => p.from < p.to, { message: "from must be an earlier year than to", path: ["to"] });

export type TrendParams = z.infer<typeof trendParamsSchema>;

export type ParamsResult = { ok: true; params: TrendParams } | { ok: false; message: string; field: string };

/** Reads the query string (URLSearchParams or a Next.js searchParams object); empty strings count as absent. */
export function parseTrendParams(input: URLSearchParams | Record<string, string | string[] | undefined>): ParamsResult {
  const raw: Record<string, string> = {};
  const entries = input instanceof URLSearchParams ? [...input.entries()] : Object.entries(input).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v] as const);
  for (const [key, value] of entries) if (typeof value === "string" && value.trim() !== "" && !(key in raw)) raw[key] = value.slice(0, 64);
  const parsed = trendParamsSchema.safeParse(raw);
  if (parsed.success) return { ok: true, params: parsed.data };
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? "query");
  const missing = issue?.code === "invalid_type" && raw[field] === undefined;
  return { ok: false, field, message: missing ? `${field}: required` : issue?.message.startsWith(field) ? issue.message : `${field}: ${issue?.message ?? "invalid"}` };
}

/** The query string of a selection, defaults left out, in a stable order. */
export function trendSearch(p: Partial<TrendParams>): string {
  const out = new URLSearchParams();
  const put = (key: string, value: unknown, skip?: unknown) => {
    if (value === undefined || value === null || value === "" || value === skip) return;
    out.set(key, String(value));
  };
  put("reporter", p.reporter);
  put("flow", p.flow);
  put("by", p.by);
  put("depth", p.depth);
  put("from", p.from);
  put("to", p.to);
  put("min", p.min, 0);
  put("section", p.section);
  put("sort", p.sort, "change");
  put("dir", p.dir, "desc");
  put("page", p.page, 1);
  return out.toString();
}

/** Key of a question's years: "flow:by:depth" (partners are read from section data: "flow:partners:section"). */
export const questionKey = (flow: string, by: string, depth: string): string => `${flow}:${by}:${by === "partners" ? "section" : depth}`;

export interface PeriodYear {
  year: number;
  dataset: string;
  /** Release of the dataset's source that year (domain/catalog); the dataset key when not known. */
  vintage?: string;
}

/** Two years compare only within one series: one dataset in one release. */
export function sameSeries(a: PeriodYear, b: PeriodYear): boolean {
  return a.dataset === b.dataset && (a.vintage ?? a.dataset) === (b.vintage ?? b.dataset);
}

/** Why a period cannot be answered, or null. */
export function periodProblem(years: readonly PeriodYear[], from: number, to: number): "empty" | "order" | "fromMissing" | "toMissing" | null {
  if (years.length < 2) return "empty";
  if (from >= to) return "order";
  if (!years.some((y) => y.year === from)) return "fromMissing";
  if (!years.some((y) => y.year === to)) return "toMissing";
  return null;
}

/**
 * The default period: the newest year whose series (dataset and release) has an earlier year too,
 * with the latest such earlier year. Null when no series holds two years: two releases or two
 * cleanings of the same trade would show their differences as growth.
 */
export function defaultPeriod(years: readonly PeriodYear[]): { from: number; to: number } | null {
  const sorted = [...years].sort((a, b) => a.year - b.year);
  for (let i = sorted.length - 1; i > 0; i--) {
    const to = sorted[i];
    const earlier = sorted.slice(0, i).filter((y) => y.year < to.year && sameSeries(y, to));
    if (earlier.length) return { from: earlier[earlier.length - 1].year, to: to.year };
  }
  return null;
}

/**
 * The preview's question among several depths: the newest comparable period any depth holds, the
 * finest depth on a tie (depths are given coarsest first, as the catalogue lists them).
 */
export function newestComparablePeriod<D extends string>(byDepth: readonly { depth: D; years: readonly PeriodYear[] }[]): { depth: D; from: number; to: number } | null {
  let best: { depth: D; from: number; to: number } | null = null;
  for (const { depth, years } of byDepth) {
    const period = defaultPeriod(years);
    if (period && (!best || period.to > best.to || (period.to === best.to && period.from >= best.from))) best = { depth, ...period };
  }
  return best;
}

/** Years of the period that the data holds (for the small multiples), oldest first. */
export function yearsWithin(years: readonly PeriodYear[], from: number, to: number): number[] {
  return years.map((y) => y.year).filter((y) => y >= from && y <= to).sort((a, b) => a - b);
}

/** Whether the two ends of the period come from one series (the explorer compares nothing else). */
export function periodInOneSeries(years: readonly PeriodYear[], from: number, to: number): boolean {
  const a = years.find((y) => y.year === from);
  const b = years.find((y) => y.year === to);
  return Boolean(a && b && sameSeries(a, b));
}
