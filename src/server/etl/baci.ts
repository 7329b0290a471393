/**
 * CEPII BACI importer: HS6 bilateral flows, one CSV per year (`BACI_HS{rev}_Y{year}_V{version}.csv`,
 * columns t,i,j,k,v,q), with a country code list and a product code list. Everything runs inside
 * DuckDB; a full release (~250 million rows) never passes through JavaScript.
 *
 * Conventions applied: v is thousands of USD (stored as whole USD), q is metric tons ("NA" -> null),
 * numeric country codes become lower-case ISO3 via the code list, k keeps six digits.
 */
import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { DuckDBConnection } from "@duckdb/node-api";
import { BACI_REVISIONS, baciCube, baciTables, type BaciRevision } from "@/server/warehouse/registry";
import { createCubeTables, distinctYears, tableStats, type TableStats } from "./layout";
import type { Progress } from "./progress";
import { carryOver, copyTables } from "./steps";
import { all, ident, literal, scalar, toNumber } from "./sql";
import { parseCsvHeader, readFirstLine, type RowError } from "./validate";

const TRADE_FILE = /^BACI_HS(\d{2})_Y(\d{4})_V([A-Za-z0-9]+)\.csv(\.gz)?$/;
const COUNTRY_FILE = /^country_codes_V([A-Za-z0-9]+)\.csv(\.gz)?$/;
const PRODUCT_FILE = /^product_codes_HS(\d{2})_V([A-Za-z0-9]+)\.csv(\.gz)?$/;

export interface BaciFileSet {
  dir: string;
  revision: BaciRevision;
  version: string;
  years: { year: number; file: string }[];
  countryCodes: string;
  productCodes: string | null;
}

export class BaciError extends Error {
  constructor(
    message: string,
    readonly errors: RowError[] = [],
    readonly badRows = 0,
  ) {
    super(message);
    this.name = "BaciError";
  }
}

function isRevision(value: string): value is BaciRevision {
  return (BACI_REVISIONS as readonly string[]).includes(value);
}

/** Finds the BACI releases in a folder: one file set per HS revision (the newest version wins). */
export function detectBaci(dir: string): { sets: BaciFileSet[]; warnings: string[] } {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new BaciError(`BACI folder not found: ${dir}`);
  const names = fs.readdirSync(dir).sort();
  const warnings: string[] = [];
  const byRevision = new Map<BaciRevision, Map<string, { year: number; file: string }[]>>();
  for (const name of names) {
    const m = TRADE_FILE.exec(name);
    if (!m) continue;
    const [, rev, year, version] = m;
    if (!isRevision(rev)) {
      warnings.push(`${name}: unknown HS revision HS${rev}, skipped`);
      continue;
    }
    const versions = byRevision.get(rev) ?? new Map();
    const list = versions.get(version) ?? [];
    list.push({ year: Number(year), file: path.join(dir, name) });
    versions.set(version, list);
    byRevision.set(rev, versions);
  }
  if (byRevision.size === 0) {
    throw new BaciError(`no BACI trade files (BACI_HS<rev>_Y<year>_V<version>.csv) in ${dir}`);
  }
  const countryFiles = names.map((n) => [n, COUNTRY_FILE.exec(n)] as const).filter(([, m]) => m);
  const sets: BaciFileSet[] = [];
  for (const [revision, versions] of byRevision) {
    const sortedVersions = [...versions.keys()].sort();
    const version = sortedVersions[sortedVersions.length - 1];
    if (sortedVersions.length > 1) {
      warnings.push(`HS${revision}: several BACI versions (${sortedVersions.join(", ")}); importing ${version}`);
    }
    const country =
      countryFiles.find(([, m]) => m![1] === version) ?? countryFiles.sort(([a], [b]) => a.localeCompare(b))[countryFiles.length - 1];
    if (!country) throw new BaciError(`HS${revision}: no country_codes_V*.csv in ${dir}`);
    const products = names
      .map((n) => [n, PRODUCT_FILE.exec(n)] as const)
      .filter(([, m]) => m && m[1] === revision)
      .sort(([, a], [, b]) => (a![2] === version ? -1 : b![2] === version ? 1 : b![2].localeCompare(a![2])));
    if (products.length === 0) warnings.push(`HS${revision}: no product_codes_HS${revision}_V*.csv; HS6 names fall back to HS92 names or codes`);
    const years = versions.get(version)!.sort((a, b) => a.year - b.year);
    const duplicateYears = years.filter((y, i) => i > 0 && years[i - 1].year === y.year);
    if (duplicateYears.length) throw new BaciError(`HS${revision}: several files for year ${duplicateYears[0].year}`);
    sets.push({
      dir,
      revision,
      version,
      years,
      countryCodes: path.join(dir, country[0]),
      productCodes: products[0] ? path.join(dir, products[0][0]) : null,
    });
  }
  return { sets, warnings };
}

function pick(header: string[], candidates: string[]): string | null {
  return candidates.find((c) => header.includes(c)) ?? null;
}

/** Code lists changed headers across BACI releases; both layouts are accepted. */
async function stageCountryCodes(conn: DuckDBConnection, set: BaciFileSet, table: string): Promise<void> {
  const header = parseCsvHeader(await readFirstLine(set.countryCodes));
  const code = pick(header, ["country_code"]);
  const name = pick(header, ["country_name", "country_name_abbreviation", "country_name_full"]);
  const iso2 = pick(header, ["country_iso2", "iso_2digit_alpha"]);
  const iso3 = pick(header, ["country_iso3", "iso_3digit_alpha"]);
  const file = path.basename(set.countryCodes);
  if (!code || !iso3 || !name) {
    throw new BaciError(`${file}: expected columns country_code, country_name and country_iso3; found ${header.join(",")}`);
  }
  await conn.run(
    `CREATE OR REPLACE TABLE ${ident(table)} AS
     SELECT TRY_CAST(trim(${ident(code)}) AS INTEGER) AS code, trim(${ident(name)}) AS name,
            ${iso2 ? `trim(${ident(iso2)})` : "NULL"} AS iso2, lower(trim(${ident(iso3)})) AS iso3,
            trim(${ident(code)}) AS code_text
     FROM read_csv($path, header = true, all_varchar = true, auto_detect = false, delim = ',', quote = '"', escape = '"',
                   columns = {${header.map((h) => `${literal(h)}: 'VARCHAR'`).join(", ")}})`,
    { path: set.countryCodes },
  );
  const bad = await all<{ code_text: string | null; iso3: string | null }>(
    conn,
    `SELECT code_text, iso3 FROM ${ident(table)}
     WHERE code IS NULL OR iso3 IS NULL OR NOT regexp_full_match(iso3, '[a-z][a-z0-9]{2}') LIMIT 20`,
  );
  if (bad.length) {
    throw new BaciError(
      `${file}: rows without a usable numeric code or ISO3 code`,
      bad.map((b) => ({ file, line: null, field: "country_iso3", reason: `code ${b.code_text ?? "(empty)"} has ISO3 "${b.iso3 ?? ""}"` })),
      bad.length,
    );
  }
  const dupes = await all<{ code: number }>(conn, `SELECT code FROM ${ident(table)} GROUP BY code HAVING count(*) > 1 LIMIT 20`);
  if (dupes.length) {
    throw new BaciError(
      `${file}: duplicate country codes`,
      dupes.map((d) => ({ file, line: null, field: "country_code", reason: `code ${d.code} appears more than once` })),
      dupes.length,
    );
  }
  await conn.run(`ALTER TABLE ${ident(table)} DROP COLUMN code_text`);
}

async function stageProductCodes(conn: DuckDBConnection, set: BaciFileSet, table: string): Promise<void> {
  if (!set.productCodes) {
    await conn.run(`CREATE OR REPLACE TABLE ${ident(table)} (code VARCHAR, description VARCHAR)`);
    return;
  }
  const header = parseCsvHeader(await readFirstLine(set.productCodes));
  const file = path.basename(set.productCodes);
  if (!header.includes("code") || !header.includes("description")) {
    throw new BaciError(`${file}: expected columns code, description; found ${header.join(",")}`);
  }
  await conn.run(
    `CREATE OR REPLACE TABLE ${ident(table)} AS
     SELECT lpad(trim(code), 6, '0') AS code, NULLIF(trim(description), '') AS description
     FROM read_csv($path, header = true, all_varchar = true, auto_detect = false, delim = ',', quote = '"', escape = '"',
                   columns = {${header.map((h) => `${literal(h)}: 'VARCHAR'`).join(", ")}})
     WHERE code IS NOT NULL AND regexp_full_match(trim(code), '[0-9]{5,6}')`,
    { path: set.productCodes },
  );
}

/**
 * Reads the yearly files into a typed staging table (file order preserved, file name kept) and
 * checks every row; cast failures and malformed lines come from DuckDB's reject tables.
 */
async function stageTrade(
  conn: DuckDBConnection,
  set: BaciFileSet,
  stage: string,
  codes: string,
  maxErrors: number,
): Promise<{ rows: number; errors: RowError[]; badRows: number }> {
  const files = set.years.map((y) => y.file);
  for (const file of files) {
    const header = parseCsvHeader(await readFirstLine(file));
    const expected = ["t", "i", "j", "k", "v", "q"];
    if (header.length !== expected.length || header.some((h, i) => h !== expected[i])) {
      throw new BaciError(`${path.basename(file)}: header must be t,i,j,k,v,q; found ${header.join(",")}`, [
        { file: path.basename(file), line: 1, field: null, reason: `header must be t,i,j,k,v,q; found ${header.join(",")}` },
      ]);
    }
  }
  const rejects = `${stage}__rejects`;
  const fileList = `[${files.map(literal).join(", ")}]`;
  await conn.run(
    `CREATE OR REPLACE TABLE ${ident(stage)} AS
     SELECT filename, t, i, j, k, v, q FROM read_csv(${fileList}, header = true, auto_detect = false,
       delim = ',', quote = '"', escape = '"', filename = true,
       columns = {'t': 'INTEGER', 'i': 'INTEGER', 'j': 'INTEGER', 'k': 'VARCHAR', 'v': 'DOUBLE', 'q': 'VARCHAR'},
       store_rejects = true, rejects_table = ${literal(rejects)}, rejects_scan = ${literal(`${rejects}_scan`)})`,
  );
  const rows = toNumber(await scalar(conn, `SELECT count(*) FROM ${ident(stage)}`));
  const errors: RowError[] = [];
  let badRows = 0;

  const rejected = await all<{ file_path: string; line: bigint; column_name: string | null; error_type: string; error_message: string }>(
    conn,
    `SELECT s.file_path, r.line, r.column_name, r.error_type, r.error_message
     FROM ${ident(rejects)} r JOIN ${ident(`${rejects}_scan`)} s USING (scan_id, file_id)
     ORDER BY s.file_path, r.line LIMIT ${maxErrors}`,
  );
  badRows += toNumber(await scalar(conn, `SELECT count(DISTINCT (file_id, line)) FROM ${ident(rejects)}`));
  for (const r of rejected) {
    errors.push({
      file: path.basename(r.file_path),
      line: Number(r.line),
      field: r.column_name,
      reason: `${r.error_type.toLowerCase()}: ${r.error_message}`,
    });
  }

  // Line of a staged row = its position within its file + 2 (header is line 1).
  const starts = `${stage}__starts`;
  await conn.run(
    `CREATE OR REPLACE TEMP TABLE ${ident(starts)} AS SELECT filename, min(rowid) AS first_rid FROM ${ident(stage)} GROUP BY filename`,
  );
  const yearOfFile = `CASE ${set.years.map((y) => `WHEN s.filename = ${literal(y.file)} THEN ${y.year}`).join(" ")} END`;
  const checks: { field: string; bad: string; reason: string }[] = [
    { field: "t", bad: `s.t IS NULL OR s.t <> ${yearOfFile}`, reason: `'year ' || coalesce(CAST(s.t AS VARCHAR), '(empty)') || ' does not match the file name'` },
    { field: "i", bad: `s.i IS NULL OR s.i NOT IN (SELECT code FROM ${ident(codes)})`, reason: `'exporter code ' || coalesce(CAST(s.i AS VARCHAR), '(empty)') || ' is not in the country code list'` },
    { field: "j", bad: `s.j IS NULL OR s.j NOT IN (SELECT code FROM ${ident(codes)})`, reason: `'importer code ' || coalesce(CAST(s.j AS VARCHAR), '(empty)') || ' is not in the country code list'` },
    { field: "k", bad: `s.k IS NULL OR NOT regexp_full_match(trim(s.k), '[0-9]{5,6}')`, reason: `'product code "' || coalesce(s.k, '') || '" is not a 6-digit HS code'` },
    { field: "v", bad: `s.v IS NULL OR isnan(s.v) OR isinf(s.v) OR s.v < 0`, reason: `'value ' || coalesce(CAST(s.v AS VARCHAR), '(empty)') || ' is not a non-negative number'` },
    {
      field: "q",
      bad: `s.q IS NOT NULL AND trim(s.q) NOT IN ('NA', '') AND TRY_CAST(trim(s.q) AS DOUBLE) IS NULL`,
      reason: `'quantity "' || s.q || '" is not a number or NA'`,
    },
  ];
  const [counts] = await all<Record<string, unknown>>(
    conn,
    `SELECT count(*) FILTER (WHERE ${checks.map((c) => `(${c.bad})`).join(" OR ")}) AS bad,
      ${checks.map((c, i) => `count(*) FILTER (WHERE ${c.bad}) AS c${i}`).join(", ")} FROM ${ident(stage)} s`,
  );
  badRows += toNumber(counts.bad);
  for (let i = 0; i < checks.length; i++) {
    if (toNumber(counts[`c${i}`]) === 0) continue;
    const rowsOut = await all<{ filename: string; line: unknown; reason: string }>(
      conn,
      `SELECT s.filename, s.rowid - st.first_rid + 2 AS line, ${checks[i].reason} AS reason
       FROM ${ident(stage)} s JOIN ${ident(starts)} st USING (filename)
       WHERE ${checks[i].bad} ORDER BY s.rowid LIMIT ${maxErrors}`,
    );
    for (const r of rowsOut) errors.push({ file: path.basename(r.filename), line: toNumber(r.line), field: checks[i].field, reason: r.reason });
  }

  // Per file, so the hash table stays the size of one year rather than the whole release.
  for (const { file } of set.years) {
    const duplicated = toNumber(
      await scalar(
        conn,
        `SELECT count(*) FROM (SELECT 1 FROM ${ident(stage)} WHERE filename = $file GROUP BY t, i, j, k HAVING count(*) > 1)`,
        { file },
      ),
    );
    if (duplicated === 0) continue;
    const dupes = await all<{ line: unknown; t: number; i: number; j: number; k: string }>(
      conn,
      `SELECT s.rowid - st.first_rid + 2 AS line, s.t, s.i, s.j, s.k FROM (
         SELECT rowid, filename, t, i, j, k, count(*) OVER (PARTITION BY t, i, j, k) AS n,
                row_number() OVER (PARTITION BY t, i, j, k ORDER BY rowid) AS occurrence
         FROM ${ident(stage)} WHERE filename = $file
       ) s JOIN ${ident(starts)} st USING (filename) WHERE s.n > 1 AND s.occurrence > 1 ORDER BY s.rowid LIMIT ${maxErrors}`,
      { file },
    );
    if (dupes.length === 0) continue;
    badRows += dupes.length;
    for (const d of dupes) {
      errors.push({ file: path.basename(file), line: toNumber(d.line), field: "t, i, j, k", reason: `duplicate flow (t=${d.t}, i=${d.i}, j=${d.j}, k=${d.k})` });
    }
  }
  errors.sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
  return { rows, errors: errors.slice(0, maxErrors), badRows };
}

/**
 * Member tables for one revision: countries keyed by ISO3 (names from the package when known, else
 * BACI's English name), and HS2/HS4/HS6 captions (BACI descriptions for HS6, HS92 names above).
 */
export async function buildBaciDimensions(conn: DuckDBConnection, revision: BaciRevision): Promise<void> {
  const t = baciTables(revision);
  await conn.run(`CREATE OR REPLACE TABLE ${ident(t.countries)} AS
    SELECT b.iso3 AS id, any_value(b.code) AS baci_code, any_value(b.iso2) AS iso2,
      COALESCE(any_value(c.name_en), any_value(b.name)) AS name_en,
      COALESCE(any_value(c.name_es), any_value(b.name)) AS name_es,
      COALESCE(any_value(c.name_zh), any_value(b.name)) AS name_zh,
      COALESCE(any_value(c.name_es_fallback), true) AS name_es_fallback,
      COALESCE(any_value(c.name_zh_fallback), true) AS name_zh_fallback,
      COALESCE(any_value(c.continent_id), 'xx') AS continent_id
    FROM ${ident(t.rawCountries)} b LEFT JOIN dim_countries c ON c.id = b.iso3
    GROUP BY b.iso3 ORDER BY b.iso3`);
  const productsInData = `SELECT DISTINCT hs6 AS code FROM ${ident(t.productsExporter)}`;
  const names = (p: string) => `
      COALESCE(${p}.name_en, code) AS name_en,
      COALESCE(${p}.name_es, ${p}.name_en, code) AS name_es,
      COALESCE(${p}.name_zh, ${p}.name_en, code) AS name_zh,
      COALESCE(${p}.name_es_fallback, true) AS name_es_fallback,
      COALESCE(${p}.name_zh_fallback, true) AS name_zh_fallback`;
  await conn.run(`CREATE OR REPLACE TABLE ${ident(t.hs6)} AS
    WITH codes AS (
      SELECT code, any_value(description) AS description FROM (
        SELECT code, description FROM ${ident(t.rawProducts)}
        UNION ALL SELECT code, NULL FROM (${productsInData})
      ) GROUP BY code
    )
    SELECT codes.code AS id, left(codes.code, 4) AS hs4_id, left(codes.code, 2) AS hs2_id,
      COALESCE(ms.section_id, '99') AS section_id,
      COALESCE(codes.description, h6.name_en, codes.code) AS name_en,
      COALESCE(codes.description, h6.name_en, codes.code) AS name_es,
      COALESCE(codes.description, h6.name_en, codes.code) AS name_zh,
      true AS name_es_fallback, true AS name_zh_fallback
    FROM codes LEFT JOIN dim_hs6 h6 ON h6.id = codes.code LEFT JOIN map_hs2_section ms ON ms.hs2 = left(codes.code, 2)
    ORDER BY id`);
  await conn.run(`CREATE OR REPLACE TABLE ${ident(t.hs4)} AS
    SELECT code AS id, left(code, 2) AS hs2_id, COALESCE(ms.section_id, '99') AS section_id, ${names("h4")}
    FROM (SELECT DISTINCT hs4_id AS code FROM ${ident(t.hs6)}) LEFT JOIN dim_hs4 h4 ON h4.id = code
      LEFT JOIN map_hs2_section ms ON ms.hs2 = left(code, 2) ORDER BY id`);
  await conn.run(`CREATE OR REPLACE TABLE ${ident(t.hs2)} AS
    SELECT code AS id, COALESCE(ms.section_id, '99') AS section_id, ${names("h2")}
    FROM (SELECT DISTINCT hs2_id AS code FROM ${ident(t.hs6)}) LEFT JOIN dim_hs2 h2 ON h2.id = code
      LEFT JOIN map_hs2_section ms ON ms.hs2 = code ORDER BY id`);
}

/** SELECT turning staged BACI rows into the cube's columns. */
export function baciSourceSql(revision: BaciRevision, stage: string): string {
  const t = baciTables(revision);
  return `
    SELECT CAST(s.t AS SMALLINT) AS year,
      e.iso3 AS exporter, COALESCE(ec.continent_id, 'xx') AS exporter_continent,
      m.iso3 AS importer, COALESCE(mc.continent_id, 'xx') AS importer_continent,
      COALESCE(ms.section_id, '99') AS section, left(s.k6, 2) AS hs2, left(s.k6, 4) AS hs4, s.k6 AS hs6,
      round(s.v * 1000) AS trade_value,
      TRY_CAST(NULLIF(trim(s.q), 'NA') AS DOUBLE) AS quantity
    FROM (SELECT t, i, j, v, q, lpad(trim(k), 6, '0') AS k6 FROM ${ident(stage)}) s
    JOIN ${ident(t.rawCountries)} e ON e.code = s.i
    JOIN ${ident(t.rawCountries)} m ON m.code = s.j
    LEFT JOIN dim_countries ec ON ec.id = e.iso3
    LEFT JOIN dim_countries mc ON mc.id = m.iso3
    LEFT JOIN map_hs2_section ms ON ms.hs2 = left(s.k6, 2)`;
}

export interface BaciImportResult {
  revision: BaciRevision;
  rows: number;
  years: number[];
  stats: TableStats[];
}

export async function importBaciSet(
  conn: DuckDBConnection,
  set: BaciFileSet,
  progress: Progress,
  maxErrors: number,
): Promise<BaciImportResult> {
  const t = baciTables(set.revision);
  const stage = `stage_baci_${set.revision}`;
  await stageCountryCodes(conn, set, t.rawCountries);
  await stageProductCodes(conn, set, t.rawProducts);
  let staged = { rows: 0, errors: [] as RowError[], badRows: 0 };
  await progress.step(`BACI HS${set.revision} V${set.version}: ${set.years.length} yearly files (read and check)`, conn, async () => {
    staged = await stageTrade(conn, set, stage, t.rawCountries, maxErrors);
    return staged.rows;
  });
  if (staged.errors.length > 0 || staged.badRows > 0) {
    throw new BaciError(`BACI HS${set.revision}: ${staged.badRows} bad rows`, staged.errors, staged.badRows);
  }
  const cube = baciCube(set.revision);
  let stats: TableStats[] = [];
  await progress.step(`BACI HS${set.revision}: fact and aggregate tables`, conn, async () => {
    stats = await createCubeTables(conn, cube, baciSourceSql(set.revision, stage));
    await conn.run(`DROP TABLE IF EXISTS ${ident(stage)}`);
    return stats[0]?.rows ?? 0;
  });
  await buildBaciDimensions(conn, set.revision);
  return { revision: set.revision, rows: stats[0]?.rows ?? 0, years: await distinctYears(conn, t.world), stats };
}

/** Every table that belongs to a BACI revision, in the order they are copied. */
export function baciTableNames(revision: BaciRevision): string[] {
  const t = baciTables(revision);
  return [t.rawCountries, t.rawProducts, ...baciCube(revision).tables.map((table) => table.name)];
}

/**
 * Copies the BACI cubes of the previous warehouse into the new one, so re-importing the data
 * package does not throw away a long BACI import. Member tables are rebuilt against the new package.
 */
export async function carryOverBaci(
  conn: DuckDBConnection,
  previousPath: string,
  skip: ReadonlySet<BaciRevision>,
  progress: Progress,
): Promise<BaciImportResult[]> {
  const carried = await carryOver(conn, previousPath, async (previous) => {
    const results: BaciImportResult[] = [];
    for (const revision of BACI_REVISIONS) {
      if (skip.has(revision)) continue;
      const names = baciTableNames(revision);
      if (!names.every((n) => previous.tables.has(n))) continue;
      await progress.step(`BACI HS${revision}: kept from the previous warehouse`, conn, async () => {
        await copyTables(conn, previous, names);
        return toNumber(await scalar(conn, `SELECT count(*) FROM ${ident(baciTables(revision).byExporter)}`));
      });
      await buildBaciDimensions(conn, revision);
      const cube = baciCube(revision);
      const stats: TableStats[] = [];
      for (const table of cube.tables) stats.push(await tableStats(conn, table));
      results.push({ revision, rows: stats[0]?.rows ?? 0, years: await distinctYears(conn, baciTables(revision).world), stats });
    }
    return results;
  });
  // An unreadable previous warehouse must not block building a good one.
  if (carried.status === "unreadable") progress.warn(`previous warehouse ${previousPath} is unreadable, so no BACI cubes were kept (${carried.reason})`);
  return carried.status === "read" ? carried.value : [];
}
