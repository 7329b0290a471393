/**
 * The data explorer's pivot (rows x columns of two levels) and member search, computed in the
 * warehouse. A pivot is an ordinary cube query drilled by the two levels, compiled by the
 * warehouse's own compiler (so cuts, time, growth, RCA and defaults mean what they mean on
 * /api/data), then folded by conditional aggregation: one query picks the columns (the largest
 * MAX_PIVOT_COLUMNS members; the latest years for the time level), a second sums each column per
 * row for one page of rows. Every member id reaches SQL as a bound parameter.
 */
import "server-only";
import type { PivotResponse } from "@/domain/queryBuilder/pivot";
import { MAX_PIVOT_COLUMNS } from "@/domain/queryBuilder/state";
import type { Locale } from "@/domain/i18n/locales";
import { compileQuery } from "@/server/warehouse/compile";
import { WarehouseError } from "@/server/warehouse/errors";
import { executeQuery } from "@/server/warehouse/execute";
import { resolveQuery } from "@/server/warehouse/query";
import { getCube } from "@/server/warehouse/registry";
import { warehouseDialect, withStatements } from "@/server/warehouse/statements";
import type { DataQuery } from "@/server/warehouse/types";
import { pivotColumns, pivotRowCount, pivotRows, type PivotSource } from "./statements";

export interface PivotRequest {
  /** The query without drilldowns, sort or paging: its cuts, time, growth, RCA and measures. */
  query: DataQuery;
  rows: string;
  columns: string;
  limit: number;
  offset: number;
  locale: Locale;
}

export type { PivotResponse };

function plain(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  return String(value);
}

function numberOrNull(value: unknown): number | null {
  const v = plain(value);
  return typeof v === "number" ? v : v === null ? null : Number.isFinite(Number(v)) ? Number(v) : null;
}

export async function pivotQuery(request: PivotRequest): Promise<PivotResponse> {
  const { rows, columns, locale } = request;
  if (rows === columns) throw new WarehouseError("invalid_parameter", "rows and columns must be two different levels", { parameter: "columns" });
  const resolved = resolveQuery({ ...request.query, drilldowns: [rows, columns], sort: undefined, limit: undefined, offset: undefined, parents: false });
  const measure = resolved.output[0]!;
  const timeLevel = resolved.cube.timeLevel;

  return withStatements(async (session) => {
    const cubeMeta = session.meta.cubes.get(resolved.cube.name);
    if (!cubeMeta) {
      throw new WarehouseError("cube_not_loaded", `cube ${resolved.cube.name} is not in this warehouse (its source data was not imported); see /api/cubes`, { status: 404, parameter: "cube" });
    }
    const compiled = compileQuery(resolved, { locale, cube: cubeMeta, tables: session.meta.tables, dialect: warehouseDialect() });
    const { sql, columns: names } = compiled.unpaged();
    const [rowLevel, columnLevel] = resolved.drilldowns;
    const source: PivotSource = {
      sql,
      params: compiled.params,
      rowLevel: rowLevel.name,
      columnLevel: columnLevel.name,
      rowCaption: names.includes(rowLevel.name),
      columnCaption: names.includes(columnLevel.name),
      measure: measure.name,
      time: columnLevel.name === timeLevel ? "columns" : rowLevel.name === timeLevel ? "rows" : null,
    };

    const columnRows = await session.run(pivotColumns, { source, max: MAX_PIVOT_COLUMNS });
    let members = columnRows.map((r) => ({ id: plain(r.id) as string | number, name: String(plain(r.name) ?? plain(r.id)) }));
    if (columnLevel.name === timeLevel) members = members.sort((a, b) => Number(a.id) - Number(b.id));
    const columnTotal = columnRows.length ? Number(plain(columnRows[0].n)) : 0;

    let data: PivotResponse["data"] = [];
    let total = 0;
    if (members.length) {
      const rowsOut = await session.run(pivotRows, { source, columns: members.map((c) => c.id), limit: request.limit, offset: request.offset });
      data = rowsOut.map((r) => ({
        id: plain(r.id) as string | number,
        name: String(plain(r.name) ?? plain(r.id)),
        values: members.map((_, i) => numberOrNull(r[`v${i}`])),
        total: numberOrNull(r.total),
      }));
      total = rowsOut.length ? Number(plain(rowsOut[0].__total)) : 0;
      if (!rowsOut.length && request.offset > 0) {
        const [count] = await session.run(pivotRowCount, { source });
        total = Number(plain(count) ?? 0);
      }
    }
    const additive = measure.kind === "base" && !measure.base.grain;
    if (!additive) for (const row of data) row.total = null;
    const annotations: Record<string, string> = { ...resolved.cube.annotations };
    for (const d of resolved.defaults) annotations[`default_${d.cut.level.name.toLowerCase().replace(/\W+/g, "_")}`] = d.note;
    return {
      cube: resolved.cube.name,
      measure: measure.name,
      additive,
      rows: { level: rowLevel.name },
      columns: { level: columnLevel.name, members, total: columnTotal, capped: columnTotal > members.length, max: MAX_PIVOT_COLUMNS },
      data,
      page: { limit: request.limit, offset: request.offset, total },
      source: { years: compiled.years, annotations },
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Member search

export interface MemberHit {
  id: string | number;
  name: string;
}

export const MAX_MEMBER_HITS = 50;

function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * Members of a level that hold data in the cube (captions in `locale`), matching `search` in the
 * id or the name (accents and case ignored); without a search, the largest first.
 */
export async function searchMembers(cubeName: string, level: string, search: string, locale: Locale): Promise<{ members: MemberHit[]; total: number }> {
  const cube = getCube(cubeName);
  if (!cube) throw new WarehouseError("unknown_cube", `unknown cube "${cubeName.slice(0, 100)}"; see /api/cubes`, { parameter: "cube" });
  const measure = cube.measures.find((mm) => !mm.grain) ?? cube.measures[0];
  const { response } = await executeQuery({ cube: cube.name, drilldowns: [level], measures: [measure.name], sort: [{ key: measure.name, direction: "desc" }] }, locale).catch((error: unknown) => {
    // The level is this API's `level` parameter, not a drilldown the caller wrote.
    if (error instanceof WarehouseError && error.parameter === "drilldowns") throw new WarehouseError(error.code, error.message.replace(/^drilldowns: /, "level: "), { status: error.status, parameter: "level" });
    throw error;
  });
  const all = response.data.map((r) => ({ id: r[`${level} ID`] as string | number, name: String(r[level] ?? r[`${level} ID`]) })).filter((r) => r.id !== null && r.id !== undefined);
  const needle = fold(search.trim());
  if (!needle) return { members: all.slice(0, MAX_MEMBER_HITS), total: all.length };
  const scored = all
    .map((member) => {
      const id = fold(String(member.id));
      const name = fold(member.name);
      const score = id === needle ? 0 : name === needle ? 1 : id.startsWith(needle) ? 2 : name.startsWith(needle) ? 3 : name.includes(needle) || id.includes(needle) ? 4 : -1;
      return { member, score };
    })
    .filter((s) => s.score >= 0)
    .sort((a, b) => a.score - b.score || a.member.name.localeCompare(b.member.name));
  return { members: scored.slice(0, MAX_MEMBER_HITS).map((s) => s.member), total: scored.length };
}
