/**
 * The query string of /api/data (and the routes that share its parameters) read into a DataQuery:
 * lists, cuts, time, sort and flags checked for shape and size only. What the names mean is
 * resolved against the registry by resolveQuery (query.ts).
 */
import "server-only";
import { isLocale, LOCALES, type Locale } from "@/domain/i18n/locales";
import { badParameter, WarehouseError } from "./errors";
import { cubeLevels, getCube } from "./registry";
import { MAX_PAGE_SIZE, type Cut, type DataQuery, type ResponseFormat, type SortKey, type TimeSpec } from "./types";

export const MAX_LIST = 1000;
export const MAX_DRILLDOWNS = 8;
export const MAX_NAME = 100;

// Query string -> DataQuery

const RESERVED = new Set([
  "cube",
  "drilldowns",
  "measures",
  "cut",
  "exclude",
  "time",
  "growth",
  "rca",
  "parents",
  "sort",
  "limit",
  "offset",
  "locale",
  "format",
]);
const REPEATABLE = new Set(["cut", "exclude"]);

function list(parameter: string, value: string, max: number): string[] {
  const items = value.split(",").map((s) => s.trim());
  if (items.some((s) => s.length === 0)) throw badParameter(parameter, `${parameter}: empty item in "${value.slice(0, 100)}"`);
  if (items.length > max) throw badParameter(parameter, `${parameter}: at most ${max} items`);
  return items;
}

function parseCutText(parameter: string, text: string): Cut {
  const eq = text.indexOf("=");
  const colon = text.indexOf(":");
  // "Level=ids" is the documented form; "Level:ids" is accepted because Tesseract clients send it.
  const at = eq >= 0 ? eq : colon;
  if (at <= 0) throw badParameter(parameter, `${parameter}: expected "Level=id1,id2", got "${text.slice(0, 100)}"`, "invalid_cut");
  const level = text.slice(0, at).trim();
  const ids = text.slice(at + 1);
  if (!ids.trim()) throw badParameter(parameter, `${parameter}: no member ids for ${level.slice(0, MAX_NAME)}`, "invalid_cut");
  return { level, ids: list(parameter, ids, MAX_LIST) };
}

function parseInteger(parameter: string, value: string, min: number, max: number, code: "invalid_parameter" | "limit_out_of_range" = "invalid_parameter"): number {
  if (!/^-?\d{1,12}$/.test(value.trim())) throw badParameter(parameter, `${parameter} must be an integer, got "${value.slice(0, 40)}"`);
  const n = Number(value);
  if (n < min || n > max) throw badParameter(parameter, `${parameter} must be between ${min} and ${max}, got ${n}`, code);
  return n;
}

export function parseTime(parameter: string, value: string): TimeSpec {
  const v = value.trim().toLowerCase();
  if (v === "latest" || v === "year.latest") return { kind: "latest" };
  if (v === "oldest" || v === "year.oldest") return { kind: "oldest" };
  const range = /^(\d{4})\s*-\s*(\d{4})$/.exec(v);
  if (range) {
    const from = Number(range[1]);
    const to = Number(range[2]);
    if (from > to) throw new WarehouseError("invalid_time", `${parameter}: range ${from}-${to} ends before it starts`, { parameter });
    return { kind: "range", from, to };
  }
  if (/^\d{4}(\s*,\s*\d{4})*$/.test(v)) {
    const years = v.split(",").map((s) => Number(s.trim()));
    if (years.length > MAX_LIST) throw new WarehouseError("invalid_time", `${parameter}: at most ${MAX_LIST} years`, { parameter });
    return { kind: "list", years };
  }
  throw new WarehouseError("invalid_time", `${parameter}: expected latest, oldest, a year, a range like 2010-2015 or a list like 2016,2017; got "${value.slice(0, 60)}"`, {
    parameter,
  });
}

function parseSort(parameter: string, value: string): SortKey[] {
  return list(parameter, value, 10).map((item) => {
    const m = /^(.*)\.(asc|desc)$/i.exec(item);
    if (m) return { key: m[1].trim(), direction: m[2].toLowerCase() as "asc" | "desc" };
    return { key: item, direction: "desc" };
  });
}

function parseBoolean(parameter: string, value: string): boolean {
  const v = value.trim().toLowerCase();
  if (v === "true" || v === "1" || v === "") return true;
  if (v === "false" || v === "0") return false;
  throw badParameter(parameter, `${parameter} must be true or false, got "${value.slice(0, 20)}"`);
}

export interface ParsedRequest {
  query: DataQuery;
  locale: Locale;
  format: ResponseFormat;
}

/** Parses /api/data query parameters. Unknown names are errors (so typos never pass silently). */
export function parseSearchParams(params: URLSearchParams): ParsedRequest {
  const seen = new Map<string, string[]>();
  for (const [key, value] of params) {
    if (key.length > MAX_NAME) throw badParameter(key.slice(0, 40), `parameter name too long`, "unknown_parameter");
    const values = seen.get(key) ?? [];
    values.push(value);
    seen.set(key, values);
  }
  const single = (name: string): string | undefined => {
    const values = seen.get(name);
    if (!values) return undefined;
    if (values.length > 1 && !REPEATABLE.has(name)) throw badParameter(name, `${name} given ${values.length} times; give it once`);
    return values[0];
  };

  const cubeName = single("cube");
  if (cubeName === undefined || !cubeName.trim()) throw badParameter("cube", "cube is required, e.g. cube=trade_i_ots_a_sections");
  const cube = getCube(cubeName.trim());
  if (!cube) throw new WarehouseError("unknown_cube", `unknown cube "${cubeName.slice(0, MAX_NAME)}"; see /api/cubes`, { parameter: "cube" });

  const localeValue = single("locale");
  let locale: Locale = "en";
  if (localeValue !== undefined) {
    const l = localeValue.trim().toLowerCase();
    if (!isLocale(l)) throw badParameter("locale", `locale must be one of ${LOCALES.join(", ")}, got "${localeValue.slice(0, 20)}"`);
    locale = l;
  }
  const formatValue = single("format");
  let format: ResponseFormat = "jsonrecords";
  if (formatValue !== undefined) {
    const f = formatValue.trim().toLowerCase();
    if (f !== "jsonrecords" && f !== "csv" && f !== "parquet") throw badParameter("format", `format must be jsonrecords, csv or parquet, got "${formatValue.slice(0, 20)}"`);
    format = f;
  }

  const cuts: Cut[] = (seen.get("cut") ?? []).map((text) => parseCutText("cut", text));
  const exclude: Cut[] = (seen.get("exclude") ?? []).map((text) => parseCutText("exclude", text));
  const levelNames = new Set(cubeLevels(cube).map((l) => l.name));
  for (const [key, values] of seen) {
    if (RESERVED.has(key)) continue;
    if (!levelNames.has(key)) {
      throw badParameter(key.slice(0, MAX_NAME), `unknown parameter "${key.slice(0, MAX_NAME)}" (not a parameter of /api/data nor a level of ${cube.name})`, "unknown_parameter");
    }
    if (values.length > 1) throw badParameter(key, `${key} given ${values.length} times; list the ids once, comma-separated`);
    if (!values[0].trim()) throw badParameter(key, `${key}: no member ids`, "invalid_cut");
    cuts.push({ level: key, ids: list(key, values[0], MAX_LIST) });
  }

  const drilldownsValue = single("drilldowns");
  const measuresValue = single("measures");
  const timeValue = single("time");
  const growthValue = single("growth");
  const rcaValue = single("rca");
  const parentsValue = single("parents");
  const sortValue = single("sort");
  const limitValue = single("limit");
  const offsetValue = single("offset");

  let growth: DataQuery["growth"];
  if (growthValue !== undefined) {
    const parts = list("growth", growthValue, 2);
    if (parts.length !== 2) throw badParameter("growth", `growth must be "Level,Measure", e.g. growth=Year,Trade Value`);
    growth = { level: parts[0], measure: parts[1] };
  }
  let rca: DataQuery["rca"];
  if (rcaValue !== undefined) {
    const parts = list("rca", rcaValue, 3);
    if (parts.length !== 3) throw badParameter("rca", `rca must be "Level,Level,Measure", e.g. rca=Exporter Country,Section,Trade Value`);
    rca = { levels: [parts[0], parts[1]], measure: parts[2] };
  }

  const query: DataQuery = {
    cube: cube.name,
    drilldowns: drilldownsValue === undefined || drilldownsValue.trim() === "" ? [] : list("drilldowns", drilldownsValue, MAX_DRILLDOWNS),
    measures: measuresValue === undefined || measuresValue.trim() === "" ? undefined : list("measures", measuresValue, 20),
    cuts,
    exclude,
    time: timeValue === undefined ? undefined : parseTime("time", timeValue),
    growth,
    rca,
    parents: parentsValue === undefined ? false : parseBoolean("parents", parentsValue),
    sort: sortValue === undefined || sortValue.trim() === "" ? undefined : parseSort("sort", sortValue),
    limit: limitValue === undefined ? undefined : parseInteger("limit", limitValue, 1, MAX_PAGE_SIZE, "limit_out_of_range"),
    offset: offsetValue === undefined ? undefined : parseInteger("offset", offsetValue, 0, 1_000_000_000),
  };
  return { query, locale, format };
}
