import { describe, expect, it } from "vitest";
import {
  annualisedGrowth,
  backtestGrowthModel,
  designMatrix,
  designRow,
  fitGrowthModel,
  GROWTH_TERMS,
  naturalResourceSections,
  naturalResourceShares,
  projectGrowth,
  relativeGrowth,
  worldGrowth,
  type GrowthObservation,
} from "./model";

const TOL = 1e-9;

/** An observation whose relative growth is exactly `relative` (percentage points a year). */
function observation(country: string, startYear: number, eci: number, gdpPerCapita: number, naturalResourceShare: number, relative: number, world = 3): GrowthObservation {
  return { country, startYear, eci, gdpPerCapita, naturalResourceShare, worldGrowth: world, gdpPerCapitaEnd: gdpPerCapita * Math.exp(((relative + world) * 10) / 100) };
}

const TRUE_BETA = [4, 1.5, -0.6, 2];
const truth = (eci: number, gdp: number, nr: number) => TRUE_BETA[0] + TRUE_BETA[1] * eci + TRUE_BETA[2] * Math.log(gdp) + TRUE_BETA[3] * nr;

/** Countries spread over ECI, income and resources, two start years, growth exactly on the model. */
function exactPanel(): GrowthObservation[] {
  const out: GrowthObservation[] = [];
  const features: [number, number, number][] = [
    [-1.2, 800, 0.6],
    [-0.5, 2500, 0.1],
    [0.3, 9000, 0.4],
    [1.1, 30000, 0.05],
    [1.8, 45000, 0.0],
    [-0.9, 1200, 0.8],
    [0.6, 15000, 0.2],
  ];
  for (const year of [1980, 2000]) {
    features.forEach(([eci, gdp, nr], i) => out.push(observation(`c${i}`, year, eci + (year === 2000 ? 0.1 : 0), gdp * (year === 2000 ? 1.5 : 1), nr, truth(eci + (year === 2000 ? 0.1 : 0), gdp * (year === 2000 ? 1.5 : 1), nr))));
  }
  return out;
}

describe("growth measures", () => {
  it("annualises a log difference in percent", () => {
    // e^0.2 over ten years is 2% a year; doubling in ten years is 100·ln 2 / 10 = 6.93% a year.
    expect(Math.abs(annualisedGrowth(100, 100 * Math.exp(0.2)) - 2)).toBeLessThan(TOL);
    expect(Math.abs(annualisedGrowth(1, 2) - 10 * Math.log(2))).toBeLessThan(TOL);
    expect(Math.abs(annualisedGrowth(1, Math.exp(0.1), 5) - 2)).toBeLessThan(TOL);
    expect(Number.isNaN(annualisedGrowth(0, 5))).toBe(true);
    expect(Number.isNaN(annualisedGrowth(5, -1))).toBe(true);
  });

  it("grows the world as total GDP over total population of the countries known at both ends", () => {
    // Start: (100 + 300) / (10 + 30) = 10 per person; end: (200 + 600) / (10 + 30) = 20: 100·ln 2 / 10 a year.
    const g = worldGrowth([
      { gdpStart: 100, populationStart: 10, gdpEnd: 200, populationEnd: 10 },
      { gdpStart: 300, populationStart: 30, gdpEnd: 600, populationEnd: 30 },
      // Missing at the end: left out of both ends.
      { gdpStart: 1e9, populationStart: 1, gdpEnd: Number.NaN, populationEnd: 1 },
    ]);
    expect(Math.abs(g - 10 * Math.log(2))).toBeLessThan(TOL);
    expect(Number.isNaN(worldGrowth([]))).toBe(true);
  });

  it("measures a country against the world", () => {
    const o = observation("x", 2000, 0, 1000, 0, 1.25, 4);
    expect(Math.abs(relativeGrowth(o) - 1.25)).toBeLessThan(TOL);
  });
});

describe("design matrix", () => {
  it("puts the terms in GROWTH_TERMS order", () => {
    expect(GROWTH_TERMS).toEqual(["intercept", "eci", "log_gdp_per_capita", "natural_resources"]);
    const row = designRow({ eci: 0.5, gdpPerCapita: Math.exp(9), naturalResourceShare: 0.25 });
    expect(row[0]).toBe(1);
    expect(row[1]).toBe(0.5);
    expect(Math.abs(row[2] - 9)).toBeLessThan(TOL);
    expect(row[3]).toBe(0.25);
  });

  it("leaves out observations it cannot use", () => {
    const good = observation("a", 2000, 0.1, 1000, 0.2, 1);
    const bad = [
      { ...good, country: "b", eci: Number.NaN },
      { ...good, country: "c", gdpPerCapita: 0 },
      { ...good, country: "d", gdpPerCapitaEnd: -1 },
      { ...good, country: "e", naturalResourceShare: 1.5 },
      { ...good, country: "f", worldGrowth: Number.NaN },
    ];
    const { x, y } = designMatrix([good, ...bad]);
    expect(x).toHaveLength(1);
    expect(Math.abs(y[0] - 1)).toBeLessThan(TOL);
  });
});

describe("fit, projection and backtest", () => {
  it("recovers the coefficients of growth that follows the model exactly", () => {
    const model = fitGrowthModel(exactPanel());
    model.coefficients.forEach((b, i) => expect(Math.abs(b - TRUE_BETA[i])).toBeLessThan(1e-8));
    expect(model.n).toBe(14);
    expect(model.startYears).toEqual([1980, 2000]);
    expect(model.r2).toBeGreaterThan(1 - 1e-12);
    const f = { eci: 0.7, gdpPerCapita: 5000, naturalResourceShare: 0.3 };
    expect(Math.abs(projectGrowth(model, f) - truth(0.7, 5000, 0.3))).toBeLessThan(1e-8);
  });

  it("leaves residuals orthogonal to every term when growth is off the model", () => {
    // Growth nudged by −1%, 0, +1% in turn: the fit is no longer exact, but Xᵀ(y − Xβ̂) = 0 still holds.
    const panel = exactPanel().map((o, i) => ({ ...o, gdpPerCapitaEnd: o.gdpPerCapitaEnd * Math.exp(((i % 3) - 1) * 0.01) }));
    const model = fitGrowthModel(panel);
    const { x, y } = designMatrix(panel);
    const residuals = y.map((v, i) => v - x[i].reduce((s, c, j) => s + c * model.coefficients[j], 0));
    for (let j = 0; j < GROWTH_TERMS.length; j++) expect(Math.abs(x.reduce((s, row, i) => s + row[j] * residuals[i], 0))).toBeLessThan(1e-9);
    expect(model.standardErrors.every((se) => se > 0)).toBe(true);
  });

  it("backtests on the last start year with a model of the earlier ones", () => {
    const exact = backtestGrowthModel(exactPanel())!;
    expect(exact.trainYears).toEqual([1980]);
    expect(exact.testYear).toBe(2000);
    expect(exact.trainN).toBe(7);
    expect(exact.testN).toBe(7);
    expect(Math.abs(exact.correlation - 1)).toBeLessThan(1e-9);
    expect(exact.meanAbsoluteError).toBeLessThan(1e-8);

    // The whole 2000s half a point faster than the model says: MAE 0.5, mean error −0.5, correlation still 1.
    const shifted = exactPanel().map((o) => (o.startYear === 2000 ? { ...o, gdpPerCapitaEnd: o.gdpPerCapitaEnd * Math.exp(0.05) } : o));
    const b = backtestGrowthModel(shifted)!;
    expect(Math.abs(b.meanAbsoluteError - 0.5)).toBeLessThan(1e-8);
    expect(Math.abs(b.meanError + 0.5)).toBeLessThan(1e-8);
    expect(Math.abs(b.correlation - 1)).toBeLessThan(1e-9);
  });

  it("has no backtest with one start year or too few earlier observations", () => {
    expect(backtestGrowthModel(exactPanel().filter((o) => o.startYear === 2000))).toBeNull();
    const thin = exactPanel().filter((o) => o.startYear === 2000 || o.country === "c0");
    expect(backtestGrowthModel(thin)).toBeNull();
  });
});

describe("natural resources", () => {
  const SECTIONS = [
    { id: "1", firstChapter: 1, lastChapter: 5 },
    { id: "5", firstChapter: 25, lastChapter: 27 },
    { id: "13", firstChapter: 68, lastChapter: 70 },
    { id: "14", firstChapter: 71, lastChapter: 71 },
    { id: "15", firstChapter: 72, lastChapter: 83 },
    { id: "99", firstChapter: null, lastChapter: null },
  ];

  it("counts the sections made only of chapters 25-27 and 71", () => {
    expect(naturalResourceSections(SECTIONS)).toEqual(["5", "14"]);
  });

  it("shares each exporter's goods exports", () => {
    const shares = naturalResourceShares(
      [
        { country: "a", section: "5", value: 30 },
        { country: "a", section: "14", value: 10 },
        { country: "a", section: "16", value: 60 },
        { country: "b", section: "16", value: 50 },
        { country: "b", section: "5", value: null },
        { country: "c", section: "5", value: 0 },
      ],
      ["5", "14"],
    );
    expect(shares.get("a")).toBeCloseTo(0.4, 12);
    expect(shares.get("b")).toBe(0);
    expect(shares.has("c")).toBe(false);
  });
});
