/**
 * The complexity step of the import: for every trade source and year fine enough (HS4, HS6,
 * SITC4), read the country x product export matrix, run the engine (src/domain/complexity) with
 * the published filters, and store ECI, PCI and the country x product measures as the registry's
 * complexity cubes. What was left out, and why, goes to `complexity_exclusions`; one row per
 * attempted run goes to `complexity_runs`, so pages can say what each ranking covers.
 *
 * It runs inside the import's temp warehouse, so it is part of the all-or-nothing swap. A run the
 * engine cannot rank (too few countries after filtering, as for the two-country BACI sample) is
 * recorded with its reason and does not fail the import.
 */
import "server-only";
import { LIST, VARCHAR, type DuckDBAppender, type DuckDBConnection, type DuckDBValue } from "@duckdb/node-api";
import {
  ComplexityError,
  DEFAULT_FILTERS,
  computeComplexity,
  type ComplexityFilters,
  type ComplexityResult,
  selectSubmatrix,
  tradeMatrixFromCells,
  type Exclusion,
  type TradeMatrix,
} from "@/domain/complexity";
import {
  BACI_REVISIONS,
  baciComplexityDepths,
  baciCubeName,
  baciComplexityKey,
  baciTables,
  complexityCubes,
  getComplexitySet,
  type BaciRevision,
  type ComplexitySetDef,
  type CubeDef,
} from "@/server/warehouse/registry";
import { createCubeTables, distinctYears, type TableStats } from "./layout";
import type { Progress } from "./progress";
import { ident, scalar, toNumber } from "./sql";

/** Where a set's trade comes from; also stored in complexity_runs.source. */
export const COMPLEXITY_SOURCE_KINDS = ["ots_hs4", "atlas_hs4", "comtrade_hs4_sample", "sitc_fixture", "baci"] as const;
export type ComplexitySourceKind = (typeof COMPLEXITY_SOURCE_KINDS)[number];

export interface ComplexitySource {
  set: string;
  kind: ComplexitySourceKind;
  /** The trade cube the matrix is read from (null for the SITC fixture, which has no cube). */
  tradeCube: string | null;
  years(conn: DuckDBConnection): Promise<number[]>;
  /** SELECT country, product, value (exports summed) for one year. */
  matrixSql(year: number): { sql: string; params: Record<string, DuckDBValue> };
  /** SELECT country, population for one year; null when the warehouse has no indicators. */
  populationSql(year: number): { sql: string; params: Record<string, DuckDBValue> } | null;
  /** How the year should be read when it is not a calendar year of data ("1998-2000"). */
  period(year: number): string;
  /** Product codes that are not products (HS 9999 Unspecified). */
  isUnspecified(product: string): boolean;
  /** Sample filters (the published defaults unless the data's values cannot be read against them). */
  filters: Required<ComplexityFilters>;
  /** Factor the dollar thresholds were multiplied by (1 for the published defaults). */
  thresholdScale: number;
}

/** An engine exclusion, or a product code dropped before the engine because it is not a product. */
export type StoredExclusion = Omit<Exclusion, "reason"> & { readonly reason: Exclusion["reason"] | "unspecified" };

/**
 * The SITC fixture's values add up to USD 120 bn a year, about 2% of world exports in 1998-2000
 * (USA 6.6 bn against 770 bn in OTS for 1999), so the dollar thresholds would keep 32 countries
 * and 29 products. They are scaled by that coverage (fixture total / OTS world exports, average
 * of 1998-2000); without the OTS section cube only the population threshold applies.
 */
async function fixtureFilters(conn: DuckDBConnection, rel: string): Promise<{ filters: Required<ComplexityFilters>; thresholdScale: number }> {
  if (!(await tableExists(conn, "agg_ots_sections_continents"))) {
    return { filters: { ...DEFAULT_FILTERS, minCountryExports: null, minProductTrade: null }, thresholdScale: 0 };
  }
  const fixture = toNumber(await scalar(conn, `SELECT SUM(CAST(value AS DOUBLE)) FROM ${rel}`));
  const world = toNumber(
    await scalar(conn, `SELECT SUM(trade_value) / 3 FROM agg_ots_sections_continents WHERE year BETWEEN 1998 AND 2000`),
  );
  const scale = world > 0 && fixture > 0 ? Math.min(1, fixture / world) : 0;
  if (scale === 0) return { filters: { ...DEFAULT_FILTERS, minCountryExports: null, minProductTrade: null }, thresholdScale: 0 };
  return {
    filters: {
      ...DEFAULT_FILTERS,
      minCountryExports: DEFAULT_FILTERS.minCountryExports! * scale,
      minProductTrade: DEFAULT_FILTERS.minProductTrade! * scale,
    },
    thresholdScale: scale,
  };
}

/** HS 9999 and its subheadings collect trade no customs office could classify: not a product. */
const hsUnspecified = (product: string) => product.startsWith("9999");

async function tableExists(conn: DuckDBConnection, name: string): Promise<boolean> {
  return toNumber(await scalar(conn, `SELECT count(*) FROM duckdb_tables() WHERE table_name = $1`, [name])) > 0;
}

function wdiPopulation(hasIndicators: boolean) {
  return (year: number) =>
    hasIndicators
      ? {
          sql: `SELECT country, population FROM fact_wdi_indicators WHERE year = $year AND population IS NOT NULL`,
          params: { year },
        }
      : null;
}

/**
 * The sources this warehouse can feed. `fixtureRelation` is the staged SITC fixture
 * (complexity_fixture_trade) when the package has it.
 */
export async function complexitySources(
  conn: DuckDBConnection,
  options: { fixtureRelation: string | null; baciRevisions: readonly BaciRevision[] },
): Promise<ComplexitySource[]> {
  const hasIndicators = await tableExists(conn, "fact_wdi_indicators");
  const population = wdiPopulation(hasIndicators);
  const sources: ComplexitySource[] = [];
  const yearsOf = (table: string, where = "") => async (c: DuckDBConnection) =>
    (await c.runAndReadAll(`SELECT DISTINCT year FROM ${ident(table)} ${where} ORDER BY year`)).getRowsJS().map((r) => Number(r[0]));
  /** An HS export table with one matrix per year, the default filters and WDI population. */
  const yearlyHsSource = (s: { set: string; kind: ComplexitySource["kind"]; tradeCube: string; table: string; country: string; product: string; flowExports?: boolean }): ComplexitySource => {
    const where = s.flowExports ? "WHERE flow = 2" : "";
    return {
      set: s.set,
      kind: s.kind,
      tradeCube: s.tradeCube,
      years: yearsOf(s.table, where),
      matrixSql: (year) => ({
        sql: `SELECT ${s.country} AS country, ${s.product} AS product, SUM(trade_value) AS value FROM ${ident(s.table)} ${where ? `${where} AND` : "WHERE"} year = $year GROUP BY ALL`,
        params: { year },
      }),
      populationSql: population,
      period: (year) => String(year),
      isUnspecified: hsUnspecified,
      filters: DEFAULT_FILTERS,
      thresholdScale: 1,
    };
  };

  if (await tableExists(conn, "fact_ots_hs4")) {
    sources.push(yearlyHsSource({ set: "hs92_hs4", kind: "ots_hs4", tradeCube: "trade_i_ots_a_hs4", table: "fact_ots_hs4", country: "country", product: "hs4", flowExports: true }));
  }
  if (await tableExists(conn, "fact_atlas_hs4")) {
    sources.push(yearlyHsSource({ set: "hs92_hs4", kind: "atlas_hs4", tradeCube: "trade_i_atlas_a_hs4", table: "fact_atlas_hs4", country: "country", product: "hs4", flowExports: true }));
  }
  if (await tableExists(conn, "fact_comtrade_hs4_sample")) {
    sources.push(
      yearlyHsSource({ set: "hs92_hs4", kind: "comtrade_hs4_sample", tradeCube: "trade_i_comtrade_a_hs4_sample", table: "fact_comtrade_hs4_sample", country: "exporter", product: "hs4" }),
    );
  }
  if (options.fixtureRelation) {
    const rel = ident(options.fixtureRelation);
    sources.push({
      set: "sitc2_sitc4",
      kind: "sitc_fixture",
      tradeCube: null,
      // The fixture is one period, the average of 1998-2000; the tables file it under 2000.
      years: async () => [2000],
      matrixSql: () => ({
        sql: `SELECT country, product, SUM(CAST(value AS DOUBLE)) AS value FROM ${rel} GROUP BY ALL`,
        params: {},
      }),
      // Average population over the same years; legacy codes (rom) read their successor's (rou).
      populationSql: () =>
        hasIndicators
          ? {
              sql: `SELECT c.id AS country, avg(w.population) AS population
                    FROM dim_countries c JOIN fact_wdi_indicators w ON w.country = COALESCE(c.alias_of, c.id)
                    WHERE w.year BETWEEN 1998 AND 2000 AND w.population IS NOT NULL GROUP BY c.id`,
              params: {},
            }
          : null,
      period: () => "1998-2000",
      isUnspecified: () => false,
      ...(await fixtureFilters(conn, rel)),
    });
  }
  for (const revision of options.baciRevisions) {
    const t = baciTables(revision);
    if (!(await tableExists(conn, t.productsExporter))) continue;
    // Both depths, from the same exports: HS6 (BACI's own) and HS4 (comparable with the package's).
    for (const depth of baciComplexityDepths(revision)) {
      sources.push(yearlyHsSource({ set: baciComplexityKey(revision, depth), kind: "baci", tradeCube: baciCubeName(revision), table: t.productsExporter, country: "exporter", product: depth }));
    }
  }
  return sources;
}

// ---------------------------------------------------------------------------------------------
// Staging tables, filled with DuckDB appenders (fast) and turned into cube tables per set.

const STAGE = { eci: "_cx_stage_eci", pci: "_cx_stage_pci", rca: "_cx_stage_rca" } as const;

async function createStaging(conn: DuckDBConnection): Promise<void> {
  await conn.run(`CREATE OR REPLACE TABLE ${STAGE.eci} (cx_set VARCHAR, year SMALLINT, country VARCHAR, eci DOUBLE, eci_rank INTEGER,
    diversity INTEGER, coi DOUBLE, fitness DOUBLE, trade_value DOUBLE)`);
  await conn.run(`CREATE OR REPLACE TABLE ${STAGE.pci} (cx_set VARCHAR, year SMALLINT, product VARCHAR, pci DOUBLE, pci_rank INTEGER,
    ubiquity INTEGER, fitness_complexity DOUBLE, trade_value DOUBLE)`);
  await conn.run(`CREATE OR REPLACE TABLE ${STAGE.rca} (cx_set VARCHAR, year SMALLINT, country VARCHAR, product VARCHAR, trade_value DOUBLE,
    rca DOUBLE, specialized TINYINT, relatedness DOUBLE, distance DOUBLE, opportunity_gain DOUBLE)`);
  await conn.run(`CREATE OR REPLACE TABLE complexity_runs (
    cx_set VARCHAR, year SMALLINT, source VARCHAR, trade_cube VARCHAR, period VARCHAR, status VARCHAR, message VARCHAR,
    input_countries INTEGER, input_products INTEGER, countries INTEGER, products INTEGER, eigenvalue DOUBLE,
    population_unknown VARCHAR[], filters VARCHAR, seconds DOUBLE, engine_seconds DOUBLE)`);
  await conn.run(`CREATE OR REPLACE TABLE complexity_exclusions (
    cx_set VARCHAR, year SMALLINT, kind VARCHAR, id VARCHAR, reason VARCHAR, value DOUBLE, threshold DOUBLE)`);
}

/** NaN and infinities never reach the tables (the engine promises none; this keeps the promise honest). */
function finite(appender: DuckDBAppender, value: number | null | undefined): void {
  if (value === null || value === undefined || !Number.isFinite(value)) appender.appendNull();
  else appender.appendDouble(value);
}

async function readMatrix(conn: DuckDBConnection, sql: string, params: Record<string, DuckDBValue>): Promise<TradeMatrix> {
  const [cs, ps, vs] = (await conn.runAndReadAll(sql, params)).getColumnsJS() as [string[], string[], unknown[]];
  // Negative or missing values are not exports; the trade tables hold none, and they are left out.
  return tradeMatrixFromCells(cs, ps, vs.map(toNumber));
}

/** Drops unspecified product codes before the engine sees them, as exclusions with their trade. */
function dropUnspecified(matrix: TradeMatrix, isUnspecified: (p: string) => boolean): { matrix: TradeMatrix; excluded: StoredExclusion[] } {
  const cols = matrix.products.length;
  const kept: number[] = [];
  const excluded: StoredExclusion[] = [];
  matrix.products.forEach((id, p) => {
    if (!isUnspecified(id)) return void kept.push(p);
    let total = 0;
    for (let c = 0; c < matrix.countries.length; c++) total += matrix.values[c * cols + p];
    excluded.push({ kind: "product", id, reason: "unspecified", value: total });
  });
  if (excluded.length === 0) return { matrix, excluded };
  return { matrix: selectSubmatrix(matrix, Uint32Array.from(matrix.countries.keys()), kept), excluded };
}

async function readPopulation(conn: DuckDBConnection, query: { sql: string; params: Record<string, DuckDBValue> } | null) {
  if (!query) return undefined;
  const rows = (await conn.runAndReadAll(query.sql, query.params)).getRowsJS();
  return new Map(rows.map((r) => [String(r[0]), toNumber(r[1])]));
}

function writeResult(appenders: Record<keyof typeof STAGE, DuckDBAppender>, set: string, year: number, input: TradeMatrix, r: ComplexityResult): number {
  const { eci, pci, rca } = appenders;
  const rows = r.countries.length;
  const cols = r.products.length;
  // Exports of the kept countries and products, from the input (RCA's own sample).
  const inRow = new Map(input.countries.map((id, i) => [id, i]));
  const inCol = new Map(input.products.map((id, i) => [id, i]));
  const width = input.products.length;
  const colIndex = r.products.map((p) => inCol.get(p)!);
  const productTrade = new Float64Array(cols);
  for (let c = 0; c < rows; c++) {
    const base = inRow.get(r.countries[c])! * width;
    let exports = 0;
    for (let p = 0; p < cols; p++) {
      const v = input.values[base + colIndex[p]];
      exports += v;
      productTrade[p] += v;
      rca.appendVarchar(set);
      rca.appendSmallInt(year);
      rca.appendVarchar(r.countries[c]);
      rca.appendVarchar(r.products[p]);
      rca.appendDouble(v);
      finite(rca, r.rca[c * cols + p]);
      rca.appendTinyInt(r.binary.data[c * cols + p]);
      finite(rca, r.relatedness[c * cols + p]);
      finite(rca, r.distance[c * cols + p]);
      finite(rca, r.opportunityGain[c * cols + p]);
      rca.endRow();
    }
    eci.appendVarchar(set);
    eci.appendSmallInt(year);
    eci.appendVarchar(r.countries[c]);
    finite(eci, r.eci[c]);
    eci.appendInteger(r.eciRank[c]);
    eci.appendInteger(r.binary.diversity[c]);
    finite(eci, r.coi[c]);
    finite(eci, r.fitness?.[c]);
    eci.appendDouble(exports);
    eci.endRow();
  }
  for (let p = 0; p < cols; p++) {
    pci.appendVarchar(set);
    pci.appendSmallInt(year);
    pci.appendVarchar(r.products[p]);
    finite(pci, r.pci[p]);
    pci.appendInteger(r.pciRank[p]);
    pci.appendInteger(r.binary.ubiquity[p]);
    finite(pci, r.productFitnessComplexity?.[p]);
    pci.appendDouble(productTrade[p]);
    pci.endRow();
  }
  return rows * cols + rows + cols;
}

/** SELECT over the staging tables producing each cube table's columns (registry names). */
function cubeSourceSql(set: ComplexitySetDef, which: "eci" | "pci" | "rca"): string {
  const country = (alias: string) => `${alias}.country, COALESCE(c.continent_id, 'xx') AS continent`;
  const countryJoin = `LEFT JOIN ${ident(set.countryMembers)} c ON c.id = s.country`;
  let productCols: string;
  let productJoin = "";
  if (set.depth === "sitc4") {
    productCols = "s.product AS sitc4";
  } else if (set.depth === "hs4") {
    productCols = `COALESCE(p.section_id, '99') AS section, COALESCE(p.hs2_id, left(s.product, 2)) AS hs2, s.product AS hs4`;
    productJoin = `LEFT JOIN dim_hs4 p ON p.id = s.product`;
  } else {
    const hs6 = set.productDimension.hierarchies[0].levels.find((l) => l.name === "HS6")!.members!;
    productCols = `COALESCE(p.section_id, '99') AS section, left(s.product, 2) AS hs2, left(s.product, 4) AS hs4, s.product AS hs6`;
    productJoin = `LEFT JOIN ${ident(hs6)} p ON p.id = s.product`;
  }
  const where = `WHERE s.cx_set = $set`;
  if (which === "eci") return `SELECT s.year, ${country("s")}, s.* EXCLUDE (cx_set, year, country) FROM ${STAGE.eci} s ${countryJoin} ${where}`;
  if (which === "pci") return `SELECT s.year, ${productCols}, s.* EXCLUDE (cx_set, year, product) FROM ${STAGE.pci} s ${productJoin} ${where}`;
  return `SELECT s.year, ${country("s")}, ${productCols}, s.* EXCLUDE (cx_set, year, country, product) FROM ${STAGE.rca} s ${countryJoin} ${productJoin} ${where}`;
}

export interface ComplexityStepResult {
  cubes: { cube: CubeDef; stats: TableStats[]; years: number[]; source: string }[];
  runs: number;
  computed: number;
  seconds: number;
  engineSeconds: number;
  warnings: string[];
}

/**
 * Runs every source and year, then builds the cubes of every set that has at least one ranked
 * year. Progress prints one line per run and a summary with the engine's share of the time.
 */
export async function buildComplexity(
  conn: DuckDBConnection,
  options: { fixtureRelation: string | null; baciRevisions?: readonly BaciRevision[]; progress: Progress; checkAborted?: () => void },
): Promise<ComplexityStepResult> {
  const started = performance.now();
  const { progress } = options;
  const sources = await complexitySources(conn, {
    fixtureRelation: options.fixtureRelation,
    baciRevisions: options.baciRevisions ?? BACI_REVISIONS,
  });
  await createStaging(conn);
  const appenders = {
    eci: await conn.createAppender(STAGE.eci),
    pci: await conn.createAppender(STAGE.pci),
    rca: await conn.createAppender(STAGE.rca),
  };
  const runs = await conn.createAppender("complexity_runs");
  const exclusions = await conn.createAppender("complexity_exclusions");
  const warnings: string[] = [];
  const setYears = new Map<string, Set<number>>();
  const setSources = new Map<string, Set<string>>();
  let engineSeconds = 0;
  let computed = 0;
  let attempted = 0;

  for (const source of sources) {
    for (const year of await source.years(conn)) {
      options.checkAborted?.();
      const seen = setYears.get(source.set) ?? new Set<number>();
      if (seen.has(year)) {
        warnings.push(`complexity ${source.set} ${year}: already computed from another source; ${source.kind} skipped for that year`);
        continue;
      }
      attempted++;
      const runStarted = performance.now();
      let engineTime = 0;
      let status = "computed";
      let message = "";
      let result: ComplexityResult | null = null;
      let excluded: StoredExclusion[] = [];
      let input: TradeMatrix = { countries: [], products: [], values: new Float64Array(0) };
      await progress.step(`complexity ${source.set} ${source.period(year)} (${source.kind})`, null, async () => {
        const { sql, params } = source.matrixSql(year);
        const raw = await readMatrix(conn, sql, params);
        const population = await readPopulation(conn, source.populationSql(year));
        const dropped = dropUnspecified(raw, source.isUnspecified);
        input = dropped.matrix;
        excluded = dropped.excluded;
        const t0 = performance.now();
        try {
          result = computeComplexity({ ...input, population }, { method: "eigenvector", filters: source.filters });
          excluded = [...excluded, ...result.excluded];
        } catch (error) {
          if (!(error instanceof ComplexityError)) throw error;
          status = error.code === "INSUFFICIENT_DATA" ? "insufficient" : "failed";
          message = error.message;
          const fromEngine = error.details?.excluded;
          if (Array.isArray(fromEngine)) excluded = [...excluded, ...(fromEngine as Exclusion[])];
          warnings.push(`complexity ${source.set} ${source.period(year)} (${source.kind}) not ranked: ${error.message}`);
        }
        engineTime = (performance.now() - t0) / 1000;
        engineSeconds += engineTime;
        return result ? writeResult(appenders, source.set, year, input, result) : 0;
      });
      const r = result as ComplexityResult | null;
      if (r) {
        computed++;
        seen.add(year);
        setYears.set(source.set, seen);
        const names = setSources.get(source.set) ?? new Set<string>();
        names.add(source.tradeCube ?? "complexity_fixture/trade.csv");
        setSources.set(source.set, names);
      }
      for (const e of excluded) {
        exclusions.appendVarchar(source.set);
        exclusions.appendSmallInt(year);
        exclusions.appendVarchar(e.kind);
        exclusions.appendVarchar(e.id);
        exclusions.appendVarchar(e.reason);
        finite(exclusions, e.value);
        finite(exclusions, e.threshold);
        exclusions.endRow();
      }
      runs.appendVarchar(source.set);
      runs.appendSmallInt(year);
      runs.appendVarchar(source.kind);
      if (source.tradeCube) runs.appendVarchar(source.tradeCube);
      else runs.appendNull();
      runs.appendVarchar(source.period(year));
      runs.appendVarchar(status);
      runs.appendVarchar(message);
      runs.appendInteger(input.countries.length);
      runs.appendInteger(input.products.length);
      runs.appendInteger(r?.countries.length ?? 0);
      runs.appendInteger(r?.products.length ?? 0);
      finite(runs, r?.eigenvalue);
      runs.appendList([...(r?.populationUnknown ?? [])], LIST(VARCHAR));
      runs.appendVarchar(JSON.stringify({ ...source.filters, thresholdScale: source.thresholdScale }));
      runs.appendDouble((performance.now() - runStarted) / 1000);
      runs.appendDouble(engineTime);
      runs.endRow();
    }
  }
  for (const a of [...Object.values(appenders), runs, exclusions]) a.closeSync();

  const cubes: ComplexityStepResult["cubes"] = [];
  for (const [key] of setYears) {
    const set = getComplexitySet(key);
    if (!set) throw new Error(`complexity set ${key} is not in the registry`);
    const [eciCube, pciCube, rcaCube] = complexityCubes(set);
    const source = `complexity from ${[...(setSources.get(key) ?? [])].join(", ")}`;
    for (const [cube, which] of [
      [eciCube, "eci"],
      [pciCube, "pci"],
      [rcaCube, "rca"],
    ] as const) {
      const stats = await createCubeTables(conn, cube, cubeSourceSql(set, which), { set: key });
      cubes.push({ cube, stats, years: await distinctYears(conn, cube.tables[0].name), source });
    }
  }
  for (const table of Object.values(STAGE)) await conn.run(`DROP TABLE IF EXISTS ${table}`);
  const seconds = (performance.now() - started) / 1000;
  progress.info(
    `  complexity: ${computed} of ${attempted} runs ranked, ${cubes.length} cubes, in ${seconds.toFixed(2)} s (engine ${engineSeconds.toFixed(2)} s)`,
  );
  return { cubes, runs: attempted, computed, seconds, engineSeconds, warnings };
}
