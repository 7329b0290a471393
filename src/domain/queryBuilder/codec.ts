/**
 * The shareable URL of the data explorer: the whole query (cube, drilldowns, measures, cuts, time,
 * growth, RCA, sort, page, chart, view, pivot) as query-string parameters, and back. Decoding is
 * forgiving: malformed, oversized or hostile values are dropped (the page then says what is
 * missing), never thrown; names are checked against the cube later, by the warehouse.
 */
import { CHART_KINDS, DEFAULT_PAGE_SIZE, emptyState, LIMITS, PAGE_SIZES, VIEWS, type BuilderCut, type BuilderState, type ChartKind, type View } from "./state";

type Params = URLSearchParams | Readonly<Record<string, string | readonly string[] | undefined>>;

function all(params: Params, key: string): string[] {
  if (params instanceof URLSearchParams) return params.getAll(key);
  const value = params[key];
  if (value === undefined) return [];
  return typeof value === "string" ? [value] : [...value];
}

function first(params: Params, key: string): string | undefined {
  return all(params, key)[0];
}

const CONTROL = /[\u0000-\u001f\u007f<>]/;

/** A level or measure name: printable, no separators the URL uses, at most 100 characters. */
export function cleanName(value: string | undefined): string | null {
  if (value === undefined) return null;
  const v = value.trim();
  if (!v || v.length > LIMITS.name || CONTROL.test(v) || v.includes(",") || v.includes("=")) return null;
  return v;
}

/** A member id: letters, digits and . _ - only, at most 64 characters. */
export function cleanId(value: string): string | null {
  const v = value.trim();
  return /^[A-Za-z0-9._-]{1,64}$/.test(v) ? v : null;
}

function names(value: string | undefined, max: number): string[] {
  if (!value) return [];
  const out: string[] = [];
  for (const item of value.split(",")) {
    const name = cleanName(item);
    if (name && !out.includes(name)) out.push(name);
    if (out.length >= max) break;
  }
  return out;
}

const TIME = /^(latest|oldest|\d{4}|\d{4}-\d{4}|\d{4}(,\d{4}){1,49})$/;

export function cleanTime(value: string | undefined): string {
  const v = (value ?? "").trim().toLowerCase();
  if (!TIME.test(v)) return "";
  const range = /^(\d{4})-(\d{4})$/.exec(v);
  if (range && Number(range[1]) > Number(range[2])) return "";
  return v;
}

function positiveInt(value: string | undefined, fallback: number, max: number): number {
  if (!value || !/^\d{1,9}$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 && n <= max ? n : fallback;
}

export function decodeState(params: Params): BuilderState {
  const state = emptyState(cleanName(first(params, "cube")) ?? "");
  state.drilldowns = names(first(params, "drilldowns"), LIMITS.drilldowns);
  state.measures = names(first(params, "measures"), LIMITS.measures);
  const cuts: BuilderCut[] = [];
  for (const text of all(params, "cut").slice(0, LIMITS.cuts)) {
    const at = text.indexOf("=");
    if (at <= 0) continue;
    const level = cleanName(text.slice(0, at));
    if (!level || cuts.some((c) => c.level === level)) continue;
    const ids = [...new Set(text.slice(at + 1).split(",").map(cleanId).filter((id): id is string => id !== null))].slice(0, LIMITS.ids);
    if (ids.length) cuts.push({ level, ids });
  }
  state.cuts = cuts;
  state.time = cleanTime(first(params, "time"));
  state.growth = first(params, "growth") === "1";
  const rca = names(first(params, "rca"), 2);
  state.rca = rca.length === 2 ? [rca[0], rca[1]] : null;
  const sort = first(params, "sort");
  const m = sort ? /^(.{1,100})\.(asc|desc)$/.exec(sort) : null;
  state.sort = m && cleanName(m[1]) ? `${m[1].trim()}.${m[2]}` : "";
  const size = positiveInt(first(params, "size"), DEFAULT_PAGE_SIZE, 10_000);
  state.pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  state.page = positiveInt(first(params, "page"), 1, 1_000_000);
  const chart = first(params, "chart");
  state.chart = (CHART_KINDS as readonly string[]).includes(chart ?? "") ? (chart as ChartKind) : null;
  const view = first(params, "view");
  state.view = (VIEWS as readonly string[]).includes(view ?? "") ? (view as View) : "table";
  const rows = cleanName(first(params, "prows"));
  const columns = cleanName(first(params, "pcols"));
  state.pivot = rows && columns && rows !== columns ? { rows, columns } : null;
  return state;
}

/** The page's query string for a state (defaults left out, so short URLs stay short). */
export function encodeState(state: BuilderState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.cube) p.set("cube", state.cube);
  if (state.drilldowns.length) p.set("drilldowns", state.drilldowns.join(","));
  if (state.measures.length) p.set("measures", state.measures.join(","));
  for (const c of state.cuts) if (c.ids.length) p.append("cut", `${c.level}=${c.ids.join(",")}`);
  if (state.time) p.set("time", state.time);
  if (state.growth) p.set("growth", "1");
  if (state.rca) p.set("rca", state.rca.join(","));
  if (state.sort) p.set("sort", state.sort);
  if (state.pageSize !== DEFAULT_PAGE_SIZE) p.set("size", String(state.pageSize));
  if (state.page > 1) p.set("page", String(state.page));
  if (state.chart) p.set("chart", state.chart);
  if (state.view !== "table") p.set("view", state.view);
  if (state.pivot) {
    p.set("prows", state.pivot.rows);
    p.set("pcols", state.pivot.columns);
  }
  return p;
}

/** "/explorer?…" (without the locale prefix). */
export function explorerPath(state: BuilderState): string {
  const query = encodeState(state).toString();
  return query ? `/explorer?${query}` : "/explorer";
}
