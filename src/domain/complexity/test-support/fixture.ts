/**
 * Test-only access to the golden complexity fixture in the data package. Lives beside the tests
 * (not in the engine) because it reads files; `src/domain` code itself never does IO.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { tradeMatrixFromCells, type TradeMatrix } from "../matrix";

const projectRoot = fileURLToPath(new URL("../../../../", import.meta.url));

/** TRADE_DATA_DIR if set, else the shared data package next to the project. */
export const dataDir = process.env.TRADE_DATA_DIR ?? resolve(projectRoot, "../shared/data");
export const fixtureDir = join(dataDir, "complexity_fixture");
export const pyFixtureDir = join(fixtureDir, "py_economic_complexity");
export const hasFixture = existsSync(join(fixtureDir, "trade.csv")) && existsSync(join(pyFixtureDir, "eci.json"));
export const skipReason = `complexity fixture not found at ${fixtureDir} (set TRADE_DATA_DIR to the data package)`;

export interface FixtureTable<Row extends unknown[]> {
  readonly columns: string[];
  readonly data: Row[];
}

export function readFixtureJson<Row extends unknown[]>(relativePath: string): FixtureTable<Row> {
  return JSON.parse(readFileSync(join(fixtureDir, relativePath), "utf8")) as FixtureTable<Row>;
}

/** trade.csv as a dense matrix, ids sorted like R factor levels and pandas pivots, duplicates summed. */
export function loadFixtureTrade(): TradeMatrix {
  const lines = readFileSync(join(fixtureDir, "trade.csv"), "utf8").split("\n");
  const [countries, products, values]: [string[], string[], number[]] = [[], [], []];
  for (let i = 1; i < lines.length; i++) {
    if (lines[i] === "") continue;
    const [country, product, value] = lines[i].split(",");
    countries.push(country);
    products.push(product);
    values.push(Number(value));
  }
  return tradeMatrixFromCells(countries, products, values);
}

export function indexOf(ids: readonly string[]): Map<string, number> {
  return new Map(ids.map((id, i) => [id, i]));
}

/** Largest |a - b| / max(1, |b|): absolute for small numbers, relative for large ones. */
export function maxScaledDifference(pairs: Iterable<[number, number]>): number {
  let worst = 0;
  for (const [a, b] of pairs) {
    const d = Math.abs(a - b) / Math.max(1, Math.abs(b));
    if (Number.isNaN(d)) return Number.POSITIVE_INFINITY;
    if (d > worst) worst = d;
  }
  return worst;
}
