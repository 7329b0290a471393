/**
 * What the growth-predictions page reads off the fitted model, pure: the decade projected, the
 * samples that entered the fit, the sources to credit, the coefficients in plain units, and the
 * map and scatter specs. GrowthPage lays these out.
 */
import { scatterMeasure } from "@/domain/charts/measures";
import type { ChartRow } from "@/domain/charts/types";
import { GROWTH_HORIZON, type GrowthModel, type GrowthTerm } from "@/domain/growth/model";
import type { BacktestTrust } from "@/domain/growth/trust";
import { ASSET_URLS } from "@/domain/visualize/assets";
import type { ChartSpec } from "@/features/charts/spec";
import type { GrowthBase, GrowthSample, GrowthView } from "@/server/growth/predictions";

/** A period as read ("1998-2000" -> "1998–2000"). */
export const periodLabel = (period: string) => period.replace("-", "–");

/** The last year of the decade projected from the base year; null without a base. */
export const projectionEnd = (base: GrowthBase | null): number | null => (base ? base.year + GROWTH_HORIZON : null);

/** The start years with countries in the fit. */
export const samplesUsed = (samples: readonly GrowthSample[]): GrowthSample[] => samples.filter((s) => s.n > 0);

/** Observations counted over every start year (what "too few" reports). */
export const observations = (samples: readonly GrowthSample[]): number => samples.reduce((s, x) => s + x.n, 0);

/** The complexity sources behind the fit and the projection, each once, in order of first use. */
export function complexitySources(samples: readonly GrowthSample[], base: GrowthBase | null): string[] {
  return [...new Set([...samplesUsed(samples).map((s) => s.source), ...(base ? [base.source] : [])])];
}

export const coefficient = (model: GrowthModel, term: GrowthTerm): number => model.coefficients[model.terms.indexOf(term)];

/**
 * The coefficients in the units the page reads them in, percentage points a year: per ECI point,
 * per doubling of GDP per capita (the log term times ln 2), per ten points of natural-resource
 * share (the share runs 0 to 1).
 */
export function coefficientReadings(model: GrowthModel): { eci: number; doubling: number; resources: number } {
  return { eci: coefficient(model, "eci"), doubling: coefficient(model, "log_gdp_per_capita") * Math.LN2, resources: coefficient(model, "natural_resources") / 10 };
}

/** How to use the projection given how well the backtest went: a ranking, or only a benchmark. */
export const projectionUse = (trust: BacktestTrust): "ranking" | "benchmark" => (trust === "good" || trust === "weak" ? "ranking" : "benchmark");

/** A signed figure ("+0.42", "-1.10", "0.00"), formatted by `format`. */
export const signedWith = (format: (value: number) => string) => (value: number) => (value > 0 ? "+" : "") + format(value);

/** The map of projected growth and the scatter of ECI against GDP per capita in the base year. */
export function growthChartSpecs(view: GrowthView, start: number, words: { high: string; low: string }) {
  const eci = scatterMeasure("country", "eci")!;
  const gdp = scatterMeasure("country", "gdp_per_capita")!;
  const projected = { key: "projected_growth", format: "decimal" as const };
  const map: ChartSpec = {
    type: "geomap",
    input: {
      rows: view.chart.rows,
      focus: null,
      dimension: "Country",
      measure: { key: "projected_growth", format: "decimal", scale: "diverging", high: words.high, low: words.low },
    },
    mapUrl: ASSET_URLS.worldMap,
    m49: view.chart.m49,
  };
  // A country without a positive GDP per capita has no place on the scatter.
  const scatterRows: ChartRow[] = view.chart.rows.filter((r) => (r.measures?.gdp_per_capita ?? 0) > 0);
  const scatter: ChartSpec = { type: "scatter", input: { rows: scatterRows, x: gdp, y: eci, year: start, dimension: "Country" } };
  return { eci, gdp, projected, map, scatter, scatterRows };
}
