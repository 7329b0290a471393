import { describe, expect, it } from "vitest";
import { binaryMatrix } from "./binary";
import { computeComplexity, type ComplexityResult } from "./compute";
import { eigenvectorComplexity } from "./eigenvector";
import { ComplexityError, type ComplexityErrorCode } from "./errors";
import { fitnessComplexity } from "./fitness";
import { productProximity } from "./proximity";
import { balassaRca } from "./rca";
import { reflectionsComplexity } from "./reflections";
import { opportunityMeasures, relatedness } from "./relatedness";
import { opportunityMeasuresFromBinary } from "./opportunity";
import { pearson, zScore } from "./stats";
import { hasNaN, randomTrade } from "./test-support/random";

function expectCode(fn: () => unknown, code: ComplexityErrorCode): ComplexityError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ComplexityError);
    expect((error as ComplexityError).code).toBe(code);
    return error as ComplexityError;
  }
  throw new Error(`expected ComplexityError ${code}`);
}

function expectNoNaN(r: ComplexityResult): void {
  expect(
    hasNaN(r.rca, r.eci, r.pci, r.proximity, r.relatedness, r.distance, r.opportunityGain, r.coi, r.fitness ?? [], r.productFitnessComplexity ?? []),
  ).toBe(false);
}

const trade = (countries: string[], products: string[], values: number[]) => ({
  countries,
  products,
  values: Float64Array.from(values),
});

describe("invalid input", () => {
  it("rejects a shape mismatch, duplicate ids, negative and non-finite values", () => {
    expectCode(() => computeComplexity(trade(["a", "b"], ["x"], [1])), "INVALID_INPUT");
    expectCode(() => computeComplexity(trade(["a", "a"], ["x"], [1, 2])), "INVALID_INPUT");
    expectCode(() => computeComplexity(trade(["a", "b"], ["x"], [1, -2])), "INVALID_INPUT");
    expectCode(() => computeComplexity(trade(["a", "b"], ["x"], [1, NaN])), "INVALID_INPUT");
    expectCode(() => computeComplexity(trade(["a", "b"], ["x"], [1, Infinity])), "INVALID_INPUT");
    expectCode(() => computeComplexity(trade(["a", "b"], ["x", "y"], [1, 2, 3, 4]), { rcaCutoff: 0 }), "INVALID_INPUT");
  });
});

describe("whole-input degeneracy throws INSUFFICIENT_DATA", () => {
  it("all-zero matrix", () => {
    const error = expectCode(() => computeComplexity(trade(["a", "b"], ["x", "y"], [0, 0, 0, 0]), { filters: false }), "INSUFFICIENT_DATA");
    expect(error.details?.excluded).toHaveLength(4);
  });

  it("one country", () => {
    expectCode(() => computeComplexity(trade(["a"], ["x", "y", "z"], [1, 2, 3]), { filters: false }), "INSUFFICIENT_DATA");
  });

  it("everything filtered out", () => {
    expectCode(() => computeComplexity(trade(["a", "b"], ["x", "y"], [1, 2, 3, 4])), "INSUFFICIENT_DATA");
  });

  it("a 2 x 2 mirror image splits into two one-country islands", () => {
    // M = [[0,1],[1,0]]: no product links the two countries.
    expectCode(() => computeComplexity(trade(["a", "b"], ["x", "y"], [1, 3, 3, 1]), { filters: false }), "INSUFFICIENT_DATA");
  });
});

describe("row-level degeneracy is excluded and reported", () => {
  const base = randomTrade(12, 20, 4);

  it("a zero row and a zero column are dropped as no-exports / no-trade, without NaN", () => {
    const values = base.values.slice();
    for (let p = 0; p < 20; p++) values[3 * 20 + p] = 0;
    for (let c = 0; c < 12; c++) values[c * 20 + 5] = 0;
    const result = computeComplexity({ ...base, values }, { filters: false });
    expect(result.excluded).toContainEqual(expect.objectContaining({ kind: "country", id: base.countries[3], reason: "no-exports" }));
    expect(result.excluded).toContainEqual(expect.objectContaining({ kind: "product", id: base.products[5], reason: "no-trade" }));
    expect(result.countries).not.toContain(base.countries[3]);
    expect(result.products).not.toContain(base.products[5]);
    expectNoNaN(result);
  });

  it("a separate island is dropped as disconnected and the main part is ranked", () => {
    // Block-diagonal: 12 x 20 random block plus a 2 x 2 block nobody else trades in.
    const n = 14;
    const k = 22;
    const values = new Float64Array(n * k);
    for (let c = 0; c < 12; c++) for (let p = 0; p < 20; p++) values[c * k + p] = base.values[c * 20 + p];
    values[12 * k + 20] = 5e6;
    values[12 * k + 21] = 1e6;
    values[13 * k + 20] = 1e6;
    values[13 * k + 21] = 5e6;
    const result = computeComplexity(
      { countries: [...base.countries, "i1", "i2"], products: [...base.products, "q1", "q2"], values },
      { filters: false },
    );
    const disconnected = result.excluded.filter((e) => e.reason === "disconnected").map((e) => e.id).sort();
    expect(disconnected).toEqual(["i1", "i2", "q1", "q2"]);
    expect(result.countries).toHaveLength(12);
    expectNoNaN(result);
  });
});

describe("low-level functions refuse or define the degenerate cases", () => {
  const withEmptyRow = binaryMatrix(Uint8Array.from([1, 1, 0, 0, 1, 0]), 3, 2);
  const disconnected = binaryMatrix(Uint8Array.from([1, 0, 0, 1]), 2, 2);

  it("index methods throw EMPTY_ROW_OR_COLUMN on an empty row", () => {
    expectCode(() => reflectionsComplexity(withEmptyRow), "EMPTY_ROW_OR_COLUMN");
    expectCode(() => eigenvectorComplexity(withEmptyRow), "EMPTY_ROW_OR_COLUMN");
    expectCode(() => fitnessComplexity(withEmptyRow), "EMPTY_ROW_OR_COLUMN");
  });

  it("the eigenvector method throws DISCONNECTED and INSUFFICIENT_DATA", () => {
    expectCode(() => eigenvectorComplexity(disconnected), "DISCONNECTED");
    expectCode(() => eigenvectorComplexity(binaryMatrix(Uint8Array.from([1, 1]), 1, 2)), "INSUFFICIENT_DATA");
  });

  it("RCA of a zero row or column is 0, not NaN", () => {
    const rca = balassaRca(Float64Array.from([0, 0, 1, 2, 0, 3]), 3, 2);
    expect(hasNaN(rca)).toBe(false);
    expect(Array.from(rca.slice(0, 2))).toEqual([0, 0]);
    expect(hasNaN(balassaRca(new Float64Array(4), 2, 2))).toBe(false);
  });

  it("a product nobody exports has proximity, relatedness and opportunity gain 0", () => {
    const m = binaryMatrix(Uint8Array.from([1, 1, 0, 1, 0, 0]), 2, 3);
    const phi = productProximity(m);
    expect(Array.from(phi.slice(6, 9))).toEqual([0, 0, 0]);
    const pci = Float64Array.from([1, -1, 0]);
    for (const measures of [opportunityMeasures(m, phi, pci), opportunityMeasuresFromBinary(m, pci)]) {
      expect(hasNaN(measures.relatedness, measures.opportunityGain, measures.coi)).toBe(false);
      expect(measures.relatedness[2]).toBe(0);
      expect(measures.opportunityGain[5]).toBe(0);
    }
    expect(hasNaN(relatedness(m, phi))).toBe(false);
  });

  it("mirror-image countries still get a defined, deterministic ECI", () => {
    // c0 = {p0, p1}, c1 = {p0, p2}: neither diversity nor ubiquity can orient the sign, so the
    // fallback makes the first largest component positive.
    const m = binaryMatrix(Uint8Array.from([1, 1, 0, 1, 0, 1]), 2, 3);
    const { eci, pci } = eigenvectorComplexity(m);
    expect(hasNaN(eci, pci)).toBe(false);
    expect(eci[0]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(eci[1]).toBeCloseTo(-Math.SQRT1_2, 12);
  });

  it("bad iteration counts are INVALID_INPUT", () => {
    const m = binaryMatrix(Uint8Array.from([1, 1, 1, 0]), 2, 2);
    expectCode(() => reflectionsComplexity(m, 1), "INVALID_INPUT");
    expectCode(() => fitnessComplexity(m, { iterations: 1.5 }), "INVALID_INPUT");
    expectCode(() => fitnessComplexity(m, { extremality: 0 }), "INVALID_INPUT");
  });

  it("z-scores and correlations of constant vectors are 0", () => {
    expect(Array.from(zScore([2, 2, 2]))).toEqual([0, 0, 0]);
    expect(Array.from(zScore([5]))).toEqual([0]);
    expect(pearson([1, 1, 1], [1, 2, 3])).toBe(0);
  });
});
