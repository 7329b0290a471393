/**
 * Generic subnational import: `npm run data:import -- --subnational FILE` (docs/subnational.md).
 *
 * One CSV layout for every country and level of the subnational configuration
 * (domain/subnational/config.ts):
 *   country,level,region_id,region_name,year,flow,product_level,product_id,value,currency
 * The file is validated like a data package resource (a Table Schema checked inside DuckDB, line
 * numbers in every error) plus the checks a schema cannot say (the level belongs to the country,
 * one currency and one product depth per country level, one name per region). It is written to
 * generic tables (one cube, trade_s_sub_a_generic) and described in the data catalogue as dataset
 * `<country>_<level>`, kind "subnational". Everything happens in the import's temp warehouse, so a
 * bad file leaves the previous warehouse untouched. A later import keeps the levels already
 * imported (carried over from the previous warehouse) unless a new file replaces them.
 */
import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { DuckDBConnection } from "@duckdb/node-api";
import { z } from "zod";
import { ALL_SUBNATIONAL_COUNTRIES } from "@/domain/subnational/config";
import type { Resource } from "@/server/datapackage/datapackage";
import { SUBNATIONAL_GENERIC_CUBE } from "@/server/warehouse/registry";
import { distinctYears, tableStats, type TableStats } from "./layout";
import { all, ident, literal, scalar, toNumber } from "./sql";
import { carryOver } from "./steps";
import { stageCsv, validateStaged, type RowError } from "./validate";

export const SUBNATIONAL_COLUMNS = ["country", "level", "region_id", "region_name", "year", "flow", "product_level", "product_id", "value", "currency"] as const;
export const PRODUCT_LEVELS = { section: /^\d{1,2}$/, hs2: /^\d{2}$/, hs4: /^\d{4}$/, hs6: /^\d{6}$/ } as const;
export const REGION_ID_PATTERN = "^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$";
export const SUBNATIONAL_SOURCE = "subnational_import";

const FACT = "fact_subnational";
const REGIONS = "dim_subnational_regions";
const PRODUCTS = "dim_subnational_products";
const META = "_meta_subnational";

export class SubnationalError extends Error {
  constructor(
    message: string,
    readonly errors: RowError[] = [],
  ) {
    super(message);
    this.name = "SubnationalError";
  }
}

/** The command line's list of files: each an existing .csv or .csv.gz file. */
export const subnationalFilesSchema = z
  .array(
    z
      .string()
      .min(1)
      .refine((f) => /\.csv(\.gz)?$/i.test(f), "a subnational file is a .csv or .csv.gz file")
      .refine((f) => fs.existsSync(f) && fs.statSync(f).isFile(), "file not found"),
  )
  .max(50);

/** The Table Schema every subnational file is checked against (errors name the file, not a path). */
export function subnationalResource(file: string): Resource {
  const codes = ALL_SUBNATIONAL_COUNTRIES.map((c) => c.code);
  const levels = [...new Set(ALL_SUBNATIONAL_COUNTRIES.flatMap((c) => c.geoLevels.map((l) => l.slug)))];
  return {
    name: "subnational",
    path: path.basename(file),
    format: "csv",
    schema: {
      fields: [
        { name: "country", type: "string", constraints: { required: true, enum: codes } },
        { name: "level", type: "string", constraints: { required: true, enum: levels } },
        { name: "region_id", type: "string", constraints: { required: true, pattern: REGION_ID_PATTERN } },
        { name: "region_name", type: "string", constraints: { required: true, maxLength: 200 } },
        { name: "year", type: "integer", constraints: { required: true, minimum: 1900, maximum: 2100 } },
        { name: "flow", type: "string", constraints: { required: true, enum: ["export", "import"] } },
        { name: "product_level", type: "string", constraints: { required: true, enum: Object.keys(PRODUCT_LEVELS) } },
        { name: "product_id", type: "string", constraints: { required: true, pattern: "^\\d{1,6}$" } },
        { name: "value", type: "number", constraints: { required: true, minimum: 0 } },
        { name: "currency", type: "string", constraints: { required: true, pattern: "^[A-Z]{3}$" } },
      ],
      primaryKey: ["country", "level", "region_id", "year", "flow", "product_level", "product_id"],
    },
  };
}

async function ensureTables(conn: DuckDBConnection): Promise<void> {
  await conn.run(`CREATE TABLE IF NOT EXISTS ${FACT} (year SMALLINT, region VARCHAR, flow TINYINT, product VARCHAR, trade_value DOUBLE)`);
  await conn.run(`CREATE TABLE IF NOT EXISTS ${REGIONS} (id VARCHAR, country VARCHAR, level VARCHAR, region_id VARCHAR,
    name_en VARCHAR, name_es VARCHAR, name_zh VARCHAR, name_es_fallback BOOLEAN, name_zh_fallback BOOLEAN)`);
  await conn.run(`CREATE TABLE IF NOT EXISTS ${META} (dataset VARCHAR, country VARCHAR, level VARCHAR, currency VARCHAR,
    product_level VARCHAR, source_file VARCHAR, rows BIGINT, imported_at VARCHAR)`);
}

/** Checks a table schema cannot express, each bad row with its line. */
async function crossChecks(conn: DuckDBConnection, table: string, lineOf: (rid: string) => string, file: string, maxErrors: number): Promise<{ errors: RowError[]; bad: number }> {
  const t = ident(table);
  const pairs = ALL_SUBNATIONAL_COUNTRIES.flatMap((c) => c.geoLevels.map((l) => literal(`${c.code}/${l.slug}`))).join(", ");
  const productCase = Object.entries(PRODUCT_LEVELS)
    .map(([level, re]) => `WHEN product_level = ${literal(level)} THEN NOT regexp_full_match(product_id, ${literal(re.source)})`)
    .join(" ");
  const checks: { field: string; bad: string; reason: string }[] = [
    {
      field: "level",
      bad: `country IN (${ALL_SUBNATIONAL_COUNTRIES.map((c) => literal(c.code)).join(", ")}) AND (country || '/' || level) NOT IN (${pairs})`,
      reason: `'"' || level || '" is not a level of ' || country || ' (see docs/subnational.md for each country''s levels)'`,
    },
    { field: "product_id", bad: `CASE ${productCase} ELSE false END`, reason: `'"' || product_id || '" is not a ' || product_level || ' code'` },
    {
      field: "currency",
      bad: `currency <> first_value(currency) OVER (PARTITION BY country, level ORDER BY rowid)`,
      reason: `'one currency per country level: ' || currency || ' differs from ' || first_value(currency) OVER (PARTITION BY country, level ORDER BY rowid)`,
    },
    {
      field: "product_level",
      bad: `product_level <> first_value(product_level) OVER (PARTITION BY country, level ORDER BY rowid)`,
      reason: `'one product level per country level (values at two depths would be counted twice): ' || product_level || ' differs from ' || first_value(product_level) OVER (PARTITION BY country, level ORDER BY rowid)`,
    },
    {
      field: "region_name",
      bad: `region_name <> first_value(region_name) OVER (PARTITION BY country, level, region_id ORDER BY rowid)`,
      reason: `'one name per region: "' || left(region_name, 60) || '" differs from "' || left(first_value(region_name) OVER (PARTITION BY country, level, region_id ORDER BY rowid), 60) || '"'`,
    },
  ];
  const errors: RowError[] = [];
  const badRows = new Set<string>();
  for (const check of checks) {
    const rows = await all<{ rid: bigint; reason: string }>(
      conn,
      `SELECT rid, reason FROM (SELECT rowid AS rid, ${check.bad} AS is_bad, ${check.reason} AS reason FROM ${t}
         WHERE country IS NOT NULL AND level IS NOT NULL AND region_id IS NOT NULL AND product_level IS NOT NULL AND product_id IS NOT NULL AND currency IS NOT NULL AND region_name IS NOT NULL)
       WHERE is_bad ORDER BY rid`,
    );
    for (const row of rows) badRows.add(String(row.rid));
    for (const row of rows.slice(0, maxErrors)) {
      const line = toNumber(await scalar(conn, `SELECT ${lineOf(String(row.rid))}`));
      errors.push({ file, line, field: check.field, reason: row.reason });
    }
  }
  errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { errors: errors.slice(0, maxErrors), bad: badRows.size };
}

export interface SubnationalImportResult {
  datasets: string[];
  rows: number;
}

/**
 * Validates every file first (all errors, each with its line), then replaces the country levels
 * the files hold. Throws SubnationalError, writing nothing, when any file has a bad row.
 */
export async function importSubnationalFiles(conn: DuckDBConnection, files: readonly string[], maxErrors = 20): Promise<SubnationalImportResult> {
  const parsed = subnationalFilesSchema.safeParse(files);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SubnationalError(`--subnational ${String(files[Number(issue.path[0])] ?? "")}: ${issue.message}`);
  }
  await ensureTables(conn);
  const staged: { file: string; table: string }[] = [];
  const errors: RowError[] = [];
  const badFiles: string[] = [];
  for (const [i, file] of files.entries()) {
    const resource = subnationalResource(file);
    const table = `raw_subnational_${i}`;
    const csv = await stageCsv(conn, resource, file, table, maxErrors);
    let fileErrors = [...csv.errors];
    let badRows = csv.rejected;
    if (!(csv.rejected > 0 && csv.rows === 0 && csv.errors[0]?.line === 1)) {
      const validation = await validateStaged(conn, resource, { relation: table, ridColumn: "rowid", lineOf: csv.lineOf, typed: false }, { maxErrors, rows: csv.rows, foreignKeyTarget: () => ({ relation: null, typed: false }) });
      fileErrors.push(...validation.errors);
      badRows += validation.badRows;
      if (validation.badRows === 0 && csv.rows === 0) {
        fileErrors.push({ file: resource.path, line: null, field: null, reason: "the file has no rows" });
        badRows += 1;
      }
      // The cross checks read text columns only, so they run even when a value is malformed.
      const cross = await crossChecks(conn, table, csv.lineOf, resource.path, maxErrors);
      fileErrors.push(...cross.errors);
      badRows += cross.bad;
    }
    fileErrors = fileErrors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)).slice(0, maxErrors);
    if (badRows > 0) {
      badFiles.push(`${resource.path}: ${badRows} bad row${badRows === 1 ? "" : "s"}${fileErrors.length < badRows ? ` (first ${fileErrors.length} listed)` : ""}`);
      errors.push(...fileErrors);
    }
    staged.push({ file, table });
  }
  if (badFiles.length) {
    for (const s of staged) await conn.run(`DROP TABLE IF EXISTS ${ident(s.table)}`);
    throw new SubnationalError(badFiles.join("\n"), errors);
  }
  // Two files holding the same country level: the later one would silently win.
  const seen = new Map<string, string>();
  for (const s of staged) {
    for (const { dataset } of await all<{ dataset: string }>(conn, `SELECT DISTINCT country || '_' || level AS dataset FROM ${ident(s.table)}`)) {
      if (seen.has(dataset)) throw new SubnationalError(`${path.basename(s.file)}: ${dataset} is also in ${path.basename(seen.get(dataset)!)}; put each country level in one file`);
      seen.set(dataset, s.file);
    }
  }
  let rows = 0;
  const now = new Date().toISOString();
  for (const s of staged) {
    const t = ident(s.table);
    await conn.run(`DELETE FROM ${FACT} WHERE region IN (SELECT r.id FROM ${REGIONS} r JOIN (SELECT DISTINCT country, level FROM ${t}) n USING (country, level))`);
    await conn.run(`DELETE FROM ${REGIONS} WHERE (country, level) IN (SELECT DISTINCT country, level FROM ${t})`);
    await conn.run(`DELETE FROM ${META} WHERE (country, level) IN (SELECT DISTINCT country, level FROM ${t})`);
    // Region names are the file's (one language): shown as they are in every language, marked as such.
    await conn.run(`INSERT INTO ${REGIONS} SELECT country || '/' || level || '/' || region_id, country, level, region_id,
        any_value(region_name), any_value(region_name), any_value(region_name), true, true
      FROM ${t} GROUP BY country, level, region_id`);
    await conn.run(`INSERT INTO ${FACT} SELECT CAST(year AS SMALLINT), country || '/' || level || '/' || region_id,
        CASE flow WHEN 'export' THEN 2 ELSE 1 END, product_level || ':' || product_id, CAST(value AS DOUBLE) FROM ${t}`);
    await conn.run(
      `INSERT INTO ${META} SELECT country || '_' || level, country, level, any_value(currency), any_value(product_level), $1, count(*), $2 FROM ${t} GROUP BY country, level`,
      [path.basename(s.file), now],
    );
    rows += toNumber(await scalar(conn, `SELECT count(*) FROM ${t}`));
    await conn.run(`DROP TABLE IF EXISTS ${t}`);
  }
  return { datasets: [...seen.keys()].sort(), rows };
}

/**
 * Keeps the country levels of the previous warehouse that no new file replaces. An unreadable
 * previous warehouse does not block the import: the warning says which levels may be missing.
 */
export async function carryOverSubnational(conn: DuckDBConnection, previousPath: string, replaced: ReadonlySet<string>): Promise<{ kept: string[]; warning?: string }> {
  await ensureTables(conn);
  const carried = await carryOver(conn, previousPath, async (previous) => {
    if (![FACT, REGIONS, META].every((t) => previous.tables.has(t))) return [];
    const [fact, regions, meta] = [previous.table(FACT), previous.table(REGIONS), previous.table(META)];
    const kept = (await all<{ dataset: string }>(conn, `SELECT dataset FROM ${meta} ORDER BY dataset`)).map((r) => r.dataset).filter((d) => !replaced.has(d));
    for (const dataset of kept) {
      await conn.run(`INSERT INTO ${META} SELECT * FROM ${meta} WHERE dataset = $1`, [dataset]);
      await conn.run(`INSERT INTO ${REGIONS} SELECT * FROM ${regions} WHERE country || '_' || level = $1`, [dataset]);
      await conn.run(`INSERT INTO ${FACT} SELECT f.* FROM ${fact} f WHERE f.region IN (SELECT id FROM ${regions} WHERE country || '_' || level = $1)`, [dataset]);
    }
    return kept;
  });
  if (carried.status === "unreadable") {
    return { kept: [], warning: `previous warehouse ${previousPath} is unreadable, so no subnational levels imported before were kept; import their files again (${carried.reason})` };
  }
  return { kept: carried.status === "read" ? carried.value : [] };
}

/**
 * After new files and carried-over levels are in: the product member table (names from the
 * package's HS members where the code exists), the fact table in its sort order, and the cube's
 * statistics. Null when no subnational level was imported.
 */
export async function finishSubnational(conn: DuckDBConnection): Promise<{ stats: TableStats[]; years: number[]; source: string } | null> {
  await ensureTables(conn);
  const rows = toNumber(await scalar(conn, `SELECT count(*) FROM ${FACT}`));
  if (rows === 0) {
    for (const t of [FACT, REGIONS, PRODUCTS]) await conn.run(`DROP TABLE IF EXISTS ${t}`);
    await conn.run(`DROP TABLE IF EXISTS ${META}`);
    return null;
  }
  const hasProducts = toNumber(await scalar(conn, `SELECT count(*) FROM duckdb_views() WHERE view_name = 'dim_products'`)) > 0;
  const names = hasProducts
    ? `LEFT JOIN dim_products d ON d.level = split_part(p.product, ':', 1) AND d.id = split_part(p.product, ':', 2)`
    : `LEFT JOIN (SELECT NULL AS level, NULL AS id, NULL AS section_id, NULL AS name_en, NULL AS name_es, NULL AS name_zh, NULL::BOOLEAN AS name_es_fallback, NULL::BOOLEAN AS name_zh_fallback, NULL AS color) d ON false`;
  await conn.run(`CREATE OR REPLACE TABLE ${PRODUCTS} AS
    SELECT p.product AS id, split_part(p.product, ':', 1) AS product_level, split_part(p.product, ':', 2) AS product_id,
      CAST(d.section_id AS VARCHAR) AS section_id,
      COALESCE(d.name_en, split_part(p.product, ':', 2)) AS name_en, COALESCE(d.name_es, d.name_en, split_part(p.product, ':', 2)) AS name_es,
      COALESCE(d.name_zh, d.name_en, split_part(p.product, ':', 2)) AS name_zh,
      COALESCE(d.name_es_fallback, true) AS name_es_fallback, COALESCE(d.name_zh_fallback, true) AS name_zh_fallback, d.color
    FROM (SELECT DISTINCT product FROM ${FACT}) p ${names} ORDER BY id`);
  await conn.run(`CREATE OR REPLACE TABLE ${FACT} AS SELECT * FROM ${FACT} ORDER BY region, product, year`);
  const stats: TableStats[] = [];
  for (const table of SUBNATIONAL_GENERIC_CUBE.tables) stats.push(await tableStats(conn, table));
  const files = (await all<{ source_file: string }>(conn, `SELECT DISTINCT source_file FROM ${META} ORDER BY source_file`)).map((r) => r.source_file);
  return { stats, years: await distinctYears(conn, FACT), source: files.join(", ") };
}

/** One catalogue row per country level and year (dataset "<country>_<level>", kind "subnational"). */
export async function writeSubnationalCatalog(conn: DuckDBConnection): Promise<number> {
  const exists = toNumber(await scalar(conn, `SELECT count(*) FROM duckdb_tables() WHERE table_name = '${META}' AND database_name = current_database()`)) > 0;
  if (!exists) return 0;
  const rows = await all<{ dataset: string; product_level: string; year: number; flows: string; reporters: unknown; rows: unknown; total: unknown }>(
    conn,
    `SELECT m.dataset, m.product_level, f.year,
       string_agg(DISTINCT CASE WHEN f.flow = 2 THEN 'export' ELSE 'import' END, ',' ORDER BY CASE WHEN f.flow = 2 THEN 'export' ELSE 'import' END) AS flows,
       count(DISTINCT f.region) FILTER (WHERE f.flow = 2) AS reporters, count(*) AS rows, sum(f.trade_value) FILTER (WHERE f.flow = 2) AS total
     FROM ${META} m JOIN ${REGIONS} r ON r.country = m.country AND r.level = m.level JOIN ${FACT} f ON f.region = r.id
     GROUP BY m.dataset, m.product_level, f.year ORDER BY m.dataset, f.year`,
  );
  for (const r of rows) {
    const depth = r.product_level === "hs2" ? "hs2" : r.product_level;
    await conn.run(
      `INSERT INTO _meta_catalog SELECT $1, $2, 'subnational', 'hs', $3, false, false, $4, 1, $5,
         CASE WHEN $6 = '' THEN []::VARCHAR[] ELSE string_split($6, ',') END, $7, $8, $9, $10, $1, 'reporters'`,
      [r.dataset, SUBNATIONAL_GENERIC_CUBE.name, depth, SUBNATIONAL_SOURCE, Number(r.year), String(r.flows ?? ""), toNumber(r.reporters), toNumber(r.rows), r.total === null ? null : toNumber(r.total), String(r.year)],
    );
  }
  return rows.length;
}
