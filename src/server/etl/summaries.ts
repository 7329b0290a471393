/**
 * Per-entity summaries, computed once per warehouse generation (issue 37, "A render that costs
 * little"): what a country or continent profile's headline reads, so that a first render reads a
 * handful of rows instead of asking the cubes a dozen questions.
 *
 *   summary_country_year  each country's and continent's exports and imports in every year of every
 *                         goods dataset with reporters (the profile's series, the hero's figures,
 *                         the "compared with N years earlier" line, trade as a share of GDP)
 *   summary_country_top   for the newest year of each bilateral dataset, every partner of each
 *                         country and continent, both flows (destinations, origins, the hero's main
 *                         destination, the bilateral links); for its two newest years, the exports
 *                         by section (the hero's top section, the continent's sections, the growth
 *                         between the two newest years). A country's partners leave itself out, as
 *                         the profile asks; a continent's keep every country.
 *   summary_coverage      which (kind, dataset, cube, release, year) the two tables hold, so a reader
 *                         tells "no trade" from "not summarised" and asks the cube for the rest
 *
 * Every figure keeps its dataset, cube, release (vintage) and year. Values are the cube's own
 * measure (the registry's "Trade Value" SQL) over the cube's own columns, so a summary row is the
 * very sum the query compiler would compute for the same question (src/server/profiles/summaries.ts
 * reads them, and its test compares both paths).
 */
import "server-only";
import type { DuckDBConnection } from "@duckdb/node-api";
import { findLevel, type CubeDef } from "@/server/warehouse/registry";
import { vintageOf } from "./catalog";
import type { TableStats } from "./layout";
import { ident, literal, scalar, toNumber } from "./sql";

export const SUMMARY_YEAR_TABLE = "summary_country_year";
export const SUMMARY_TOP_TABLE = "summary_country_top";
export const SUMMARY_COVERAGE_TABLE = "summary_coverage";
export const SUMMARY_TABLES = [SUMMARY_YEAR_TABLE, SUMMARY_TOP_TABLE, SUMMARY_COVERAGE_TABLE] as const;

/** Newest years of each bilateral dataset whose partners are kept: the year a profile opens at. */
export const PARTNER_YEARS = 1;
/** Newest years whose sections are kept: the year a profile opens at and the one before (the growth pair). */
export const SECTION_YEARS = 2;

/** A cube the summaries are computed from, with the tables it was written to and its years. */
export interface SummarySource {
  cube: CubeDef;
  stats: readonly TableStats[];
  years: readonly number[];
}

export interface SummaryResult {
  yearRows: number;
  topRows: number;
  datasets: string[];
}

/** One side of a flow in a cube's shape: the reporter's level (country or continent) and, where the cube has one, the partner's. */
interface Side {
  flow: "export" | "import";
  country: string;
  continent: string | null;
  partner: string | null;
  /** A cube of trade with the world: its flow column and the id of this flow. */
  flowFilter: string | null;
}

/** The reporter's side of each flow, as the profile loaders cut it (server/profiles/sources.ts countryLevel). */
function sidesOf(cube: CubeDef): Side[] {
  const column = (name: string) => findLevel(cube, name)?.column ?? null;
  if (cube.catalog?.bilateral) {
    const exporter = column("Exporter Country");
    const importer = column("Importer Country");
    if (!exporter || !importer) return [];
    return [
      { flow: "export", country: exporter, continent: column("Exporter Continent"), partner: importer, flowFilter: null },
      { flow: "import", country: importer, continent: column("Importer Continent"), partner: exporter, flowFilter: null },
    ];
  }
  const country = column("Country");
  const flow = column("Trade Flow");
  if (!country || !flow) return [];
  return [
    { flow: "export", country, continent: column("Continent"), partner: null, flowFilter: `${ident(flow)} = 2` },
    { flow: "import", country, continent: column("Continent"), partner: null, flowFilter: `${ident(flow)} = 1` },
  ];
}

/** The smallest of the cube's tables holding every column (the compiler's choice, by rows). */
function tableWith(source: SummarySource, columns: readonly string[]): string | null {
  const rows = new Map(source.stats.map((s) => [s.table, s.rows]));
  const fits = source.cube.tables.filter((t) => columns.every((c) => t.columns.includes(c)));
  fits.sort((a, b) => (rows.get(a.name) ?? Infinity) - (rows.get(b.name) ?? Infinity));
  return fits[0]?.name ?? null;
}

/** Goods datasets with reporters, whole (not a sample): the ones a profile's questions are answered from. */
export function summarisable(cube: CubeDef): boolean {
  const spec = cube.catalog;
  return Boolean(spec && spec.kind === "goods" && !spec.partial && (spec.scope ?? "reporters") === "reporters" && findLevel(cube, cube.timeLevel) && tradeMeasure(cube));
}

function tradeMeasure(cube: CubeDef): string | null {
  return cube.measures.find((m) => m.name === "Trade Value")?.sql ?? null;
}

const CREATE = [
  `CREATE OR REPLACE TABLE ${SUMMARY_YEAR_TABLE} (dataset VARCHAR, cube VARCHAR, vintage VARCHAR, year SMALLINT, country VARCHAR, is_continent BOOLEAN, flow VARCHAR, value DOUBLE)`,
  `CREATE OR REPLACE TABLE ${SUMMARY_TOP_TABLE} (dataset VARCHAR, cube VARCHAR, vintage VARCHAR, year SMALLINT, country VARCHAR, is_continent BOOLEAN, flow VARCHAR, kind VARCHAR, member VARCHAR, value DOUBLE)`,
  `CREATE OR REPLACE TABLE ${SUMMARY_COVERAGE_TABLE} (kind VARCHAR, dataset VARCHAR, cube VARCHAR, vintage VARCHAR, year SMALLINT)`,
];

const yearList = (years: readonly number[]) => years.map((y) => String(Math.trunc(y))).join(", ");

/** Exports and imports of every country and continent, per year, of one cube. */
async function writeYears(conn: DuckDBConnection, source: SummarySource, dataset: string): Promise<void> {
  const { cube } = source;
  const year = findLevel(cube, cube.timeLevel)!.column;
  const measure = tradeMeasure(cube)!;
  for (const side of sidesOf(cube)) {
    for (const [own, continent] of [[side.country, false], [side.continent, true]] as const) {
      if (!own) continue;
      const table = tableWith(source, [year, own, ...(side.flowFilter ? [findLevel(cube, "Trade Flow")!.column] : [])]);
      if (!table) continue;
      await conn.run(
        `INSERT INTO ${SUMMARY_YEAR_TABLE} (dataset, cube, year, country, is_continent, flow, value)
         SELECT ${literal(dataset)}, ${literal(cube.name)}, ${ident(year)}, CAST(${ident(own)} AS VARCHAR), ${continent}, ${literal(side.flow)}, ${measure}
         FROM ${ident(table)} WHERE ${ident(own)} IS NOT NULL${side.flowFilter ? ` AND ${side.flowFilter}` : ""}
         GROUP BY ${ident(year)}, ${ident(own)}`,
      );
    }
  }
}

/** Every partner (newest year) and every section of exports (two newest years) of each country and continent, of one bilateral cube. */
async function writeTops(conn: DuckDBConnection, source: SummarySource, dataset: string): Promise<{ partnerYears: number[]; sectionYears: number[] }> {
  const { cube } = source;
  const year = findLevel(cube, cube.timeLevel)!.column;
  const measure = tradeMeasure(cube)!;
  const section = findLevel(cube, "Section")?.column ?? null;
  const sorted = [...source.years].sort((a, b) => a - b);
  const partnerYears = sorted.slice(-PARTNER_YEARS);
  const sectionYears = section ? sorted.slice(-SECTION_YEARS) : [];
  const insert = async (table: string | null, own: string, continent: boolean, flow: string, kind: string, member: string, years: number[], where: string) => {
    if (!table || !years.length) return;
    await conn.run(
      `INSERT INTO ${SUMMARY_TOP_TABLE} (dataset, cube, year, country, is_continent, flow, kind, member, value)
       SELECT ${literal(dataset)}, ${literal(cube.name)}, ${ident(year)}, CAST(${ident(own)} AS VARCHAR), ${continent}, ${literal(flow)}, ${literal(kind)}, CAST(${ident(member)} AS VARCHAR), ${measure}
       FROM ${ident(table)} WHERE ${ident(year)} IN (${yearList(years)}) AND ${ident(own)} IS NOT NULL${where}
       GROUP BY ${ident(year)}, ${ident(own)}, ${ident(member)}`,
    );
  };
  for (const side of sidesOf(cube)) {
    if (!side.partner) continue;
    for (const [own, continent] of [[side.country, false], [side.continent, true]] as const) {
      if (!own) continue;
      // A country's partners leave the country itself out (its re-imports), as the profile's query does.
      await insert(tableWith(source, [year, own, side.partner]), own, continent, side.flow, "partner", side.partner, partnerYears, continent ? "" : ` AND ${ident(side.partner)} <> ${ident(own)}`);
      if (side.flow === "export" && section) await insert(tableWith(source, [year, own, section]), own, continent, side.flow, "section", section, sectionYears, "");
    }
  }
  return { partnerYears, sectionYears };
}

/**
 * Writes the summary tables from the cubes just built (or carried over). Returns their sizes and
 * the datasets summarised.
 */
export async function writeSummaries(conn: DuckDBConnection, sources: readonly SummarySource[]): Promise<SummaryResult> {
  for (const sql of CREATE) await conn.run(sql);
  const coverage: { kind: string; dataset: string; cube: string; vintage: string; year: number }[] = [];
  const datasets: string[] = [];
  for (const source of sources) {
    const spec = source.cube.catalog;
    if (!spec || !summarisable(source.cube) || !source.years.length) continue;
    datasets.push(spec.dataset);
    const entry = (kind: string) => (year: number) => coverage.push({ kind, dataset: spec.dataset, cube: source.cube.name, vintage: vintageOf(spec, year), year });
    await writeYears(conn, source, spec.dataset);
    source.years.forEach(entry("series"));
    if (spec.bilateral) {
      const { partnerYears, sectionYears } = await writeTops(conn, source, spec.dataset);
      partnerYears.forEach(entry("partner"));
      sectionYears.forEach(entry("section"));
    }
  }
  if (coverage.length) {
    const values = coverage.map((c) => `(${literal(c.kind)}, ${literal(c.dataset)}, ${literal(c.cube)}, ${literal(c.vintage)}, ${Math.trunc(c.year)})`);
    await conn.run(`INSERT INTO ${SUMMARY_COVERAGE_TABLE} VALUES ${values.join(", ")}`);
  }
  // Each row carries its release; rows sorted by entity so a profile's read touches few blocks.
  const layouts = [
    { table: SUMMARY_YEAR_TABLE, columns: "dataset, cube, vintage, year, country, is_continent, flow, value", order: "country, is_continent, cube, flow, year" },
    { table: SUMMARY_TOP_TABLE, columns: "dataset, cube, vintage, year, country, is_continent, flow, kind, member, value", order: "country, is_continent, cube, year, kind, flow, value DESC, member" },
  ];
  for (const { table, columns, order } of layouts) {
    await conn.run(
      `CREATE OR REPLACE TABLE ${table} AS
       SELECT ${columns} FROM (SELECT s.* EXCLUDE (vintage), v.vintage FROM ${table} s
         JOIN (SELECT DISTINCT cube, year, vintage FROM ${SUMMARY_COVERAGE_TABLE}) v ON v.cube = s.cube AND v.year = s.year)
       ORDER BY ${order}`,
    );
  }
  const count = async (table: string) => toNumber(await scalar(conn, `SELECT count(*) FROM ${ident(table)}`));
  return { yearRows: await count(SUMMARY_YEAR_TABLE), topRows: await count(SUMMARY_TOP_TABLE), datasets };
}
