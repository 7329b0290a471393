/**
 * The typed warehouse client every page uses; no page writes SQL. Queries go through the same
 * validation, compiler and cache as GET /api/data, and `dataApiUrl` gives the equivalent API URL
 * so a chart can show the query behind it.
 */
import "server-only";
import { cache } from "react";
import type { Locale } from "@/domain/i18n/locales";
import { warehouseStatus, type WarehouseStatus } from "./config";
import { warehouseMeta, withWarehouse } from "./db";
import { executeQuery, type ExecuteOptions } from "./execute";
import { canonicalKey, resolveQuery, toSearchParams } from "./query";
import { CUBES, describeCube, type CubeDescription } from "./registry";
import type { DataQuery, DataResponse, ResponseFormat } from "./types";

export type { DataQuery, DataResponse, DataRecord, Cut, TimeSpec, SortKey, CellValue } from "./types";
export { WarehouseError, isWarehouseError } from "./errors";
export { warehouseStatus };
export type { WarehouseStatus };

/**
 * One render asks for each query once: sections, charts and heroes that need the same numbers
 * share one answer (a map in React's request cache; outside a render it simply runs the query).
 * The answer is shared, so callers never mutate it (the result cache shares it already).
 */
const answersOfThisRender = cache(() => new Map<string, Promise<DataResponse>>());

/**
 * Runs a query (validated exactly like the HTTP API). Throws WarehouseError on bad input or no data.
 * Within a render, one answer per canonical query: two loaders that spell the same question
 * differently (a year cut or a time list, levels in another order) share it.
 */
export async function queryCube(query: DataQuery, locale: Locale = "en", options: ExecuteOptions = {}): Promise<DataResponse> {
  if (options.cache === false) return (await executeQuery(query, locale, options)).response;
  const key = canonicalKey(resolveQuery(query), locale);
  const answers = answersOfThisRender();
  let answer = answers.get(key);
  if (!answer) {
    answer = executeQuery(query, locale).then((result) => result.response);
    answers.set(key, answer);
  }
  return answer;
}

/** "/api/data?cube=...": the public URL answering the same query. */
export function dataApiUrl(query: DataQuery, locale?: Locale, format?: ResponseFormat): string {
  return `/api/data?${toSearchParams(query, locale, format).toString()}`;
}

/** The registry with captions in `locale`, and which cubes the current warehouse holds. */
export async function listCubes(locale: Locale = "en"): Promise<CubeDescription[]> {
  const meta = await warehouseMeta();
  return CUBES.map((cube) => {
    const m = meta?.cubes.get(cube.name);
    return describeCube(cube, locale, { available: Boolean(m), years: m?.years ?? [] });
  });
}

/** Years a cube covers in the current warehouse (empty when the cube or the warehouse is missing). */
export async function cubeYears(cube: string): Promise<number[]> {
  const meta = await warehouseMeta();
  return meta?.cubes.get(cube)?.years ?? [];
}

// ---------------------------------------------------------------------------------------------
// Members (for search indexes, selectors and profile headers)

export type MemberKind = "country" | "continent" | "section" | "hs2" | "hs4" | "hs6" | "service" | "province" | "flow";

export interface Member {
  id: string | number;
  name: string;
  /** True when `name` is the English name because the requested language has none. */
  fallback: boolean;
  parentId: string | number | null;
  /** Section/continent colour where the nomenclature defines one. */
  color: string | null;
  /** Extra attributes per kind: iso2, m49, continent, code status, long names... */
  attributes: Record<string, string | number | boolean | null>;
}

const MEMBER_SOURCES: Record<MemberKind, { table: string; parent: string | null; color: string | null; attributes: string[] }> = {
  country: { table: "dim_countries", parent: "continent_id", color: null, attributes: ["iso2", "m49", "code_status", "is_aggregate", "alias_of", "lat", "lon"] },
  continent: { table: "dim_continents", parent: null, color: "color", attributes: [] },
  section: { table: "dim_hs_sections", parent: null, color: "color", attributes: ["long_name_en", "long_name_es", "color_ots", "hs2_first", "hs2_last"] },
  hs2: { table: "dim_hs2", parent: "section_id", color: null, attributes: ["long_name_en", "long_name_es", "hs92_member"] },
  hs4: { table: "dim_hs4", parent: "hs2_id", color: null, attributes: ["section_id", "long_name_en", "long_name_es", "hs92_member"] },
  hs6: { table: "dim_hs6", parent: "hs4_id", color: null, attributes: ["section_id", "hs2_id", "long_name_en", "hs92_member"] },
  service: { table: "dim_services", parent: null, color: null, attributes: ["ebops2002_code"] },
  province: { table: "dim_esp_provinces", parent: null, color: null, attributes: [] },
  flow: { table: "dim_flows", parent: null, color: null, attributes: [] },
};

const LOCALE_COLUMNS: Record<Locale, { name: string; fallback: string }> = {
  en: { name: "name_en", fallback: "false" },
  es: { name: "name_es", fallback: "name_es_fallback" },
  zh: { name: "name_zh", fallback: "name_zh_fallback" },
};

function plain(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "number" || typeof value === "string" || typeof value === "boolean") return value;
  return String(value);
}

/** All members of one kind, sorted by id. Empty when the warehouse lacks that member table. */
export async function getMembers(kind: MemberKind, locale: Locale = "en"): Promise<Member[]> {
  const source = MEMBER_SOURCES[kind];
  if (!source) return [];
  const cols = LOCALE_COLUMNS[locale] ?? LOCALE_COLUMNS.en;
  return withWarehouse(async ({ query, hasTable }) => {
    if (!(await hasTable(source.table))) return [];
    const select = [
      `"id"`,
      `"${cols.name}" AS name`,
      `${cols.fallback} AS fallback`,
      source.parent ? `"${source.parent}" AS parent_id` : `NULL AS parent_id`,
      source.color ? `"${source.color}" AS color` : `NULL AS color`,
      ...source.attributes.map((a) => `"${a}"`),
    ];
    const rows = await query(`SELECT ${select.join(", ")} FROM "${source.table}" ORDER BY "id"`);
    return rows.map((r) => ({
      id: plain(r.id) as string | number,
      name: String(r.name ?? r.id),
      fallback: r.fallback === true,
      parentId: plain(r.parent_id) as string | number | null,
      color: (plain(r.color) as string | null) ?? null,
      attributes: Object.fromEntries(source.attributes.map((a) => [a, plain(r[a])])),
    }));
  });
}

/** Is there a warehouse at all? Pages use this to say "no data: looked in ...". */
export function dataAvailability(): WarehouseStatus {
  return warehouseStatus();
}
