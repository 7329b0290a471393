import { beforeAll, describe, expect, it } from "vitest";
import { binarize, balassaRca } from "./rca";
import type { BinaryMatrix } from "./binary";
import { reflectionsComplexity } from "./reflections";
import { eigenvectorComplexity } from "./eigenvector";
import { computeComplexity } from "./compute";
import { productProximity } from "./proximity";
import { opportunityMeasures, relatedness } from "./relatedness";
import { mean, pearson, rankDescending, sampleSd } from "./stats";
import type { TradeMatrix } from "./matrix";
import {
  hasFixture,
  indexOf,
  loadFixtureTrade,
  maxScaledDifference,
  readFixtureJson,
  skipReason,
} from "./test-support/fixture";

if (!hasFixture) console.warn(`Skipping py-economic-complexity comparison: ${skipReason}`);

/*
 * py-economic-complexity 0.3.0 run with its defaults on the fixture's trade.csv. The package
 * source fixes the variants matched here: RCA = (x / country total) / (product total / world
 * total); reflections with kp updated on every pass and kc on all but the last, z-scored with
 * the sample sd; proximity "max" with a zero diagonal; relatedness and opportunity gain as
 * documented in relatedness.ts.
 *
 * ECI and PCI: after 19 reflections kc and kp sit within ~5e-8 of their means, so one rounding
 * unit of those values is already 4e-9 (ECI) and 1e-8 (PCI) in z-score units (the first test
 * below measures it). The published numbers therefore carry the package's own rounding (its
 * BLAS summation order): our reflections agree with a compensated-sum run to 2e-15 and differ
 * from the published ones by up to 2e-8. A 1e-9 comparison is below the reference's resolution:
 * the package's own code, re-run on this machine with numpy 1.24-2.4, pandas 2.2/3.0, every
 * OpenBLAS kernel (OPENBLAS_CORETYPE), 1-16 threads and MKL, reproduces the published indices only
 * to 1.3e-8..3.3e-8, and so do ~70 modelled summation orders (scripts/dev/reference-spread.py
 * prints the BLAS cases). So the indices are held to 5e-8 (a few of its rounding units), identical ranks, and
 * correlation 1 - 1e-15; everything downstream of the indices is checked at 1e-9 by feeding it
 * the published PCI.
 */
describe.skipIf(!hasFixture)("py-economic-complexity 0.3.0 fixture", () => {
  let trade: TradeMatrix;
  let rca: Float64Array;
  let m: BinaryMatrix;
  let reflections: { eci: Float64Array; pci: Float64Array };
  let phi: Float64Array;
  let publishedEci: Float64Array;
  let publishedPci: Float64Array;
  const TOL = 1e-9;
  const INDEX_TOL = 5e-8;

  beforeAll(() => {
    trade = loadFixtureTrade();
    rca = balassaRca(trade.values, trade.countries.length, trade.products.length);
    m = binarize(rca, trade.countries.length, trade.products.length);
    reflections = reflectionsComplexity(m, 20);
    phi = productProximity(m);
    const ci = indexOf(trade.countries);
    const pi = indexOf(trade.products);
    publishedEci = new Float64Array(trade.countries.length).fill(NaN);
    publishedPci = new Float64Array(trade.products.length).fill(NaN);
    for (const [c, v] of readFixtureJson<[string, number]>("py_economic_complexity/eci.json").data) publishedEci[ci.get(c)!] = v;
    for (const [p, v] of readFixtureJson<[string, number]>("py_economic_complexity/pci.json").data) publishedPci[pi.get(p)!] = v;
  });

  // The per-cell files are ~7 MB each: parse each once per test file.
  const tables = new Map<string, [string, string, number][]>();
  const cells = (file: string) => {
    if (!tables.has(file)) tables.set(file, readFixtureJson<[string, string, number]>(file).data);
    return tables.get(file)!;
  };

  function* cellPairs(file: string, ours: Float64Array): Generator<[number, number]> {
    const table = { data: cells(file) };
    const ci = indexOf(trade.countries);
    const pi = indexOf(trade.products);
    const cols = trade.products.length;
    expect(table.data).toHaveLength(trade.countries.length * cols);
    for (const [c, p, v] of table.data) yield [ours[ci.get(c)! * cols + pi.get(p)!], v];
  }

  it("has the fixture's shape (226 x 785) and the published indices cover it", () => {
    expect(trade.countries).toHaveLength(226);
    expect(trade.products).toHaveLength(785);
    expect(publishedEci.some(Number.isNaN)).toBe(false);
    expect(publishedPci.some(Number.isNaN)).toBe(false);
  });

  it("the published ECI/PCI resolution is coarser than 1e-9 (why INDEX_TOL is 5e-8)", () => {
    // Unnormalised reflections as the package iterates them (no mean removal).
    let kc = Float64Array.from(m.diversity);
    let kp = Float64Array.from(m.ubiquity);
    for (let i = 1; i < 20; i++) {
      const nextKp = new Float64Array(m.cols);
      for (let p = 0; p < m.cols; p++) {
        for (let k = m.colStart[p]; k < m.colStart[p + 1]; k++) nextKp[p] += kc[m.productCountries[k]];
        nextKp[p] /= m.ubiquity[p];
      }
      if (i < 19) {
        const nextKc = new Float64Array(m.rows);
        for (let c = 0; c < m.rows; c++) {
          for (let k = m.rowStart[c]; k < m.rowStart[c + 1]; k++) nextKc[c] += kp[m.countryProducts[k]];
          nextKc[c] /= m.diversity[c];
        }
        kc = nextKc;
      }
      kp = nextKp;
    }
    const unitInZ = (x: Float64Array) => (mean(x) * 2 ** -52) / sampleSd(x);
    expect(unitInZ(kc)).toBeGreaterThan(1e-9);
    expect(unitInZ(kp)).toBeGreaterThan(5e-9);
    expect(unitInZ(kp) * 5).toBeLessThan(INDEX_TOL);
  });

  it("continuous RCA matches to 1e-9 on every listed cell, and is 0 elsewhere", () => {
    const table = readFixtureJson<[string, string, number]>("py_economic_complexity/rca.json");
    const ci = indexOf(trade.countries);
    const pi = indexOf(trade.products);
    const cols = trade.products.length;
    const listed = new Uint8Array(rca.length);
    const pairs: [number, number][] = [];
    for (const [c, p, v] of table.data) {
      const i = ci.get(c)! * cols + pi.get(p)!;
      listed[i] = 1;
      pairs.push([rca[i], v]);
    }
    expect(maxScaledDifference(pairs)).toBeLessThan(TOL);
    let unlistedNonZero = 0;
    for (let i = 0; i < rca.length; i++) if (!listed[i] && rca[i] !== 0) unlistedNonZero++;
    expect(unlistedNonZero).toBe(0);
  });

  it("reflections ECI matches within the reference's resolution, with identical ranks", () => {
    expect(maxScaledDifference(Array.from(publishedEci, (v, i) => [reflections.eci[i], v]))).toBeLessThan(INDEX_TOL);
    expect(pearson(reflections.eci, publishedEci)).toBeGreaterThan(1 - 1e-15);
    expect(Array.from(rankDescending(reflections.eci))).toEqual(Array.from(rankDescending(publishedEci)));
  });

  it("reflections PCI matches within the reference's resolution, with identical ranks", () => {
    expect(maxScaledDifference(Array.from(publishedPci, (v, i) => [reflections.pci[i], v]))).toBeLessThan(INDEX_TOL);
    expect(pearson(reflections.pci, publishedPci)).toBeGreaterThan(1 - 1e-15);
    expect(Array.from(rankDescending(reflections.pci))).toEqual(Array.from(rankDescending(publishedPci)));
  });

  it("relatedness matches to 1e-9", () => {
    const ours = relatedness(m, phi);
    expect(maxScaledDifference(cellPairs("py_economic_complexity/relatedness.json", ours))).toBeLessThan(TOL);
  });

  it("opportunity gain matches to 1e-9 given the published PCI", () => {
    const measures = opportunityMeasures(m, phi, publishedPci);
    expect(maxScaledDifference(cellPairs("py_economic_complexity/opportunity_gain.json", measures.opportunityGain))).toBeLessThan(TOL);
  });

  it("opportunity gain from our own PCI stays within the PCI resolution, and the fused pass equals relatedness()", () => {
    const measures = opportunityMeasures(m, phi, reflections.pci);
    expect(maxScaledDifference(cellPairs("py_economic_complexity/opportunity_gain.json", measures.opportunityGain))).toBeLessThan(INDEX_TOL);
    const rel = relatedness(m, phi);
    let worst = 0;
    for (let i = 0; i < rel.length; i++) worst = Math.max(worst, Math.abs(rel[i] - measures.relatedness[i]));
    expect(worst).toBeLessThan(1e-12);
  });

  it("eigenvector ECI and PCI correlate with the reflections results at >= 0.99", () => {
    const eig = eigenvectorComplexity(m);
    expect(pearson(eig.eci, reflections.eci)).toBeGreaterThanOrEqual(0.99);
    expect(pearson(eig.pci, reflections.pci)).toBeGreaterThanOrEqual(0.99);
    expect(pearson(eig.eci, publishedEci)).toBeGreaterThanOrEqual(0.99);
    expect(pearson(eig.pci, publishedPci)).toBeGreaterThanOrEqual(0.99);
    expect(pearson(eig.eci, m.diversity)).toBeGreaterThan(0);
  });

  it("computeComplexity (reflections, no filters) reproduces the same figures end to end", () => {
    const result = computeComplexity(trade, { method: "reflections", filters: false });
    expect(result.excluded).toEqual([]);
    expect(result.countries).toEqual(trade.countries);
    expect(Array.from(result.eci)).toEqual(Array.from(reflections.eci));
    expect(Array.from(result.pci)).toEqual(Array.from(reflections.pci));
    expect(maxScaledDifference(cellPairs("py_economic_complexity/relatedness.json", result.relatedness))).toBeLessThan(TOL);
    expect(maxScaledDifference(cellPairs("py_economic_complexity/opportunity_gain.json", result.opportunityGain))).toBeLessThan(INDEX_TOL);
    let distanceError = 0;
    for (let i = 0; i < result.distance.length; i++) distanceError = Math.max(distanceError, Math.abs(result.distance[i] + result.relatedness[i] - 1));
    expect(distanceError).toBeLessThan(1e-15);
  });
});
