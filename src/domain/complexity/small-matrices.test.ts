import { describe, expect, it } from "vitest";
import { binaryMatrix } from "./binary";
import { eigenvectorComplexity } from "./eigenvector";
import { fitnessComplexity } from "./fitness";
import { countryProximity, productProximity } from "./proximity";
import { balassaRca, binarize } from "./rca";
import { reflectionsComplexity } from "./reflections";
import { distance, opportunityMeasures, relatedness } from "./relatedness";
import { opportunityMeasuresFromBinary } from "./opportunity";
import { rankDescending } from "./stats";

/*
 * Matrices small enough to work out on paper. The nested 3 x 3 case:
 *
 *            p0 p1 p2
 *   c0      [ 1  1  1 ]   diversity 3
 *   c1      [ 1  1  0 ]   diversity 2
 *   c2      [ 1  0  0 ]   diversity 1
 *   ubiquity  3  2  1
 */
const nested = () => binaryMatrix(Uint8Array.from([1, 1, 1, 1, 1, 0, 1, 0, 0]), 3, 3);

function expectClose(actual: ArrayLike<number>, expected: number[], digits = 12): void {
  expect(actual.length).toBe(expected.length);
  expected.forEach((v, i) => expect(actual[i]).toBeCloseTo(v, digits));
}

describe("RCA", () => {
  it("matches a 2 x 3 example by hand", () => {
    // total 100; country totals 40, 60; product totals 30, 40, 30
    const rca = balassaRca(Float64Array.from([10, 0, 30, 20, 40, 0]), 2, 3);
    expectClose(rca, [0.25 / 0.3, 0, 0.75 / 0.3, (1 / 3) / 0.3, (2 / 3) / 0.4, 0]);
    const m = binarize(rca, 2, 3);
    expect(Array.from(m.data)).toEqual([0, 0, 1, 1, 1, 0]);
    expect(Array.from(m.diversity)).toEqual([1, 2]);
    expect(Array.from(m.ubiquity)).toEqual([1, 1, 1]);
  });

  it("counts a value exactly on the cutoff as specialised", () => {
    // Equal shares everywhere: every RCA is exactly 1.
    const rca = balassaRca(Float64Array.from([5, 5, 5, 5]), 2, 2);
    expect(Array.from(rca)).toEqual([1, 1, 1, 1]);
    expect(Array.from(binarize(rca, 2, 2, 1).data)).toEqual([1, 1, 1, 1]);
  });

  it("2 x 2 mirror image: each country specialises in the other's weak product", () => {
    const rca = balassaRca(Float64Array.from([1, 3, 3, 1]), 2, 2);
    expectClose(rca, [0.5, 1.5, 1.5, 0.5]);
  });
});

describe("proximity on the nested 3 x 3 matrix", () => {
  it("product proximity is co-occurrence over the larger ubiquity", () => {
    // C(p0,p1) = 2, C(p0,p2) = 1, C(p1,p2) = 1
    expectClose(productProximity(nested()), [1, 2 / 3, 1 / 3, 2 / 3, 1, 1 / 2, 1 / 3, 1 / 2, 1]);
    expectClose(productProximity(nested(), { diagonal: 0 }), [0, 2 / 3, 1 / 3, 2 / 3, 0, 1 / 2, 1 / 3, 1 / 2, 0]);
  });

  it("country proximity is co-occurrence over the larger diversity", () => {
    expectClose(countryProximity(nested()), [1, 2 / 3, 1 / 3, 2 / 3, 1, 1 / 2, 1 / 3, 1 / 2, 1]);
  });
});

describe("relatedness and opportunity gain on the nested 3 x 3 matrix", () => {
  // Column sums without the diagonal: S0 = 1, S1 = 7/6, S2 = 5/6.
  it("relatedness by hand", () => {
    const rel = relatedness(nested(), productProximity(nested()));
    expectClose(rel, [
      (2 / 3 + 1 / 3) / 1, (2 / 3 + 1 / 2) / (7 / 6), (1 / 3 + 1 / 2) / (5 / 6),
      (2 / 3) / 1, (2 / 3) / (7 / 6), (1 / 3 + 1 / 2) / (5 / 6),
      0, (2 / 3) / (7 / 6), (1 / 3) / (5 / 6),
    ]);
    expectClose(distance(rel), Array.from(rel, (r) => 1 - r));
  });

  it("opportunity gain and COI by hand", () => {
    const pci = Float64Array.from([-1, 0, 1]);
    const { opportunityGain, coi, relatedness: rel } = opportunityMeasures(nested(), productProximity(nested()), pci);
    // c2 exports p0 only. OG[c2,p2] = (PCI_1 phi(1,2)) / S2 - rel[c2,p2] PCI_2 = 0 - (2/5)(1)
    expect(opportunityGain[2 * 3 + 2]).toBeCloseTo(-2 / 5, 12);
    // OG[c2,p1] = (PCI_2 phi(2,1)) / S1 - rel[c2,p1] PCI_1 = (1/2)/(7/6) = 3/7
    expect(opportunityGain[2 * 3 + 1]).toBeCloseTo(3 / 7, 12);
    // COI[c2] = rel[c2,p1] PCI_1 + rel[c2,p2] PCI_2 = 0 + 2/5
    expect(coi[2]).toBeCloseTo(2 / 5, 12);
    // c0 exports everything: nothing left to gain, no outlook.
    expect(coi[0]).toBe(0);
    const fast = opportunityMeasuresFromBinary(nested(), pci);
    expectClose(fast.relatedness, Array.from(rel));
    expectClose(fast.opportunityGain, Array.from(opportunityGain));
    expectClose(fast.coi, Array.from(coi));
  });
});

describe("complexity indices on the nested 3 x 3 matrix", () => {
  it("eigenvector: lambda_2 = 1/4, ECI = (1, 0, -1), PCI = (-1, 0, 1)", () => {
    // M~ = D^-1 M U^-1 M^T has characteristic polynomial (l - 1)(l - 1/4)(l - 1/9); the
    // eigenvector of 1/4 is (2, -1, -4) and U^-1 M^T of it (-1, 1/2, 2).
    const { eci, pci, eigenvalue } = eigenvectorComplexity(nested());
    expect(eigenvalue).toBeCloseTo(0.25, 12);
    expectClose(eci, [1, 0, -1]);
    expectClose(pci, [-1, 0, 1]);
    expect(Array.from(rankDescending(eci))).toEqual([1, 2, 3]);
  });

  it("reflections, 2 iterations: ECI = z(diversity), PCI = z(mean diversity of exporters)", () => {
    // kp_1 = (6/3, 5/2, 3/1) = (2, 2.5, 3)
    const { eci, pci } = reflectionsComplexity(nested(), 2);
    expectClose(eci, [1, 0, -1]);
    expectClose(pci, [-1, 0, 1]);
  });

  it("reflections, 3 iterations: the odd reflection points the other way", () => {
    // kc_1 = (2, 2.5, 3) is what countries end on.
    const { eci } = reflectionsComplexity(nested(), 3);
    expectClose(eci, [-1, 0, 1]);
  });

  it("fitness-complexity, one update, by hand", () => {
    // F_1 = M 1 = (3, 2, 1) / 2; Q_1 = 1 / (M^T 1) = (1/3, 1/2, 1) / (11/18)
    const { fitness, complexity } = fitnessComplexity(nested(), { iterations: 2 });
    expectClose(fitness, [1.5, 1, 0.5]);
    expectClose(complexity, [6 / 11, 9 / 11, 18 / 11]);
  });

  it("fitness-complexity rounds an odd iteration count up, as the R package does", () => {
    const odd = fitnessComplexity(nested(), { iterations: 3 });
    const even = fitnessComplexity(nested(), { iterations: 4 });
    expect(Array.from(odd.fitness)).toEqual(Array.from(even.fitness));
  });
});
