import { describe, expect, it } from "vitest";
import type { ChartRow } from "@/domain/charts/types";
import { GROWTH_TERMS, type GrowthModel } from "@/domain/growth/model";
import type { GrowthBase, GrowthSample, GrowthView } from "@/server/growth/predictions";
import { coefficient, coefficientReadings, complexitySources, growthChartSpecs, observations, periodLabel, projectionEnd, projectionUse, samplesUsed, signedWith } from "./growthReading";

const sample = (startYear: number, n: number, source: string): GrowthSample => ({
  startYear,
  endYear: startYear + 10,
  dataset: `eci_${source}`,
  source,
  period: String(startYear),
  ranked: n + 5,
  n,
  worldGrowth: 1.5,
  exportsDataset: "exports",
  exportsSource: "ots",
});
const base: GrowthBase = { year: 2018, period: "2016-2018", dataset: "eci_atlas", source: "atlas", exportsDataset: "exports", exportsSource: "ots", ranked: 120 };
const model: GrowthModel = {
  terms: GROWTH_TERMS,
  coefficients: [1, 0.8, -1.2, -3],
  standardErrors: [0.1, 0.1, 0.1, 0.1],
  tStatistics: [10, 8, -12, -30],
  r2: 0.4,
  adjustedR2: 0.39,
  n: 300,
  residualSd: 1.9,
  startYears: [1990, 2000],
};

describe("the fit's inputs", () => {
  const samples = [sample(1990, 0, "ots"), sample(2000, 80, "ots"), sample(2008, 90, "atlas")];

  it("keeps the start years that entered the fit and counts their observations", () => {
    expect(samplesUsed(samples).map((s) => s.startYear)).toEqual([2000, 2008]);
    expect(observations(samples)).toBe(170);
    expect(observations([])).toBe(0);
  });

  it("credits each complexity source once, the fit's first, then the base year's", () => {
    expect(complexitySources(samples, base)).toEqual(["ots", "atlas"]);
    expect(complexitySources([sample(2000, 10, "ots")], base)).toEqual(["ots", "atlas"]);
    expect(complexitySources(samples, null)).toEqual(["ots", "atlas"]);
    expect(complexitySources([sample(1990, 0, "ots")], null)).toEqual([]);
  });

  it("projects the decade after the base year", () => {
    expect(projectionEnd(base)).toBe(2028);
    expect(projectionEnd(null)).toBeNull();
    expect(periodLabel("2016-2018")).toBe("2016–2018");
    expect(periodLabel("2018")).toBe("2018");
  });
});

describe("reading the model", () => {
  it("finds a coefficient by its term", () => {
    expect(coefficient(model, "eci")).toBe(0.8);
    expect(coefficient(model, "intercept")).toBe(1);
  });

  it("reads coefficients per ECI point, per doubling of income and per ten points of resource share", () => {
    const reading = coefficientReadings(model);
    expect(reading.eci).toBe(0.8);
    expect(reading.doubling).toBeCloseTo(-1.2 * Math.LN2, 12);
    expect(reading.resources).toBeCloseTo(-0.3, 12);
  });

  it("signs positive figures only", () => {
    const signed = signedWith((v) => v.toFixed(2));
    expect(signed(0.5)).toBe("+0.50");
    expect(signed(-0.5)).toBe("-0.50");
    expect(signed(0)).toBe("0.00");
  });

  it("advises a ranking only when the backtest held up", () => {
    expect(projectionUse("good")).toBe("ranking");
    expect(projectionUse("weak")).toBe("ranking");
    expect(projectionUse("none")).toBe("benchmark");
    expect(projectionUse("inverse")).toBe("benchmark");
    expect(projectionUse("untested")).toBe("benchmark");
  });
});

describe("growthChartSpecs", () => {
  const row = (id: string, gdp: number | null): ChartRow => ({ id, name: id, kind: "country", color: "#000", value: 1, measures: { projected_growth: 0.5, eci: 1, gdp_per_capita: gdp } });
  const view: GrowthView = {
    predictions: { generation: 1, status: "ready", model, samples: [], backtest: null, base, projections: [], indicators: null, queries: [] },
    rows: [],
    chart: { rows: [row("chl", 15000), row("nul", null), row("zer", 0)], groups: [], m49: [[152, "chl"]] },
  };

  it("maps every projected country on a diverging scale", () => {
    const { map } = growthChartSpecs(view, 2018, { high: "Faster", low: "Slower" });
    expect(map.type).toBe("geomap");
    if (map.type !== "geomap") return;
    expect(map.input.rows).toHaveLength(3);
    expect(map.input.measure).toMatchObject({ key: "projected_growth", scale: "diverging", high: "Faster", low: "Slower" });
    expect(map.m49).toEqual([[152, "chl"]]);
  });

  it("places on the scatter only countries with a GDP per capita, ECI against income in the base year", () => {
    const { scatter, scatterRows, eci, gdp } = growthChartSpecs(view, 2018, { high: "", low: "" });
    expect(scatterRows.map((r) => r.id)).toEqual(["chl"]);
    expect(scatter.type === "scatter" && scatter.input).toMatchObject({ year: 2018, x: gdp, y: eci });
    expect(eci.key).toBe("eci");
    expect(gdp.key).toBe("gdp_per_capita");
  });
});
