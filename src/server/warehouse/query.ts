/**
 * From a request (query string) or a page (typed object) to a validated, registry-resolved query.
 * Both paths end in `resolveQuery`, so the HTTP API and the site's pages obey the same rules.
 *
 * Query string form (documented in docs/warehouse.md):
 *   cube=trade_i_ots_a_sections&drilldowns=Year,Section&measures=Trade Value
 *   &cut=Exporter Country=deu,fra  (repeatable)   or directly: &Exporter Country=deu,fra
 *   &exclude=Importer Country=deu  (repeatable)
 *   &time=latest | 2018 | 2010-2015 | 2016,2017   &growth=Year,Trade Value
 *   &rca=Exporter Country,Section,Trade Value      &parents=true
 *   &sort=Trade Value.desc  &limit=100  &offset=0  &locale=en|es|zh  &format=jsonrecords|csv|parquet
 */
import "server-only";
import { z } from "zod";
import type { Locale } from "@/domain/i18n/locales";
import { badParameter, WarehouseError } from "./errors";
import {
  ancestorsOf,
  cubeLevels,
  derivedMeasures,
  dimensionOfLevel,
  findLevel,
  getCube,
  type CubeDef,
  type DerivedKind,
  isComplexityKind,
  type LevelDef,
  type MeasureDef,
} from "./registry";
import { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, type Cut, type DataQuery, type ResponseFormat, type TimeSpec } from "./types";
import { MAX_DRILLDOWNS, MAX_LIST, MAX_NAME } from "./queryParams";

export { parseSearchParams, parseTime, type ParsedRequest } from "./queryParams";

export const MAX_QUERY_STRING = 8192;

// ---------------------------------------------------------------------------------------------
// Typed input (pages), validated for shape before meaning

const idSchema = z.union([z.string().max(64), z.number().int().safe()]);
const cutSchema = z.object({ level: z.string().min(1).max(MAX_NAME), ids: z.array(idSchema).min(1).max(MAX_LIST) });

export const dataQuerySchema = z.object({
  cube: z.string().min(1).max(MAX_NAME),
  drilldowns: z.array(z.string().min(1).max(MAX_NAME)).max(MAX_DRILLDOWNS).optional(),
  measures: z.array(z.string().min(1).max(MAX_NAME)).max(20).optional(),
  cuts: z.array(cutSchema).max(20).optional(),
  exclude: z.array(cutSchema).max(20).optional(),
  time: z
    .union([
      z.object({ kind: z.literal("latest") }),
      z.object({ kind: z.literal("oldest") }),
      z.object({ kind: z.literal("range"), from: z.number().int(), to: z.number().int() }),
      z.object({ kind: z.literal("list"), years: z.array(z.number().int()).min(1).max(MAX_LIST) }),
    ])
    .optional(),
  growth: z.object({ level: z.string().min(1).max(MAX_NAME), measure: z.string().min(1).max(MAX_NAME) }).optional(),
  rca: z
    .object({
      levels: z.tuple([z.string().min(1).max(MAX_NAME), z.string().min(1).max(MAX_NAME)]),
      measure: z.string().min(1).max(MAX_NAME),
    })
    .optional(),
  parents: z.boolean().optional(),
  sort: z.array(z.object({ key: z.string().min(1).max(MAX_NAME), direction: z.enum(["asc", "desc"]) })).max(10).optional(),
  limit: z.number().int().optional(),
  offset: z.number().int().optional(),
  filters: z
    .array(
      z.object({
        measure: z.string().min(1).max(MAX_NAME),
        conditions: z.array(z.object({ op: z.enum(["gt", "gte", "lt", "lte", "eq", "neq"]), value: z.number().finite() })).min(1).max(2),
        joint: z.enum(["and", "or"]),
      }),
    )
    .max(10)
    .optional(),
  top: z
    .object({ n: z.number().int().min(1).max(100_000), levels: z.array(z.string().min(1).max(MAX_NAME)).max(MAX_DRILLDOWNS), measure: z.string().min(1).max(MAX_NAME), direction: z.enum(["asc", "desc"]) })
    .optional(),
  ranking: z.union([z.literal("all"), z.array(z.object({ measure: z.string().min(1).max(MAX_NAME), direction: z.enum(["asc", "desc"]) })).max(20)]).optional(),
});


// ---------------------------------------------------------------------------------------------
// DataQuery -> ResolvedQuery (meaning, against the registry)

export interface ResolvedCut {
  level: LevelDef;
  ids: (string | number)[];
}

export interface OutputMeasure {
  name: string;
  kind: "base" | DerivedKind;
  base: MeasureDef;
}

export interface ResolvedQuery {
  cube: CubeDef;
  drilldowns: LevelDef[];
  parents: boolean;
  /** Base measures the aggregation computes (those asked for plus those growth/RCA need). */
  baseMeasures: MeasureDef[];
  output: OutputMeasure[];
  cuts: ResolvedCut[];
  exclude: ResolvedCut[];
  time: TimeSpec | null;
  growth: { level: LevelDef; measure: MeasureDef } | null;
  rca: { levels: [LevelDef, LevelDef]; measure: MeasureDef } | null;
  sort: { key: { kind: "measure"; name: string } | { kind: "level"; level: LevelDef }; direction: "asc" | "desc" }[];
  limit: number;
  offset: number;
  /** Default members applied because the query left their dimension open. */
  defaults: { cut: ResolvedCut; note: string }[];
  /**
   * A measure in the output is stored per year (an index, a rank, relatedness) and Year is not
   * drilled down: the compiler checks that the query selects exactly one year. Holds its name.
   */
  singleYearFor: string | null;
  /** Tesseract's extras, all on measures of the output: conditions, top N per group, rank columns. */
  filters: { measure: string; conditions: { op: "gt" | "gte" | "lt" | "lte" | "eq" | "neq"; value: number }[]; joint: "and" | "or" }[];
  top: { n: number; levels: LevelDef[]; measure: string; direction: "asc" | "desc" } | null;
  ranking: { measure: string; direction: "asc" | "desc"; name: string }[];
}

function normaliseId(level: LevelDef, raw: string | number, parameter: string): string | number {
  const spec = level.id;
  const text = String(raw).trim();
  if (spec.type === "integer") {
    if (!/^-?\d{1,9}$/.test(text)) {
      throw new WarehouseError("invalid_cut", `${parameter}: "${text.slice(0, 40)}" is not a valid ${level.name} id (an integer, e.g. ${spec.example})`, { parameter });
    }
    const n = Number(text);
    if (n < spec.min || n > spec.max) {
      throw new WarehouseError("invalid_cut", `${parameter}: ${level.name} id ${n} is outside ${spec.min}-${spec.max}`, { parameter });
    }
    return n;
  }
  const value = spec.lowerCase ? text.toLowerCase() : text;
  if (value.length > 64 || !spec.pattern.test(value)) {
    throw new WarehouseError("invalid_cut", `${parameter}: "${text.slice(0, 40)}" is not a valid ${level.name} id (e.g. ${spec.example})`, { parameter });
  }
  return value;
}

function resolveLevel(cube: CubeDef, name: string, parameter: string): LevelDef {
  const level = findLevel(cube, name);
  if (!level) {
    const known = cubeLevels(cube).map((l) => l.name).join(", ");
    throw new WarehouseError("unknown_level", `${parameter}: unknown level "${name.slice(0, MAX_NAME)}" in ${cube.name} (levels: ${known})`, { parameter });
  }
  return level;
}

function resolveCuts(cube: CubeDef, cuts: readonly Cut[], parameter: string): ResolvedCut[] {
  const out: ResolvedCut[] = [];
  for (const cut of cuts) {
    const level = resolveLevel(cube, cut.level, parameter);
    if (out.some((c) => c.level.name === level.name)) {
      throw new WarehouseError("invalid_cut", `${parameter}: ${level.name} is cut more than once; list all ids in one cut`, { parameter });
    }
    const ids = [...new Set(cut.ids.map((id) => normaliseId(level, id, parameter)))];
    out.push({ level, ids });
  }
  return out;
}

/** The growth and RCA asked for, checked against the cube and the drilldowns. */
function resolveDerivations(cube: CubeDef, q: Pick<DataQuery, "growth" | "rca">, drilldowns: readonly LevelDef[], measureOf: (name: string, parameter: string) => MeasureDef): Pick<ResolvedQuery, "growth" | "rca"> {
  let growth: ResolvedQuery["growth"] = null;
  if (q.growth) {
    const level = resolveLevel(cube, q.growth.level, "growth");
    if (level.name !== cube.timeLevel) throw badParameter("growth", `growth is computed over ${cube.timeLevel} only, not ${level.name}`);
    if (!drilldowns.includes(level)) throw badParameter("growth", `growth over ${level.name} needs ${level.name} in drilldowns`);
    growth = { level, measure: measureOf(q.growth.measure, "growth") };
  }
  let rca: ResolvedQuery["rca"] = null;
  if (q.rca) {
    const a = resolveLevel(cube, q.rca.levels[0], "rca");
    const b = resolveLevel(cube, q.rca.levels[1], "rca");
    const measure = measureOf(q.rca.measure, "rca");
    if (!measure.rca) throw badParameter("rca", `RCA is not defined for ${measure.name}`);
    if (a === b || dimensionOfLevel(cube, a.name) === dimensionOfLevel(cube, b.name)) {
      throw badParameter("rca", `rca needs two levels from different dimensions, e.g. Exporter Country and a product level`);
    }
    if (a.name === cube.timeLevel || b.name === cube.timeLevel) throw badParameter("rca", `rca cannot use ${cube.timeLevel}; drill down by it instead`);
    for (const level of [a, b]) if (!drilldowns.includes(level)) throw badParameter("rca", `rca on ${level.name} needs ${level.name} in drilldowns`);
    rca = { levels: [a, b], measure };
  }
  return { growth, rca };
}

/**
 * Non-additive measures: every level they are defined at is drilled or cut to one member. Returns
 * the first measure defined per year when the year is not drilled down (the query must then select
 * one year), else null.
 */
function singleYearMeasure(cube: CubeDef, output: readonly OutputMeasure[], drilldowns: readonly LevelDef[], cuts: readonly ResolvedCut[]): string | null {
  let singleYearFor: string | null = null;
  for (const o of output) {
    const grain = o.kind === "base" ? (o.base.grain ?? []) : isComplexityKind(o.kind) ? [cube.timeLevel] : [];
    for (const levelName of grain) {
      if (drilldowns.some((l) => l.name === levelName)) continue;
      if (levelName === cube.timeLevel) {
        singleYearFor ??= o.name;
        continue;
      }
      const cut = cuts.find((c) => c.level.name === levelName);
      if (cut && cut.ids.length === 1) continue;
      throw badParameter(
        "measures",
        `measures: ${o.name} is defined per ${grain.join(", ")} and cannot be added up; put ${levelName} in drilldowns or cut it to one member`,
      );
    }
  }
  return singleYearFor;
}

/** Default members: a dimension that is neither drilled, cut nor used by RCA gets its default. */
function defaultCuts(cube: CubeDef, drilldowns: readonly LevelDef[], cuts: readonly ResolvedCut[], exclude: readonly ResolvedCut[]): ResolvedQuery["defaults"] {
  const defaults: ResolvedQuery["defaults"] = [];
  for (const dimension of cube.dimensions) {
    if (!dimension.defaultMember) continue;
    const levels = dimension.hierarchies.flatMap((h) => h.levels);
    const used = levels.some((l) => drilldowns.includes(l) || cuts.some((c) => c.level === l) || exclude.some((c) => c.level === l));
    if (used) continue;
    const level = levels.find((l) => l.name === dimension.defaultMember!.level)!;
    defaults.push({ cut: { level, ids: [dimension.defaultMember.id] }, note: dimension.defaultMember.note });
  }
  return defaults;
}

/** The page asked for, within the API's bounds. */
function pageBounds(q: Pick<DataQuery, "limit" | "offset">): { limit: number; offset: number } {
  const limit = q.limit ?? DEFAULT_PAGE_SIZE;
  if (limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new WarehouseError("limit_out_of_range", `limit must be between 1 and ${MAX_PAGE_SIZE}, got ${limit}`, { parameter: "limit" });
  }
  const offset = q.offset ?? 0;
  if (offset < 0 || offset > 1_000_000_000) throw badParameter("offset", `offset must be between 0 and 1000000000, got ${offset}`);
  return { limit, offset };
}

export function resolveQuery(input: DataQuery): ResolvedQuery {
  const shape = dataQuerySchema.safeParse(input);
  if (!shape.success) {
    const issue = shape.error.issues[0];
    const parameter = String(issue.path[0] ?? "query");
    throw badParameter(parameter, `${issue.path.join(".") || "query"}: ${issue.message}`);
  }
  const q = shape.data;
  const cube = getCube(q.cube);
  if (!cube) throw new WarehouseError("unknown_cube", `unknown cube "${q.cube.slice(0, MAX_NAME)}"; see /api/cubes`, { parameter: "cube" });

  const drilldowns: LevelDef[] = [];
  for (const name of q.drilldowns ?? []) {
    const level = resolveLevel(cube, name, "drilldowns");
    if (drilldowns.includes(level)) throw badParameter("drilldowns", `drilldowns: ${name} listed twice`);
    drilldowns.push(level);
  }

  const baseByName = new Map(cube.measures.map((m) => [m.name, m]));
  const derivedByName = new Map(derivedMeasures(cube).map((m) => [m.name, m]));
  const measureOf = (name: string, parameter: string): MeasureDef => {
    const m = baseByName.get(name);
    if (!m) {
      throw new WarehouseError("unknown_measure", `${parameter}: unknown measure "${name.slice(0, MAX_NAME)}" in ${cube.name} (measures: ${[...baseByName.keys()].join(", ")})`, {
        parameter,
      });
    }
    return m;
  };

  const { growth, rca } = resolveDerivations(cube, q, drilldowns, measureOf);

  const output: OutputMeasure[] = [];
  const requested = q.measures && q.measures.length ? q.measures : [cube.defaultMeasure];
  for (const name of requested) {
    if (output.some((o) => o.name === name)) throw badParameter("measures", `measures: ${name} listed twice`);
    const base = baseByName.get(name);
    if (base) {
      output.push({ name, kind: "base", base });
      continue;
    }
    const derived = derivedByName.get(name);
    if (derived?.parameter === "complexity") {
      const link = cube.complexity!;
      for (const levelName of [link.countryLevel, link.productLevel]) {
        if (!drilldowns.some((l) => l.name === levelName)) {
          throw badParameter(
            "measures",
            `measures: ${name} is stored per ${link.countryLevel} and ${link.productLevel}; add both to drilldowns (e.g. drilldowns=${link.countryLevel},${link.productLevel})`,
          );
        }
      }
      output.push({ name, kind: derived.kind, base: baseByName.get(derived.base)! });
      continue;
    }
    if (derived) {
      const enabled = derived.parameter === "rca" ? rca?.measure.name === derived.base : growth?.measure.name === derived.base;
      if (!enabled) {
        const hint = derived.parameter === "rca" ? `rca=<Level>,<Level>,${derived.base}` : `growth=${cube.timeLevel},${derived.base}`;
        throw badParameter("measures", `measures: ${name} is computed only with ${hint}`, "unknown_measure");
      }
      output.push({ name, kind: derived.kind, base: baseByName.get(derived.base)! });
      continue;
    }
    measureOf(name, "measures");
  }
  const addDerived = (base: MeasureDef, kind: DerivedKind, name: string) => {
    if (!output.some((o) => o.name === name)) output.push({ name, kind, base });
  };
  if (growth) {
    addDerived(growth.measure, "growth", `${growth.measure.name} Growth`);
    addDerived(growth.measure, "growthValue", `${growth.measure.name} Growth Value`);
  }
  if (rca) addDerived(rca.measure, "rca", `${rca.measure.name} RCA`);
  const baseMeasures = [...new Set(output.map((o) => o.base))];

  const cuts = resolveCuts(cube, q.cuts ?? [], "cut");
  const exclude = resolveCuts(cube, q.exclude ?? [], "exclude");
  const time = q.time ?? null;

  const singleYearFor = singleYearMeasure(cube, output, drilldowns, cuts);
  if (time && cuts.some((c) => c.level.name === cube.timeLevel)) {
    throw badParameter("time", `time and a cut on ${cube.timeLevel} cannot be combined; use one of them`, "invalid_time");
  }
  if (time?.kind === "range" && time.from > time.to) throw new WarehouseError("invalid_time", `time: range ends before it starts`, { parameter: "time" });

  const defaults = defaultCuts(cube, drilldowns, cuts, exclude);

  const resultLevels = new Set<LevelDef>(drilldowns);
  if (q.parents) for (const d of drilldowns) for (const a of ancestorsOf(cube, d)) resultLevels.add(a);
  const sort: ResolvedQuery["sort"] = (q.sort ?? []).map((s) => {
    if (output.some((o) => o.name === s.key)) return { key: { kind: "measure" as const, name: s.key }, direction: s.direction };
    const level = findLevel(cube, s.key);
    if (level && resultLevels.has(level)) return { key: { kind: "level" as const, level }, direction: s.direction };
    throw new WarehouseError("invalid_sort", `sort: "${s.key.slice(0, MAX_NAME)}" is neither a measure in the result nor a drilled-down level`, {
      parameter: "sort",
    });
  });

  const inOutput = (name: string, parameter: string) => {
    if (!output.some((o) => o.name === name)) {
      throw badParameter(parameter, `${parameter}: "${name.slice(0, MAX_NAME)}" is not a measure of the answer (${output.map((o) => o.name).join(", ")})`, "unknown_measure");
    }
    return name;
  };
  const filters = (q.filters ?? []).map((f) => ({ measure: inOutput(f.measure, "filters"), conditions: f.conditions, joint: f.joint }));
  let top: ResolvedQuery["top"] = null;
  if (q.top) {
    const levels = q.top.levels.map((name) => {
      const level = resolveLevel(cube, name, "top");
      if (!resultLevels.has(level)) throw badParameter("top", `top: ${level.name} must be in drilldowns`);
      return level;
    });
    top = { n: q.top.n, levels, measure: inOutput(q.top.measure, "top"), direction: q.top.direction };
  }
  const rankingAsked = q.ranking === "all" ? output.map((o) => ({ measure: o.name, direction: "desc" as const })) : (q.ranking ?? []);
  const ranking = rankingAsked.map((r) => ({ measure: inOutput(r.measure, "ranking"), direction: r.direction, name: `${r.measure} Ranking` }));

  const { limit, offset } = pageBounds(q);

  return {
    cube,
    drilldowns,
    parents: Boolean(q.parents),
    baseMeasures,
    output,
    cuts,
    exclude,
    time,
    growth,
    rca,
    sort,
    limit,
    offset,
    defaults,
    singleYearFor,
    filters,
    top,
    ranking,
  };
}

/** Stable text for a resolved query: equal queries (however written) give equal keys. */
export function canonicalKey(q: ResolvedQuery, locale: Locale): string {
  const cuts = (list: ResolvedCut[]) =>
    list
      .map((c) => [c.level.name, [...c.ids].map(String).sort()] as const)
      .sort((a, b) => a[0].localeCompare(b[0]));
  return JSON.stringify([
    q.cube.name,
    locale,
    q.drilldowns.map((l) => l.name),
    q.output.map((o) => o.name),
    cuts(q.cuts),
    cuts(q.exclude),
    q.time,
    q.growth ? [q.growth.level.name, q.growth.measure.name] : null,
    q.rca ? [q.rca.levels[0].name, q.rca.levels[1].name, q.rca.measure.name] : null,
    q.parents,
    q.sort.map((s) => [s.key.kind === "measure" ? s.key.name : s.key.level.name, s.direction]),
    q.limit,
    q.offset,
    // Absent on /api/data queries: their keys stay as they were.
    ...(q.filters.length || q.top || q.ranking.length ? [q.filters, q.top ? [q.top.n, q.top.levels.map((l) => l.name), q.top.measure, q.top.direction] : null, q.ranking] : []),
  ]);
}

/** The query string for a DataQuery: what a chart shows as "the API query behind it". */
export function toSearchParams(query: DataQuery, locale?: Locale, format?: ResponseFormat): URLSearchParams {
  const p = new URLSearchParams();
  p.set("cube", query.cube);
  if (query.drilldowns?.length) p.set("drilldowns", query.drilldowns.join(","));
  if (query.measures?.length) p.set("measures", query.measures.join(","));
  for (const c of query.cuts ?? []) p.append("cut", `${c.level}=${c.ids.join(",")}`);
  for (const c of query.exclude ?? []) p.append("exclude", `${c.level}=${c.ids.join(",")}`);
  if (query.time) {
    const t = query.time;
    p.set("time", t.kind === "range" ? `${t.from}-${t.to}` : t.kind === "list" ? t.years.join(",") : t.kind);
  }
  if (query.growth) p.set("growth", `${query.growth.level},${query.growth.measure}`);
  if (query.rca) p.set("rca", `${query.rca.levels[0]},${query.rca.levels[1]},${query.rca.measure}`);
  if (query.parents) p.set("parents", "true");
  if (query.sort?.length) p.set("sort", query.sort.map((s) => `${s.key}.${s.direction}`).join(","));
  if (query.limit !== undefined) p.set("limit", String(query.limit));
  if (query.offset) p.set("offset", String(query.offset));
  if (locale && locale !== "en") p.set("locale", locale);
  if (format && format !== "jsonrecords") p.set("format", format);
  return p;
}
