/**
 * The data explorer's query, as the builder holds it and as its shareable URL carries it, and its
 * translation into the /api/data and /api/pivot parameters. Pure: no IO; the meaning of names
 * (cubes, levels, members) is checked by the warehouse, which answers 400 with a message.
 */

export const CHART_KINDS = ["treemap", "line", "stacked", "bar"] as const;
export type ChartKind = (typeof CHART_KINDS)[number];
export const VIEWS = ["table", "chart", "pivot", "api"] as const;
export type View = (typeof VIEWS)[number];
export const PAGE_SIZES = [25, 50, 100, 250] as const;
export const DEFAULT_PAGE_SIZE = 50;
/** Columns a pivot shows at most (the largest ones; the note says how many there are). */
export const MAX_PIVOT_COLUMNS = 50;
/** Rows per pivot page. */
export const PIVOT_PAGE_SIZE = 100;

export const LIMITS = { drilldowns: 8, measures: 20, cuts: 20, ids: 200, name: 100, id: 64 } as const;

export interface BuilderCut {
  level: string;
  ids: string[];
}

export interface BuilderState {
  cube: string;
  drilldowns: string[];
  measures: string[];
  cuts: BuilderCut[];
  /** "" (every year), "latest", "oldest", "2018", "2010-2015" or "2016,2017": /api/data's `time`. */
  time: string;
  /** Growth over the time level of the first measure (adds "<Measure> Growth" and "... Growth Value"). */
  growth: boolean;
  /** RCA of the first measure between two drilled levels. */
  rca: [string, string] | null;
  /** "Trade Value.desc"; "" for the default order. */
  sort: string;
  pageSize: number;
  /** 1-based. */
  page: number;
  /** null: the builder picks the chart for the shape of the answer. */
  chart: ChartKind | null;
  view: View;
  /** Pivot: rows x columns, two drilled levels. */
  pivot: { rows: string; columns: string } | null;
}

export function emptyState(cube = ""): BuilderState {
  return { cube, drilldowns: [], measures: [], cuts: [], time: "", growth: false, rca: null, sort: "", pageSize: DEFAULT_PAGE_SIZE, page: 1, chart: null, view: "table", pivot: null };
}

/** Why a query cannot be run yet, before asking the warehouse (message keys under queryBuilder.errors). */
export type StateProblem = "noCube" | "noMeasure" | "growthNeedsTime" | "rcaNeedsLevels" | "pivotNeedsTwo" | "emptyCut";

export function stateProblems(state: BuilderState, timeLevel: string | null): StateProblem[] {
  const problems: StateProblem[] = [];
  if (!state.cube) problems.push("noCube");
  if (state.cube && state.measures.length === 0) problems.push("noMeasure");
  if (state.growth && (!timeLevel || !state.drilldowns.includes(timeLevel))) problems.push("growthNeedsTime");
  if (state.rca && (state.rca[0] === state.rca[1] || !state.drilldowns.includes(state.rca[0]) || !state.drilldowns.includes(state.rca[1]))) problems.push("rcaNeedsLevels");
  if (state.view === "pivot" && (!state.pivot || state.pivot.rows === state.pivot.columns)) problems.push("pivotNeedsTwo");
  if (state.cuts.some((c) => c.ids.length === 0)) problems.push("emptyCut");
  return problems;
}

/** The /api/data parameters of the query (without paging), in the order the docs list them. */
export function dataParams(state: BuilderState, timeLevel: string | null, locale: string): URLSearchParams {
  const p = new URLSearchParams();
  p.set("cube", state.cube);
  if (state.drilldowns.length) p.set("drilldowns", state.drilldowns.join(","));
  if (state.measures.length) p.set("measures", state.measures.join(","));
  for (const c of state.cuts) if (c.ids.length) p.append("cut", `${c.level}=${c.ids.join(",")}`);
  if (state.time) p.set("time", state.time);
  const first = state.measures[0];
  if (state.growth && first && timeLevel) p.set("growth", `${timeLevel},${first}`);
  if (state.rca && first) p.set("rca", `${state.rca[0]},${state.rca[1]},${first}`);
  if (state.sort) p.set("sort", state.sort);
  if (locale !== "en") p.set("locale", locale);
  return p;
}

/** "/api/data?…" for one page of the answer (or the whole first 10,000 rows for downloads). */
export function dataUrl(state: BuilderState, timeLevel: string | null, locale: string, options: { format?: "csv" | "parquet"; page?: boolean } = {}): string {
  const p = dataParams(state, timeLevel, locale);
  if (options.page !== false) {
    p.set("limit", String(state.pageSize));
    if (state.page > 1) p.set("offset", String((state.page - 1) * state.pageSize));
  }
  if (options.format) p.set("format", options.format);
  return `/api/data?${p.toString()}`;
}

/** "/api/pivot?…": the same query with the pivot's two levels as rows and columns. */
export function pivotUrl(state: BuilderState, timeLevel: string | null, locale: string, page = 1): string | null {
  if (!state.pivot) return null;
  const p = dataParams({ ...state, drilldowns: [], sort: "" }, timeLevel, locale);
  p.delete("drilldowns");
  p.set("rows", state.pivot.rows);
  p.set("columns", state.pivot.columns);
  p.set("limit", String(PIVOT_PAGE_SIZE));
  if (page > 1) p.set("offset", String((page - 1) * PIVOT_PAGE_SIZE));
  return `/api/pivot?${p.toString()}`;
}

/**
 * The two pivot levels the state suggests: the first two drilldowns (years across the top); with
 * fewer drilldowns, the drilled level (or the cube's first level) by years, or by another level.
 */
export function defaultPivot(state: BuilderState, timeLevel: string | null, levels: readonly string[] = []): { rows: string; columns: string } | null {
  const [a, b] = state.drilldowns;
  if (a && b) return a === timeLevel ? { rows: b, columns: a } : { rows: a, columns: b };
  const rows = a && a !== timeLevel ? a : levels.find((l) => l !== timeLevel);
  if (!rows) return null;
  const columns = timeLevel && levels.includes(timeLevel) ? timeLevel : levels.find((l) => l !== rows);
  return columns ? { rows, columns } : null;
}
