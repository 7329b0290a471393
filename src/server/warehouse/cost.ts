/**
 * What a query may cost, decided before it runs. A valid query can still ask the warehouse to
 * group every row of the largest table (every year x exporter x importer x section, with growth):
 * seconds of work and a gigabyte of memory for an answer of which one page of rows is sent. The
 * estimate is the number of groups the aggregation makes: the base table's rows after the cuts
 * (each cut keeps its share of its level's distinct members), never more than the product of the
 * drilled levels' distinct members; growth, RCA and rankings work over those groups again, so
 * they weigh more. Beyond the budget (WAREHOUSE_MAX_GROUPS) the query is refused with a 400 that
 * says how to narrow it: the same budget for /api/data, the Tesseract API and every page.
 */
import "server-only";
import type { TableMeta as TableStats } from "./engine";
import type { ResolvedQuery } from "./query";
import { WarehouseError } from "./errors";

export interface QueryCost {
  /** Groups the aggregation makes, estimated. */
  groups: number;
  /** Groups weighted by the work done on them again (growth, RCA, ranking). */
  weighted: number;
}

function timeShare(q: ResolvedQuery, yearDistinct: number | undefined): number {
  if (!q.time || !yearDistinct) return 1;
  if (q.time.kind === "list") return Math.min(1, q.time.years.length / yearDistinct);
  if (q.time.kind === "range") return Math.min(1, (q.time.to - q.time.from + 1) / yearDistinct);
  return 1 / yearDistinct;
}

/**
 * `others`: the warehouse's other tables, whose statistics name columns the base table's do not
 * (a continent column is counted on the continent aggregate): a level is never taken for as many
 * members as the table has rows just because its count was recorded elsewhere.
 */
export function estimateCost(q: ResolvedQuery, stats: TableStats | undefined, others: Iterable<TableStats> = []): QueryCost {
  if (!stats) return { groups: 0, weighted: 0 };
  const elsewhere = new Map<string, number>();
  for (const table of others) for (const [column, count] of Object.entries(table.distinct)) elsewhere.set(column, Math.max(elsewhere.get(column) ?? 0, count));
  const distinct = (column: string): number | undefined => stats.distinct[column] ?? elsewhere.get(column);
  let rows = stats.rows;
  for (const cut of [...q.cuts, ...q.defaults.map((d) => d.cut)]) {
    const members = distinct(cut.level.column);
    if (members) rows *= Math.min(1, cut.ids.length / members);
  }
  rows *= timeShare(q, distinct("year"));
  let product = 1;
  for (const level of q.drilldowns) {
    const cut = q.cuts.find((c) => c.level.column === level.column);
    product *= cut ? cut.ids.length : (distinct(level.column) ?? stats.rows);
  }
  const groups = Math.ceil(Math.min(rows, product));
  const factor = (q.growth ? 2 : 1) * (q.rca ? 3 : 1) * (q.ranking.length || q.top ? 1.5 : 1);
  return { groups, weighted: Math.ceil(groups * factor) };
}

/** Refuses a query whose estimated cost is over `budget` groups, with the way to narrow it. */
export function checkCost(q: ResolvedQuery, tables: ReadonlyMap<string, TableStats>, budget: number): void {
  const cost = estimateCost(q, tables.get(q.cube.tables[0]!.name), tables.values());
  if (cost.weighted <= budget) return;
  throw new WarehouseError(
    "query_too_expensive",
    `This query would group about ${cost.groups.toLocaleString("en")} rows${cost.weighted > cost.groups ? " (and compute growth, RCA or rankings over them)" : ""}, over the limit of ${budget.toLocaleString("en")}: cut it to fewer years or members, or drill down fewer levels.`,
    { parameter: "drilldowns" },
  );
}
