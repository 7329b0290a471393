import { beforeAll, describe, expect, it } from "vitest";
import { binarize, balassaRca } from "./rca";
import type { BinaryMatrix } from "./binary";
import { fitnessComplexity } from "./fitness";
import { countryProximity, productProximity } from "./proximity";
import type { TradeMatrix } from "./matrix";
import {
  hasFixture,
  indexOf,
  loadFixtureTrade,
  maxScaledDifference,
  readFixtureJson,
  skipReason,
} from "./test-support/fixture";

if (!hasFixture) console.warn(`Skipping economiccomplexity comparison: ${skipReason}`);

/**
 * Checks a symmetric matrix against a fixture listing its strict upper triangle (values > 0):
 * every listed pair must be equal bit for bit, every other off-diagonal cell must be 0, and
 * the diagonal must be 1.
 */
function expectExactSymmetric(ours: Float64Array, ids: readonly string[], rows: [string, string, number][]): void {
  const n = ids.length;
  const index = indexOf(ids);
  const listed = new Uint8Array(n * n);
  let mismatches = 0;
  let notUpper = 0;
  for (const [a, b, v] of rows) {
    const i = index.get(a)!;
    const j = index.get(b)!;
    if (!(i < j)) notUpper++;
    listed[i * n + j] = 1;
    if (ours[i * n + j] !== v || ours[j * n + i] !== v) mismatches++;
  }
  let unlisted = 0;
  let badDiagonal = 0;
  for (let i = 0; i < n; i++) {
    if (ours[i * n + i] !== 1) badDiagonal++;
    for (let j = i + 1; j < n; j++) if (!listed[i * n + j] && (ours[i * n + j] !== 0 || ours[j * n + i] !== 0)) unlisted++;
  }
  expect({ notUpper, mismatches, unlisted, badDiagonal }).toEqual({ notUpper: 0, mismatches: 0, unlisted: 0, badDiagonal: 0 });
}

describe.skipIf(!hasFixture)("economiccomplexity 2.0.0 fixture (R)", () => {
  let trade: TradeMatrix;
  let m: BinaryMatrix;

  beforeAll(() => {
    trade = loadFixtureTrade();
    const n = trade.countries.length;
    const k = trade.products.length;
    m = binarize(balassaRca(trade.values, n, k), n, k, 1);
  });

  it("binary Balassa matrix (cutoff 1) matches exactly", () => {
    const table = readFixtureJson<[string, string, number]>("balassa_index.json");
    const ci = indexOf(trade.countries);
    const pi = indexOf(trade.products);
    const cols = trade.products.length;
    const expected = new Uint8Array(m.data.length);
    for (const [c, p, v] of table.data) {
      expect(v).toBe(1);
      expected[ci.get(c)! * cols + pi.get(p)!] = 1;
    }
    expect(table.data).toHaveLength(31951);
    let differences = 0;
    for (let i = 0; i < expected.length; i++) if (expected[i] !== m.data[i]) differences++;
    expect(differences).toBe(0);
  });

  it("product proximity matches exactly (all 304,681 pairs, zeros and diagonal)", () => {
    const table = readFixtureJson<[string, string, number]>("proximity_product.json");
    expect(table.data).toHaveLength(304681);
    expectExactSymmetric(productProximity(m), trade.products, table.data);
  });

  it("country proximity matches exactly", () => {
    const table = readFixtureJson<[string, string, number]>("proximity_country.json");
    expect(table.data).toHaveLength(25161);
    expectExactSymmetric(countryProximity(m), trade.countries, table.data);
  });

  it("Fitness-Complexity (20 iterations, extremality 1) matches to 1e-9", () => {
    const { fitness, complexity } = fitnessComplexity(m, { iterations: 20, extremality: 1 });
    const countries = readFixtureJson<[string, number]>("complexity_index_country.json");
    const products = readFixtureJson<[string, number]>("complexity_index_product.json");
    const ci = indexOf(trade.countries);
    const pi = indexOf(trade.products);
    expect(countries.data).toHaveLength(226);
    expect(products.data).toHaveLength(785);
    expect(maxScaledDifference(countries.data.map(([c, v]) => [fitness[ci.get(c)!], v]))).toBeLessThan(1e-9);
    expect(maxScaledDifference(products.data.map(([p, v]) => [complexity[pi.get(p)!], v]))).toBeLessThan(1e-9);
  });
});
