import { describe, expect, it } from "vitest";
import { computeComplexity, type ComplexityResult } from "./compute";
import { eigenvectorComplexity } from "./eigenvector";
import { productProximity } from "./proximity";
import { balassaRca, binarize } from "./rca";
import { opportunityMeasures } from "./relatedness";
import { opportunityMeasuresFromBinary } from "./opportunity";
import { randomTrade, seededRandom } from "./test-support/random";

function shuffled(length: number, seed: number): number[] {
  const rand = seededRandom(seed);
  const order = Array.from({ length }, (_, i) => i);
  for (let i = length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** Reorders a trade matrix's rows and columns. */
function permute(trade: ReturnType<typeof randomTrade>, rowOrder: number[], colOrder: number[]) {
  const cols = trade.products.length;
  const values = new Float64Array(trade.values.length);
  rowOrder.forEach((r, i) => colOrder.forEach((c, j) => (values[i * colOrder.length + j] = trade.values[r * cols + c])));
  return { countries: rowOrder.map((r) => trade.countries[r]), products: colOrder.map((c) => trade.products[c]), values };
}

function byId(result: ComplexityResult, field: "eci" | "pci" | "eciRank" | "pciRank"): Map<string, number> {
  const ids = field === "eci" || field === "eciRank" ? result.countries : result.products;
  return new Map(ids.map((id, i) => [id, result[field][i]]));
}

function cellById(result: ComplexityResult, field: "relatedness" | "opportunityGain" | "rca"): Map<string, number> {
  const out = new Map<string, number>();
  const cols = result.products.length;
  result.countries.forEach((c, i) => result.products.forEach((p, j) => out.set(`${c}|${p}`, result[field][i * cols + j])));
  return out;
}

function expectSameById(a: Map<string, number>, b: Map<string, number>, tolerance: number): void {
  expect(a.size).toBe(b.size);
  let worst = 0;
  for (const [id, v] of a) worst = Math.max(worst, Math.abs(v - b.get(id)!));
  expect(worst).toBeLessThan(tolerance);
}

describe.each(["eigenvector", "reflections"] as const)("invariance to row and column order (%s)", (method) => {
  const trade = randomTrade(40, 90, 7);
  const original = computeComplexity(trade, { method, filters: false });
  const permuted = computeComplexity(permute(trade, shuffled(40, 1), shuffled(90, 2)), { method, filters: false });

  it("gives every country the same ECI and rank", () => {
    expectSameById(byId(original, "eci"), byId(permuted, "eci"), 1e-9);
    expectSameById(byId(original, "eciRank"), byId(permuted, "eciRank"), 0.5);
  });

  it("gives every product the same PCI and rank", () => {
    expectSameById(byId(original, "pci"), byId(permuted, "pci"), 1e-9);
    expectSameById(byId(original, "pciRank"), byId(permuted, "pciRank"), 0.5);
  });

  it("gives every cell the same relatedness and opportunity gain", () => {
    expectSameById(cellById(original, "relatedness"), cellById(permuted, "relatedness"), 1e-12);
    expectSameById(cellById(original, "opportunityGain"), cellById(permuted, "opportunityGain"), 1e-9);
  });
});

describe("scale invariance", () => {
  it("RCA and everything after it ignore the currency unit", () => {
    const trade = randomTrade(25, 60, 11);
    const scaled = { ...trade, values: trade.values.map((v) => v * 1000) };
    const a = computeComplexity(trade, { filters: false });
    const b = computeComplexity(scaled, { filters: false });
    let worst = 0;
    for (let i = 0; i < a.rca.length; i++) worst = Math.max(worst, Math.abs(a.rca[i] - b.rca[i]) / Math.max(1, a.rca[i]));
    expect(worst).toBeLessThan(1e-12);
    expect(Array.from(b.binary.data)).toEqual(Array.from(a.binary.data));
    expect(Array.from(b.eci)).toEqual(Array.from(a.eci));
  });
});

describe("the fast opportunity measures in country blocks", () => {
  it("equal the explicit-proximity ones when the countries span several blocks (150 = 64 + 64 + 22)", () => {
    const trade = randomTrade(150, 90, 13);
    const n = trade.countries.length;
    const k = trade.products.length;
    const m = binarize(balassaRca(trade.values, n, k), n, k);
    const pci = eigenvectorComplexity(m).pci;
    const slow = opportunityMeasures(m, productProximity(m), pci);
    const fast = opportunityMeasuresFromBinary(m, pci);
    let worst = 0;
    for (let i = 0; i < slow.relatedness.length; i++) {
      worst = Math.max(worst, Math.abs(slow.relatedness[i] - fast.relatedness[i]), Math.abs(slow.opportunityGain[i] - fast.opportunityGain[i]));
    }
    for (let c = 0; c < n; c++) worst = Math.max(worst, Math.abs(slow.coi[c] - fast.coi[c]));
    expect(n).toBe(150);
    expect(worst).toBeLessThan(1e-12);
    // Not all zero: the comparison means something.
    expect(fast.relatedness.some((v) => v > 0.1)).toBe(true);
  });
});

describe("structural properties on random matrices", () => {
  for (const seed of [3, 5, 8]) {
    const trade = randomTrade(30, 70, seed);
    const n = trade.countries.length;
    const k = trade.products.length;
    const m = binarize(balassaRca(trade.values, n, k), n, k);

    it(`seed ${seed}: the ECI vector is an eigenvector of D^-1 M U^-1 M^T (up to the z-score shift)`, () => {
      const { eci, eigenvalue } = eigenvectorComplexity(m);
      // z-scoring is affine and M~ maps constants to themselves, so M~ eci - lambda eci is constant.
      const residual = new Float64Array(n);
      for (let c = 0; c < n; c++) {
        let s = 0;
        for (let i = m.rowStart[c]; i < m.rowStart[c + 1]; i++) {
          const p = m.countryProducts[i];
          let meanEci = 0;
          for (let j = m.colStart[p]; j < m.colStart[p + 1]; j++) meanEci += eci[m.productCountries[j]];
          s += meanEci / m.ubiquity[p];
        }
        residual[c] = s / m.diversity[c] - eigenvalue * eci[c];
      }
      const spread = Math.max(...residual) - Math.min(...residual);
      expect(spread).toBeLessThan(1e-10);
      expect(eigenvalue).toBeGreaterThan(0);
      expect(eigenvalue).toBeLessThan(1);
    });

    it(`seed ${seed}: proximity is symmetric with values in [0, 1]`, () => {
      const phi = productProximity(m);
      let asymmetric = 0;
      let outOfRange = 0;
      for (let a = 0; a < k; a++) {
        for (let b = 0; b < k; b++) {
          const v = phi[a * k + b];
          if (v !== phi[b * k + a]) asymmetric++;
          if (!(v >= 0 && v <= 1)) outOfRange++;
        }
      }
      expect({ asymmetric, outOfRange }).toEqual({ asymmetric: 0, outOfRange: 0 });
    });

    it(`seed ${seed}: the fast opportunity measures equal the explicit-proximity ones`, () => {
      const pci = eigenvectorComplexity(m).pci;
      const slow = opportunityMeasures(m, productProximity(m), pci);
      const fast = opportunityMeasuresFromBinary(m, pci);
      let worst = 0;
      for (let i = 0; i < slow.relatedness.length; i++) {
        worst = Math.max(worst, Math.abs(slow.relatedness[i] - fast.relatedness[i]));
        worst = Math.max(worst, Math.abs(slow.opportunityGain[i] - fast.opportunityGain[i]));
      }
      for (let c = 0; c < n; c++) worst = Math.max(worst, Math.abs(slow.coi[c] - fast.coi[c]));
      expect(worst).toBeLessThan(1e-12);
    });
  }
});
