/**
 * The import's data-quality step, after the catalogue: runs the rules of src/domain/catalog/quality
 * on small aggregated rows read with SQL and writes what they find to `_meta_quality` (one row per
 * flag: dataset, year, rule, reporter, flow, product codes, values, the rule's parameters as JSON).
 *
 * - world-total jumps: every catalogued dataset with a total, from `_meta_catalog` itself;
 * - sibling duplicates, "Unspecified" among the top items and partial years: goods datasets with
 *   reporting countries and products, from the smallest table of the cube holding the reporter,
 *   the flow and the product levels (summed over partners where the table is bilateral).
 */
import "server-only";
import type { DuckDBConnection } from "@duckdb/node-api";
import type { CatalogFlow } from "@/domain/catalog/catalog";
import {
  QUALITY_THRESHOLDS,
  partialYears,
  siblingDuplicates,
  totalJumps,
  unspecifiedTop,
  type CoverageRow,
  type ItemRow,
  type QualityFlag,
  type QualityThresholds,
  type RankedRow,
} from "@/domain/catalog/quality";
import type { CubeDef, TableDef } from "@/server/warehouse/registry";
import { measureColumns } from "./layout";
import { all, ident, toNumber } from "./sql";

const CREATE = `CREATE OR REPLACE TABLE _meta_quality (
  dataset VARCHAR, year SMALLINT, rule VARCHAR, reporter VARCHAR, flow VARCHAR, products VARCHAR[], "values" DOUBLE[], params VARCHAR)`;

const ITEMS = "_quality_items";

/** What the reporter rules need of a goods cube: where to read, and which columns mean what. */
interface ItemSource {
  dataset: string;
  table: string;
  reporter: string;
  flow: string | null;
  value: string;
  section: string | null;
  parent: string | null;
  product: string;
  /** The product level's name ("HS4"), kept with the flags so pages can name the codes. */
  level: string;
}

export function itemSource(cube: CubeDef): ItemSource | null {
  const spec = cube.catalog;
  if (!spec || spec.kind !== "goods" || !spec.reporterColumn || spec.scope === "world") return null;
  const levels = cube.dimensions.find((d) => d.kind === "product")?.hierarchies[0]?.levels ?? [];
  const leaf = levels.at(-1);
  if (!leaf) return null;
  const parent = levels.length > 1 ? levels.at(-2)!.column : null;
  const section = levels.find((l) => l.column === "section")?.column ?? null;
  const needed = [spec.reporterColumn, leaf.column, ...(parent ? [parent] : []), ...(section ? [section] : []), ...(spec.flowColumn ? [spec.flowColumn] : [])];
  const holds = (t: TableDef) => needed.every((c) => t.columns.includes(c));
  // Aggregates first: they are the same sums over fewer rows (no partner detail).
  const table = cube.tables.find((t) => t.kind === "aggregate" && holds(t)) ?? cube.tables.find((t) => t.kind === "base" && holds(t));
  if (!table) return null;
  return {
    dataset: spec.dataset,
    table: table.name,
    reporter: spec.reporterColumn,
    flow: spec.flowColumn ?? null,
    value: measureColumns(cube)[0],
    section,
    parent,
    product: leaf.column,
    level: leaf.name,
  };
}

const flowOf = (value: unknown): CatalogFlow => (value === "import" ? "import" : "export");

async function itemFlags(conn: DuckDBConnection, source: ItemSource, t: QualityThresholds): Promise<QualityFlag[]> {
  const text = (column: string | null) => (column ? `CAST(${ident(column)} AS VARCHAR)` : "NULL");
  // The flow column's 2 is exports (as in the catalogue); a table without one holds the reporter's exports.
  const flow = source.flow ? `CASE WHEN ${ident(source.flow)} = 2 THEN 'export' ELSE 'import' END` : `'export'`;
  await conn.run(
    `CREATE OR REPLACE TEMP TABLE ${ITEMS} AS
     SELECT *, sum(value) OVER (PARTITION BY year, reporter, flow) AS total,
            rank() OVER (PARTITION BY year, reporter, flow ORDER BY value DESC) AS rank
     FROM (
       SELECT CAST(year AS INTEGER) AS year, ${text(source.reporter)} AS reporter, ${flow} AS flow, ${text(source.parent)} AS parent,
              ${text(source.section)} AS section, ${text(source.product)} AS product, sum(${ident(source.value)}) AS value
       FROM ${ident(source.table)}
       WHERE ${ident(source.value)} IS NOT NULL AND ${ident(source.reporter)} IS NOT NULL
       GROUP BY ALL
     )`,
  );
  try {
    const toItem = (r: Record<string, unknown>): RankedRow => ({
      year: toNumber(r.year),
      reporter: String(r.reporter),
      flow: flowOf(r.flow),
      parent: r.parent === null ? null : String(r.parent),
      section: r.section === null ? null : String(r.section),
      product: String(r.product),
      value: toNumber(r.value),
      total: toNumber(r.total),
      rank: toNumber(r.rank),
    });
    // Each query hands the rule only rows that could match it; the rule itself decides.
    const siblings = (
      await all(conn, `SELECT * FROM ${ITEMS} WHERE parent IS NOT NULL AND total > 0 AND value >= $share * total AND value >= $min`, {
        share: t.siblingMinShare,
        min: t.siblingMinValue,
      })
    ).map(toItem) as ItemRow[];
    const top = (await all(conn, `SELECT * FROM ${ITEMS} WHERE total > 0 AND value > 0 AND (rank <= $top OR value > $share * total)`, { top: t.unspecifiedTopN, share: t.unspecifiedMinShare })).map(
      toItem,
    );
    const coverage = (await all(conn, `SELECT year, reporter, flow, count(DISTINCT product) AS products FROM ${ITEMS} WHERE value <> 0 GROUP BY ALL`)).map(
      (r): CoverageRow => ({ year: toNumber(r.year), reporter: String(r.reporter), flow: flowOf(r.flow), products: toNumber(r.products) }),
    );
    let flowsByYear: Map<number, CatalogFlow[]> | null = null;
    if (source.flow) {
      const years = await all(conn, `SELECT year, list(DISTINCT flow ORDER BY flow) AS flows FROM ${ITEMS} GROUP BY year`);
      flowsByYear = new Map(years.map((r) => [toNumber(r.year), (Array.isArray(r.flows) ? r.flows : []).map(flowOf)]));
    }
    return [
      ...siblingDuplicates(source.dataset, source.level, siblings, t),
      ...unspecifiedTop(source.dataset, source.level, top, t),
      ...partialYears(source.dataset, source.level, coverage, flowsByYear, t),
    ];
  } finally {
    await conn.run(`DROP TABLE IF EXISTS ${ITEMS}`);
  }
}

async function catalogueJumps(conn: DuckDBConnection, t: QualityThresholds): Promise<QualityFlag[]> {
  const rows = await all(conn, `SELECT * FROM _meta_catalog WHERE total IS NOT NULL AND kind <> 'complexity' ORDER BY dataset, year`);
  return totalJumps(
    rows.map((r) => ({
      dataset: String(r.dataset),
      year: toNumber(r.year),
      // Warehouses whose catalogue predates vintages: one release per dataset.
      vintage: r.vintage === null || r.vintage === undefined ? String(r.dataset) : String(r.vintage),
      total: toNumber(r.total),
      reporters: toNumber(r.reporters),
    })),
    t,
  );
}

async function insert(conn: DuckDBConnection, flag: QualityFlag): Promise<void> {
  // Lists travel as comma-separated text (a list parameter would need a typed value); codes hold no commas.
  await conn.run(
    `INSERT INTO _meta_quality SELECT $1, $2, $3, $4, $5,
       CASE WHEN $6 = '' THEN []::VARCHAR[] ELSE string_split($6, ',') END,
       CASE WHEN $7 = '' THEN []::DOUBLE[] ELSE CAST(string_split($7, ',') AS DOUBLE[]) END, $8`,
    [flag.dataset, flag.year, flag.rule, flag.reporter, flag.flow, flag.products.join(","), flag.values.map(String).join(","), JSON.stringify(flag.params)],
  );
}

/** Writes `_meta_quality` from the cubes just built and `_meta_catalog` (written before); returns the number of flags. */
export async function writeQualityFlags(conn: DuckDBConnection, cubes: readonly CubeDef[], t: QualityThresholds = QUALITY_THRESHOLDS): Promise<number> {
  await conn.run(CREATE);
  const flags: QualityFlag[] = await catalogueJumps(conn, t);
  const seen = new Set<string>();
  for (const cube of cubes) {
    const source = itemSource(cube);
    if (!source || seen.has(source.dataset)) continue;
    seen.add(source.dataset);
    flags.push(...(await itemFlags(conn, source, t)));
  }
  for (const flag of flags) await insert(conn, flag);
  return flags.length;
}
