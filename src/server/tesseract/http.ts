/**
 * /api/tesseract/...: the Python tesseract-olap protocol (what oec.world's API speaks), so the
 * OEC ecosystem's clients (@datawheel/olap-client, @datawheel/logiclayer-client, the data
 * explorer, vizbuilder) work against this site. Every data query is translated (params.ts) onto
 * the same resolver, compiler and cache as /api/data; only the envelope differs.
 *
 *   GET /api/tesseract/                 status
 *   GET /api/tesseract/cubes            schema: every cube this warehouse holds
 *   GET /api/tesseract/cubes/{name}     one cube
 *   GET /api/tesseract/data.{jsonrecords,jsonarrays,csv,parquet}
 *   GET /api/tesseract/members          a level's members (search, limit, parents); no measure needed
 *
 * Errors are Tesseract's: `{ "error": true, "detail": "..." }` with a 4xx status.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { toCsvText, type CsvValue } from "@/domain/format/csv";
import { LOCALES, type Locale } from "@/domain/i18n/locales";
import { executeQuery, executeResolved } from "@/server/warehouse/execute";
import { isWarehouseError } from "@/server/warehouse/errors";
import { warehouseMeta } from "@/server/warehouse/db";
import { parquetPage } from "@/server/warehouse/parquet";
import { resolveQuery } from "@/server/warehouse/query";
import { CUBES, cubeLevels, getCube, type CubeDef, type LevelDef } from "@/server/warehouse/registry";
import { runStatement } from "@/server/warehouse/statements";
import { MAX_PAGE_SIZE, type DataResponse } from "@/server/warehouse/types";
import { parseTesseractParams, tesseractLocale, TesseractError } from "./params";
import { reshapeParquetFile } from "./statements";

export const TESSERACT_VERSION = "1.0.0";
const CACHE = "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400";

function fail(status: number, detail: string): Response {
  return Response.json({ error: true, detail }, { status, headers: { "Cache-Control": "no-store" } });
}

function toFailure(error: unknown): Response {
  if (error instanceof TesseractError) return fail(error.status, error.message);
  if (isWarehouseError(error)) return fail(error.status, error.message);
  console.error("[tesseract] unexpected error", error);
  return fail(500, "Unexpected error while answering the query.");
}

const localeOf = (params: URLSearchParams): Locale => tesseractLocale(params.get("locale"));

const DIMENSION_TYPE = { time: "time", geo: "geo", product: "standard", standard: "standard" } as const;

export function describeTesseractCube(cube: CubeDef, locale: Locale, years: number[]) {
  const caption = (c: Readonly<Record<Locale, string>>) => c[locale] || c.en;
  return {
    name: cube.name,
    caption: caption(cube.caption),
    annotations: { ...cube.annotations, description: caption(cube.description), years: years.join(",") },
    dimensions: cube.dimensions.map((d) => ({
      name: d.name,
      caption: caption(d.caption),
      annotations: d.defaultMember ? { default_member: `${d.defaultMember.level}:${d.defaultMember.id}` } : {},
      type: DIMENSION_TYPE[d.kind],
      default_hierarchy: d.hierarchies[0]!.name,
      hierarchies: d.hierarchies.map((h) => ({
        name: h.name,
        caption: caption(h.caption),
        annotations: {},
        levels: h.levels.map((l, i) => ({
          name: l.name,
          caption: caption(l.caption),
          annotations: {},
          depth: i + 1,
          scale: d.kind === "time" ? "year" : null,
          properties: [],
        })),
      })),
    })),
    measures: cube.measures.map((m) => ({
      name: m.name,
      caption: caption(m.caption),
      annotations: { units_of_measurement: m.unit, ...(m.grain ? { grain: m.grain.join(","), note: "A stored index, not summed: read it at its grain or for one member." } : {}) },
      // Indices, ranks and relatedness are not sums.
      aggregator: m.grain ? "Average" : "Sum",
      attached: [],
    })),
  };
}

async function loadedCubes(): Promise<{ cube: CubeDef; years: number[] }[]> {
  const meta = await warehouseMeta();
  return CUBES.filter((c) => meta?.cubes.has(c.name)).map((cube) => ({ cube, years: meta!.cubes.get(cube.name)!.years }));
}

/** Renames and trims the columns as the Tesseract request asked (alias, parents=Level,Level). */
function reshape(
  response: DataResponse,
  alias: Map<string, string>,
  keepParentsOf: string[] | null,
  cube: CubeDef,
  drilldowns: readonly string[],
): { columns: string[]; rows: Record<string, unknown>[]; kept: string[] } {
  let columns = [...response.columns];
  if (keepParentsOf) {
    const wanted = new Set<string>();
    for (const name of drilldowns) {
      wanted.add(name);
      wanted.add(`${name} ID`);
    }
    for (const name of keepParentsOf) {
      const level = cubeLevels(cube).find((l) => l.name === name);
      let parent = level?.parent;
      while (parent) {
        wanted.add(parent);
        wanted.add(`${parent} ID`);
        parent = cubeLevels(cube).find((l) => l.name === parent)?.parent ?? null;
      }
    }
    const levelColumns = new Set(cubeLevels(cube).flatMap((l) => [l.name, `${l.name} ID`]));
    columns = columns.filter((c) => !levelColumns.has(c) || wanted.has(c));
  }
  const rename = (c: string) => {
    if (alias.has(c)) return alias.get(c)!;
    const id = /^(.*) ID$/.exec(c);
    if (id && alias.has(id[1]!)) return `${alias.get(id[1]!)} ID`;
    return c;
  };
  const renamed = columns.map(rename);
  const rows = response.data.map((row) => Object.fromEntries(columns.map((c, i) => [renamed[i]!, row[c]])));
  return { columns: renamed, rows, kept: columns };
}

const FORMATS = ["jsonrecords", "jsonarrays", "csv", "parquet"];

async function data(format: string, params: URLSearchParams): Promise<Response> {
  if (!FORMATS.includes(format)) return fail(400, `format must be ${FORMATS.join(", ")}, got "${format.slice(0, 20)}"`);
  const cubeName = params.get("cube")?.trim() ?? "";
  const cube = getCube(cubeName);
  if (!cube) return fail(404, `Cube '${cubeName.slice(0, 100)}' does not exist`);
  const meta = await warehouseMeta();
  const years = meta?.cubes.get(cube.name)?.years ?? [];
  const request = parseTesseractParams(params, { timeLevel: cube.timeLevel, years });
  if (!request.query.drilldowns?.length) return fail(400, "drilldowns: at least one level is required");
  const resolved = resolveQuery(request.query);
  const { response } = await executeResolved(resolved, request.locale);
  const { columns, rows, kept } = reshape(response, request.alias, request.parentsOf, cube, request.query.drilldowns);
  const headers = { "Cache-Control": CACHE, "Content-Language": request.locale };
  if (format === "parquet") {
    // The same page of rows as the JSON answer, written by the warehouse (its types kept).
    const bytes = await parquetPage(resolved, request.locale);
    if (new Set(columns).size !== columns.length) return fail(400, "alias: two columns of a Parquet file cannot share a name");
    const same = columns.length === response.columns.length && columns.every((c, i) => c === response.columns[i]);
    const body = same ? bytes : await reshapeParquet(bytes, kept, columns);
    return new Response(new Uint8Array(body), {
      headers: { ...headers, "Content-Type": "application/vnd.apache.parquet", "Content-Disposition": `attachment; filename="${cube.name}.parquet"`, "X-Total-Count": String(response.page.total) },
    });
  }
  if (format === "csv") {
    const text = toCsvText([columns, ...rows.map((row) => columns.map((c) => row[c] as CsvValue))]);
    return new Response(text, { headers: { ...headers, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${cube.name}.csv"` } });
  }
  const body = format === "jsonarrays" ? { columns, data: rows.map((row) => columns.map((c) => row[c])), page: response.page } : { columns, data: rows, page: response.page };
  return Response.json(body, { headers });
}

/**
 * The Parquet page with the columns the request kept (parents=Level lists) under the names it
 * asked for (alias): selected and renamed by DuckDB from the page's own file, so types stay.
 */
async function reshapeParquet(bytes: Buffer, source: string[], names: string[]): Promise<Buffer> {
  const stem = path.join(os.tmpdir(), `oto-tesseract-${process.pid}-${randomUUID()}`);
  const input = `${stem}-in.parquet`;
  const output = `${stem}-out.parquet`;
  try {
    writeFileSync(input, bytes);
    await runStatement(reshapeParquetFile, { input, output, columns: source.map((from, i) => ({ from, as: names[i]! })) });
    return readFileSync(output);
  } finally {
    rmSync(input, { force: true });
    rmSync(output, { force: true });
  }
}

/**
 * The query that lists a level's members: the level drilled down with an additive measure (every
 * cube has one; members need no measure of their own, so a cube of indices such as ECI lists its
 * countries and years too), plus the level of each other dimension with a default member (imports
 * and exports: a country that only imports is still a member) and the levels a non-additive
 * measure is stored at, should a cube have no additive one. Rows are reduced to distinct members.
 */
export function membersQuery(cube: CubeDef, level: LevelDef, parents: boolean) {
  const measure = cube.measures.find((m) => !m.grain) ?? cube.measures[0]!;
  const ownDimension = cube.dimensions.find((d) => d.hierarchies.some((h) => h.levels.includes(level)));
  const inOwnDimension = (name: string) => Boolean(ownDimension?.hierarchies.some((h) => h.levels.some((l) => l.name === name)));
  const extra = [...cube.dimensions.filter((d) => d !== ownDimension && d.defaultMember).map((d) => d.defaultMember!.level), ...(measure.grain ?? []).filter((name) => !inOwnDimension(name))];
  return { cube: cube.name, drilldowns: [level.name, ...new Set(extra)], measures: [measure.name], parents, limit: MAX_PAGE_SIZE };
}

/** Most member rows read for one level (pages of MAX_PAGE_SIZE): far above any level here. */
const MAX_MEMBER_ROWS = 50 * MAX_PAGE_SIZE;

/** The levels above `level` in its hierarchy, nearest first. */
function ancestorsOf(cube: CubeDef, level: LevelDef): LevelDef[] {
  const out: LevelDef[] = [];
  let parent = level.parent;
  while (parent) {
    const found = cubeLevels(cube).find((l) => l.name === parent);
    if (!found) break;
    out.push(found);
    parent = found.parent;
  }
  return out;
}

async function members(params: URLSearchParams): Promise<Response> {
  for (const key of params.keys()) {
    if (!["cube", "level", "limit", "locale", "parents", "search"].includes(key)) return fail(400, `unknown parameter "${key.slice(0, 60)}"`);
  }
  const cube = getCube(params.get("cube")?.trim() ?? "");
  if (!cube) return fail(404, `Cube '${(params.get("cube") ?? "").slice(0, 100)}' does not exist`);
  const levelName = params.get("level")?.trim() ?? "";
  const level = cubeLevels(cube).find((l) => l.name === levelName);
  if (!level) return fail(404, `Level '${levelName.slice(0, 100)}' does not exist in cube '${cube.name}'`);
  const locale = localeOf(params);
  const parents = /^(true|1|yes)$/i.test(params.get("parents") ?? "");
  const [limitText, offsetText] = (params.get("limit") ?? "").split(",");
  const limit = limitText && /^\d{1,6}$/.test(limitText) && Number(limitText) > 0 ? Number(limitText) : Infinity;
  const offset = offsetText && /^\d{1,9}$/.test(offsetText) ? Number(offsetText) : 0;
  const search = (params.get("search") ?? "").trim().toLowerCase().slice(0, 100);
  // The level's members present in the cube, by the same query path as the data (cached), page by page.
  const query = membersQuery(cube, level, parents);
  const rows: DataResponse["data"] = [];
  let columns: string[] = [];
  for (let offset = 0; offset < MAX_MEMBER_ROWS; offset += MAX_PAGE_SIZE) {
    const { response } = await executeQuery({ ...query, offset }, locale);
    columns = response.columns;
    rows.push(...response.data);
    if (response.data.length === 0 || offset + response.data.length >= response.page.total) break;
  }
  // Coarsest first, as the hierarchy lists them.
  const ancestors = parents ? ancestorsOf(cube, level).filter((l) => columns.includes(`${l.name} ID`)).reverse() : [];
  const seen = new Set<string>();
  let list = rows
    .filter((row) => {
      const key = row[`${level.name} ID`];
      if (key === null || key === undefined || seen.has(String(key))) return false;
      seen.add(String(key));
      return true;
    })
    .map((row) => ({
      key: row[`${level.name} ID`] as string | number,
      caption: String(row[level.name] ?? row[`${level.name} ID`]),
      ...(parents ? { ancestor: ancestors.map((a) => ({ key: row[`${a.name} ID`] as string | number, caption: String(row[a.name] ?? "") })) } : {}),
    }));

  if (search) list = list.filter((m) => String(m.key).toLowerCase().includes(search) || m.caption.toLowerCase().includes(search));
  const depth = cube.dimensions.flatMap((d) => d.hierarchies).find((h) => h.levels.includes(level))!.levels.indexOf(level) + 1;
  return Response.json(
    {
      name: level.name,
      caption: level.caption[locale] || level.caption.en,
      depth,
      annotations: {},
      properties: [],
      dtypes: { key: level.id.type === "integer" ? "i32" : "str", caption: "str" },
      members: list.slice(offset, offset + limit),
    },
    { headers: { "Cache-Control": CACHE, "Content-Language": locale } },
  );
}

/** GET /api/tesseract/{...path} */
export async function handleTesseract(request: Request, path: string[]): Promise<Response> {
  try {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return fail(400, "malformed URL");
    }
    if (url.search.length > 8192) return fail(414, "query string too long");
    const params = url.searchParams;
    const [first, second, ...rest] = path;
    if (rest.length) return fail(404, "Not found");
    if (!first) return Response.json({ module: "tesseract", version: TESSERACT_VERSION, debug: false, status: "ok" }, { headers: { "Cache-Control": "no-store" } });
    if (first === "cubes" && !second) {
      const locale = localeOf(params);
      const cubes = (await loadedCubes()).map(({ cube, years }) => describeTesseractCube(cube, locale, years));
      return Response.json(
        { name: "Open Trade Observatory", locales: [...LOCALES], default_locale: "en", annotations: { source: "/api/openapi.json", documentation: "/docs/tesseract.md" }, cubes },
        { headers: { "Cache-Control": CACHE, "Content-Language": locale } },
      );
    }
    if (first === "cubes" && second) {
      const found = (await loadedCubes()).find(({ cube }) => cube.name === second);
      if (!found) return fail(404, `Cube '${second.slice(0, 100)}' does not exist`);
      return Response.json(describeTesseractCube(found.cube, localeOf(params), found.years), { headers: { "Cache-Control": CACHE } });
    }
    if (second) return fail(404, "Not found");
    const dataMatch = /^data(?:\.([a-z]+))?$/.exec(first);
    if (dataMatch) return await data(dataMatch[1] ?? "jsonrecords", params);
    if (first === "members" || first === "members.jsonrecords") return await members(params);
    return fail(404, "Not found");
  } catch (error) {
    return toFailure(error);
  }
}
