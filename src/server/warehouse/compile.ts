/**
 * ResolvedQuery -> SQL. Identifiers come only from the registry (quoted); every member id, year,
 * limit and offset is a bound parameter.
 *
 * Shape of the generated statement:
 *   base     aggregate the chosen table (the smallest one that has every needed column, with
 *            zone-map pruning estimated from import statistics), inner filters applied
 *   derived  growth (LAG over years) and RCA (window sums), when asked
 *   filtered filters that had to wait for the windows (RCA cuts, the exact growth years)
 *   page     sort, count, limit/offset
 *   final    member captions joined for the page only
 */
import "server-only";
import { ident } from "./sql";
import { isLocale } from "@/domain/i18n/locales";
import { WarehouseError } from "./errors";
import { COMPLEXITY_MEASURES, ancestorsOf, dimensionOfLevel, isComplexityKind, type LevelDef, type TableDef } from "./registry";
import type { ResolvedCut, ResolvedQuery } from "./query";
import type { Locale } from "./types";
import type { CubeMeta, SqlDialect, SqlParam, TableMeta } from "./engine";

export interface OutputColumn {
  name: string;
  alias: string;
  kind: "id" | "caption" | "measure";
  level?: LevelDef;
  /** For captions: alias of the column saying the caption fell back to English. */
  fallbackAlias?: string;
  idAlias?: string;
}

export interface CompiledQuery {
  sql: string;
  countSql: string;
  /** The whole answer, unpaged, columns named as the API names them (bulk files); same params. Built on demand. */
  unpaged(): { sql: string; columns: string[] };
  params: Record<string, SqlParam>;
  columns: OutputColumn[];
  table: string;
  years: number[];
}

export interface CompileContext {
  locale: Locale;
  cube: CubeMeta | undefined;
  tables: Map<string, TableMeta>;
  /** The target engine's SQL spelling (parameters); DuckDB's when not given. */
  dialect?: SqlDialect;
}

class Params {
  readonly values: Record<string, SqlParam> = {};
  private n = 0;
  constructor(private readonly dialect: SqlDialect) {}
  add(value: SqlParam): string {
    const name = `p${this.n++}`;
    this.values[name] = value;
    return this.dialect.param(name);
  }
}

/** DuckDB's spelling, the default target (the engine passes its own dialect). */
const DEFAULT_DIALECT: SqlDialect = { name: "duckdb", ident, param: (name) => `$${name}` };

function inList(column: string, ids: readonly (string | number)[], params: Params, negate = false): string {
  if (ids.length === 1) return `${column} ${negate ? "<>" : "="} ${params.add(ids[0])}`;
  return `${column} ${negate ? "NOT IN" : "IN"} (${ids.map((id) => params.add(id)).join(", ")})`;
}

/** Years selected by `time` or a cut on the time level; null when the query does not restrict time. */
function selectedYears(q: ResolvedQuery, cube: CubeMeta | undefined): number[] | null {
  const available = cube?.years ?? [];
  const timeCut = q.cuts.find((c) => c.level.name === q.cube.timeLevel);
  if (timeCut) return timeCut.ids.map(Number).sort((a, b) => a - b);
  if (!q.time) return null;
  switch (q.time.kind) {
    case "latest":
      return available.length ? [available[available.length - 1]] : [];
    case "oldest":
      return available.length ? [available[0]] : [];
    case "range": {
      const { from, to } = q.time;
      if (to - from > 500) throw new WarehouseError("invalid_time", "time: range longer than 500 years", { parameter: "time" });
      return Array.from({ length: to - from + 1 }, (_, i) => from + i);
    }
    case "list":
      return [...new Set(q.time.years)].sort((a, b) => a - b);
  }
}

/**
 * The one year a per-year measure is read for when Year is not drilled down: the selected years
 * that exist in the cube must be exactly one (with no time filter, the cube must hold one year).
 */
function singleYear(q: ResolvedQuery, years: number[] | null, ctx: CompileContext): number {
  const available = ctx.cube?.years ?? [];
  const candidates = years ? years.filter((y) => available.includes(y)) : available;
  if (candidates.length === 1) return candidates[0];
  // Selected years the cube does not hold: the answer is empty either way ("no data"), not an error.
  if (candidates.length === 0 && years && years.length > 0) return years[0];
  const what = q.singleYearFor ?? q.output.find((o) => isComplexityKind(o.kind))?.name ?? "this measure";
  throw new WarehouseError(
    "invalid_parameter",
    `measures: ${what} is stored per ${q.cube.timeLevel}; add ${q.cube.timeLevel} to drilldowns or select one year (e.g. time=latest)`,
    { parameter: "measures" },
  );
}

/** Estimated rows scanned: the table's rows, narrowed by cuts on its leading sort columns. */
function estimateScan(table: TableDef, meta: TableMeta | undefined, equalityCuts: Map<string, number>, fallbackRank: number): number {
  if (!meta) return 1e12 + fallbackRank;
  let rows = meta.rows;
  for (const group of table.sortKey) {
    const col = group.find((c) => equalityCuts.has(c) && table.columns.includes(c));
    if (!col) break;
    rows *= Math.min(1, equalityCuts.get(col)! / Math.max(1, meta.distinct[col] ?? 1));
  }
  return rows;
}

export function chooseTable(q: ResolvedQuery, needed: Set<string>, equalityCuts: Map<string, number>, tables: Map<string, TableMeta>): TableDef {
  const candidates = q.cube.tables.filter((t) => [...needed].every((col) => t.columns.includes(col)));
  if (candidates.length === 0) throw new Error(`no table of ${q.cube.name} has columns ${[...needed].join(", ")}`);
  let best = candidates[0];
  let bestCost = Infinity;
  candidates.forEach((t, i) => {
    const cost = estimateScan(t, tables.get(t.name), equalityCuts, i);
    if (cost < bestCost) {
      best = t;
      bestCost = cost;
    }
  });
  return best;
}

/** Levels in the result: each drilldown, preceded by its ancestors when parents=true. */
function resultLevelsOf(q: ResolvedQuery): LevelDef[] {
  const resultLevels: LevelDef[] = [];
  for (const d of q.drilldowns) {
    if (q.parents) for (const a of ancestorsOf(q.cube, d)) if (!resultLevels.includes(a) && !q.drilldowns.includes(a)) resultLevels.push(a);
    if (!resultLevels.includes(d)) resultLevels.push(d);
  }
  return resultLevels;
}

/** A cut deferred past RCA must be on the RCA level of its dimension or a coarser one. */
function checkRcaCuts(q: ResolvedQuery, deferredCuts: readonly ResolvedCut[]): void {
  if (!q.rca) return;
  for (const c of deferredCuts) {
    const rcaLevel = q.rca.levels.find((l) => dimensionOfLevel(q.cube, l.name) === dimensionOfLevel(q.cube, c.level.name))!;
    if (c.level !== rcaLevel && !ancestorsOf(q.cube, rcaLevel).includes(c.level)) {
      throw new WarehouseError("invalid_cut", `a cut on ${c.level.name} cannot be combined with rca on ${rcaLevel.name}; cut ${rcaLevel.name} or a coarser level`, {
        parameter: "cut",
      });
    }
  }
}

/** The page's columns: each result level's id and caption (joined from its member table), each output, each rank. */
function pageSelect(q: ResolvedQuery, requested: string, resultLevels: readonly LevelDef[], keyAlias: ReadonlyMap<LevelDef, string>, outputAlias: (name: string) => string): { select: string[]; joins: string[]; columns: OutputColumn[] } {
  const select: string[] = [];
  const joins: string[] = [];
  const columns: OutputColumn[] = [];
  // Only a site language names a column (a route that let "favicon.ico" through as a locale
  // must not reach the SQL as an identifier): anything else reads English.
  const locale = isLocale(requested) ? requested : "en";
  const nameColumn = ident(`name_${locale}`);
  resultLevels.forEach((level, i) => {
    const key = `page.${keyAlias.get(level)}`;
    const idName = `${level.name} ID`;
    const idAlias = `c${i}_id`;
    select.push(`${key} AS ${idAlias}`);
    columns.push({ name: idName, alias: idAlias, kind: "id", level });
    const capAlias = `c${i}_caption`;
    if (level.members) {
      const d = `d${i}`;
      joins.push(`LEFT JOIN ${ident(level.members)} AS ${d} ON ${d}."id" = ${key}`);
      select.push(`${d}.${nameColumn} AS ${capAlias}`);
      if (locale !== "en") {
        select.push(`${d}.${ident(`name_${locale}_fallback`)} AS c${i}_fb`);
        columns.push({ name: level.name, alias: capAlias, kind: "caption", level, fallbackAlias: `c${i}_fb`, idAlias });
      } else {
        columns.push({ name: level.name, alias: capAlias, kind: "caption", level, idAlias });
      }
    } else {
      select.push(`${key} AS ${capAlias}`);
      columns.push({ name: level.name, alias: capAlias, kind: "caption", level, idAlias });
    }
  });
  q.output.forEach((o, i) => {
    select.push(`page.${outputAlias(o.name)} AS o${i}`);
    columns.push({ name: o.name, alias: `o${i}`, kind: "measure" });
  });
  q.ranking.forEach((r, i) => {
    select.push(`page.__rk${i} AS r${i}`);
    columns.push({ name: r.name, alias: `r${i}`, kind: "measure" });
  });
  select.push(`page.__total AS __total`);
  return { select, joins, columns };
}

export function compileQuery(q: ResolvedQuery, ctx: CompileContext): CompiledQuery {
  const params = new Params(ctx.dialect ?? DEFAULT_DIALECT);
  const years = selectedYears(q, ctx.cube);
  const timeLevel = q.cube.dimensions.flatMap((d) => d.hierarchies.flatMap((h) => h.levels)).find((l) => l.name === q.cube.timeLevel)!;

  const resultLevels = resultLevelsOf(q);

  // Cuts on an RCA dimension must wait until RCA is computed over all members.
  const rcaDims = q.rca ? q.rca.levels.map((l) => dimensionOfLevel(q.cube, l.name)) : [];
  const deferred = (c: ResolvedCut) => rcaDims.includes(dimensionOfLevel(q.cube, c.level.name));
  const innerCuts = [...q.cuts.filter((c) => !deferred(c) && c.level !== timeLevel), ...q.defaults.map((d) => d.cut)];
  const outerCuts = q.cuts.filter(deferred);
  const innerExcludes = q.exclude.filter((c) => !deferred(c));
  const outerExcludes = q.exclude.filter(deferred);
  checkRcaCuts(q, [...outerCuts, ...outerExcludes]);
  const hiddenLevels = [...outerCuts, ...outerExcludes].map((c) => c.level).filter((l) => !resultLevels.includes(l));
  const keyLevels = [...resultLevels, ...hiddenLevels.filter((l, i, all) => all.indexOf(l) === i)];
  const keyAlias = new Map(keyLevels.map((l, i) => [l, `k${i}`]));

  // Years: growth needs the year before each selected one, filtered out again at the end.
  const innerYears = years && q.growth ? [...new Set(years.flatMap((y) => [y - 1, y]))].sort((a, b) => a - b) : years;

  const needed = new Set<string>(keyLevels.map((l) => l.column));
  for (const c of [...innerCuts, ...innerExcludes]) needed.add(c.level.column);
  if (innerYears) needed.add(timeLevel.column);
  const equalityCuts = new Map<string, number>(innerCuts.map((c) => [c.level.column, c.ids.length]));
  if (innerYears) equalityCuts.set(timeLevel.column, Math.max(1, innerYears.length));
  const table = chooseTable(q, needed, equalityCuts, ctx.tables);

  const where: string[] = [];
  for (const c of innerCuts) where.push(inList(ident(c.level.column), c.ids, params));
  for (const c of innerExcludes) where.push(inList(ident(c.level.column), c.ids, params, true));
  if (innerYears) where.push(innerYears.length ? inList(ident(timeLevel.column), innerYears, params) : "false");

  const measureAlias = new Map(q.baseMeasures.map((m, i) => [m.name, `m${i}`]));
  const keySelect = keyLevels.map((l) => `${ident(l.column)} AS ${keyAlias.get(l)}`);
  const measureSelect = q.baseMeasures.map((m) => `${m.sql} AS ${measureAlias.get(m.name)}`);
  const groupBy = keyLevels.length ? `GROUP BY ${keyLevels.map((l) => ident(l.column)).join(", ")}` : "";
  const ctes: string[] = [
    `base AS (SELECT ${[...keySelect, ...measureSelect].join(", ")} FROM ${ident(table.name)}${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ${groupBy} HAVING count(*) > 0)`,
  ];

  const derivedCols: string[] = [];
  const drillKeys = q.drilldowns.map((l) => keyAlias.get(l)!);
  const partition = (keys: string[]) => (keys.length ? `PARTITION BY ${keys.join(", ")}` : "");
  if (q.growth) {
    const ky = keyAlias.get(q.growth.level)!;
    const mg = measureAlias.get(q.growth.measure.name)!;
    const others = drillKeys.filter((k) => k !== ky);
    derivedCols.push(
      `CASE WHEN lag(${ky}) OVER (${partition(others)} ORDER BY ${ky}) = ${ky} - 1 THEN lag(${mg}) OVER (${partition(others)} ORDER BY ${ky}) END AS __prev`,
    );
  }
  if (q.rca) {
    const [ka, kb] = q.rca.levels.map((l) => keyAlias.get(l)!);
    const mr = measureAlias.get(q.rca.measure.name)!;
    const others = drillKeys.filter((k) => k !== ka && k !== kb);
    derivedCols.push(
      `(${mr} / NULLIF(sum(${mr}) OVER (${partition([...others, ka])}), 0)) / NULLIF(sum(${mr}) OVER (${partition([...others, kb])}) / NULLIF(sum(${mr}) OVER (${partition(others)}), 0), 0) AS __rca`,
    );
  }
  // Stored complexity measures (relatedness, ...) join the set's country x product table.
  let complexityJoin = "";
  if (q.output.some((o) => isComplexityKind(o.kind)) && q.cube.complexity) {
    const link = q.cube.complexity;
    const countryKey = keyAlias.get(q.drilldowns.find((l) => l.name === link.countryLevel)!)!;
    const productLevel = q.drilldowns.find((l) => l.name === link.productLevel)!;
    const productKey = keyAlias.get(productLevel)!;
    const yearKey = keyAlias.get(timeLevel);
    const yearExpr = yearKey ?? params.add(singleYear(q, years, ctx));
    for (const m of COMPLEXITY_MEASURES) derivedCols.push(`cx.${ident(m.column)} AS __${m.kind}`);
    complexityJoin = ` LEFT JOIN ${ident(link.table)} AS cx ON cx."year" = ${yearExpr} AND cx."country" = base.${countryKey} AND cx.${ident(productLevel.column)} = base.${productKey}`;
  } else if (q.singleYearFor) {
    singleYear(q, years, ctx);
  }
  ctes.push(`derived AS (SELECT base.*${derivedCols.length ? `, ${derivedCols.join(", ")}` : ""} FROM base${complexityJoin})`);

  const outer: string[] = [];
  for (const c of outerCuts) outer.push(inList(keyAlias.get(c.level)!, c.ids, params));
  for (const c of outerExcludes) outer.push(inList(keyAlias.get(c.level)!, c.ids, params, true));
  if (q.growth && years) outer.push(years.length ? inList(keyAlias.get(q.growth.level)!, years, params) : "false");
  const growthOf = q.growth ? measureAlias.get(q.growth.measure.name)! : null;
  const growthCols = growthOf ? `, ${growthOf} - __prev AS __gv, (${growthOf} - __prev) / NULLIF(__prev, 0) AS __gr` : "";
  ctes.push(`filtered AS (SELECT *${growthCols} FROM derived${outer.length ? ` WHERE ${outer.join(" AND ")}` : ""})`);

  const outputAlias = (name: string): string => {
    const o = q.output.find((x) => x.name === name)!;
    if (o.kind === "base") return measureAlias.get(o.base.name)!;
    if (o.kind === "growth") return "__gr";
    if (o.kind === "growthValue") return "__gv";
    if (isComplexityKind(o.kind)) return `__${o.kind}`;
    return "__rca";
  };

  // Tesseract's extras, in the warehouse and before paging (so the total counts what passes):
  // conditions on measures, then the top N per group, then rank columns over what is left.
  let source = "filtered";
  if (q.filters.length || q.top) {
    const SQL_OP = { gt: ">", gte: ">=", lt: "<", lte: "<=", eq: "=", neq: "<>" } as const;
    const conditions = q.filters.map((f) => `(${f.conditions.map((c) => `${outputAlias(f.measure)} ${SQL_OP[c.op]} ${params.add(c.value)}`).join(f.joint === "or" ? " OR " : " AND ")})`);
    const qualify = q.top
      ? ` QUALIFY row_number() OVER (${partition(q.top.levels.map((l) => keyAlias.get(l)!))} ORDER BY ${outputAlias(q.top.measure)} ${q.top.direction.toUpperCase()} NULLS LAST) <= ${params.add(q.top.n)}`
      : "";
    ctes.push(`refined AS (SELECT * FROM filtered${conditions.length ? ` WHERE ${conditions.join(" AND ")}` : ""}${qualify})`);
    source = "refined";
  }
  if (q.ranking.length) {
    const ranks = q.ranking.map((r, i) => `rank() OVER (ORDER BY ${outputAlias(r.measure)} ${r.direction.toUpperCase()} NULLS LAST) AS __rk${i}`);
    ctes.push(`ranked AS (SELECT *, ${ranks.join(", ")} FROM ${source})`);
    source = "ranked";
  }
  const order: string[] = q.sort.map((s) => {
    const expr = s.key.kind === "measure" ? outputAlias(s.key.name) : keyAlias.get(s.key.level)!;
    return `${expr} ${s.direction.toUpperCase()} NULLS LAST`;
  });
  for (const l of resultLevels) order.push(`${keyAlias.get(l)} ASC NULLS LAST`);
  const orderBy = order.length ? `ORDER BY ${order.join(", ")}` : "";
  const limit = params.add(q.limit);
  const offset = params.add(q.offset);
  ctes.push(`page AS (SELECT *, count(*) OVER () AS __total FROM ${source} ${orderBy} LIMIT ${limit} OFFSET ${offset})`);

  const { select, joins, columns } = pageSelect(q, ctx.locale, resultLevels, keyAlias, outputAlias);
  const finalOrder = order.map((o) => `page.${o}`).join(", ");
  const withClause = `WITH ${ctes.join(",\n")}`;
  const sql = `${withClause}\nSELECT ${select.join(", ")} FROM page ${joins.join(" ")}${finalOrder ? ` ORDER BY ${finalOrder}` : ""}`;
  const countSql = `${withClause}\nSELECT count(*) AS n FROM ${source}`;
  // Unpaged (only the bulk export asks; built then, not on every query): the same CTEs with every
  // row in "page"; a caption without a member table is its id and is left out; a member missing
  // from its table is captioned by its id, as shape() does.
  const unpaged = () => {
    const exportCtes = [...ctes.slice(0, -1), `page AS (SELECT *, 0 AS __total FROM ${source})`];
    const exported = columns.filter((c) => !(c.kind === "caption" && !c.level?.members));
    const named = exported.map((c) => (c.kind === "caption" ? `COALESCE(x.${c.alias}, CAST(x.${c.idAlias} AS VARCHAR))` : `x.${c.alias}`) + ` AS ${(ctx.dialect ?? DEFAULT_DIALECT).ident(c.name)}`);
    const exportOrder = columns.filter((c) => c.kind === "id").map((c) => `x.${c.alias} ASC NULLS LAST`);
    const sql = `WITH ${exportCtes.join(",\n")}\nSELECT ${named.join(", ")} FROM (SELECT ${select.join(", ")} FROM page ${joins.join(" ")}) AS x${exportOrder.length ? ` ORDER BY ${exportOrder.join(", ")}` : ""}`;
    return { sql, columns: exported.map((c) => c.name) };
  };
  const available = ctx.cube?.years ?? [];
  return {
    sql,
    countSql,
    unpaged,
    params: params.values,
    columns,
    table: table.name,
    years: years ? years.filter((y) => available.includes(y)) : [...available],
  };
}
