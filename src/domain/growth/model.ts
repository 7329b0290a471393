/**
 * The growth model of /resources/methods/eci-growth-predictions, after the Atlas of Economic
 * Complexity's: a country's growth of GDP per capita over the next ten years explained by its
 * economic complexity (ECI), its income (log GDP per capita) and how much of its exports are
 * natural resources, all measured at the start of the decade. Pooled OLS over every start year
 * the data allow. Pure: the server collects the observations, this module builds the design
 * matrix, fits, projects and backtests.
 *
 * GDP is in current US dollars (the only series in the warehouse), so a country's growth includes
 * US inflation and swings of the dollar that every country shares. The dependent variable is
 * therefore growth relative to the world's GDP per capita over the same decade, which removes
 * them: a projection of +1 means one percentage point a year faster than the world.
 */
import { pearson } from "@/domain/complexity/stats";
import { meanAbsoluteError, ols } from "./ols";

/** Years between the start of a period and the growth it explains. */
export const GROWTH_HORIZON = 10;

/** Columns of the design matrix, in order (config as data: the page's table follows it). */
export const GROWTH_TERMS = ["intercept", "eci", "log_gdp_per_capita", "natural_resources"] as const;
export type GrowthTerm = (typeof GROWTH_TERMS)[number];

/** HS chapters counted as natural resources: mineral products (25-27, HS section V) and precious stones and metals (71, section XIV). */
export const NATURAL_RESOURCE_CHAPTERS: readonly number[] = [25, 26, 27, 71];

/** What the model reads of a country at the start of a period. */
export interface GrowthFeatures {
  eci: number;
  /** Current USD per person. */
  gdpPerCapita: number;
  /** Natural-resource exports over all goods exports, 0 to 1. */
  naturalResourceShare: number;
}

/** One country over one period: its start, where it ended, and how the world grew meanwhile. */
export interface GrowthObservation extends GrowthFeatures {
  country: string;
  startYear: number;
  gdpPerCapitaEnd: number;
  /** The world's annualised growth of GDP per capita over the same period, % a year. */
  worldGrowth: number;
}

export interface GrowthModel {
  terms: readonly GrowthTerm[];
  coefficients: number[];
  standardErrors: number[];
  tStatistics: number[];
  r2: number;
  adjustedR2: number;
  n: number;
  /** Standard deviation of the residuals, percentage points a year. */
  residualSd: number;
  startYears: number[];
}

export interface GrowthBacktest {
  trainYears: number[];
  testYear: number;
  trainN: number;
  testN: number;
  /** Pearson correlation of projected and realised relative growth. */
  correlation: number;
  /** Mean |projected − realised|, percentage points a year. */
  meanAbsoluteError: number;
  /** Mean (projected − realised): a shift common to the whole decade shows here. */
  meanError: number;
}

/** Annualised growth in % a year from the log difference: 100 · ln(end / start) / years. NaN unless both are positive. */
export function annualisedGrowth(start: number, end: number, years: number = GROWTH_HORIZON): number {
  if (!(start > 0) || !(end > 0) || !(years > 0)) return Number.NaN;
  return (100 * Math.log(end / start)) / years;
}

/**
 * The world's annualised growth of GDP per capita: total GDP over total population of the
 * countries known at both ends (a balanced panel, so countries entering the data do not move it).
 */
export function worldGrowth(countries: readonly { gdpStart: number; populationStart: number; gdpEnd: number; populationEnd: number }[], years: number = GROWTH_HORIZON): number {
  let g0 = 0;
  let p0 = 0;
  let g1 = 0;
  let p1 = 0;
  for (const c of countries) {
    if (![c.gdpStart, c.populationStart, c.gdpEnd, c.populationEnd].every((v) => Number.isFinite(v) && v > 0)) continue;
    g0 += c.gdpStart;
    p0 += c.populationStart;
    g1 += c.gdpEnd;
    p1 += c.populationEnd;
  }
  if (p0 === 0 || p1 === 0) return Number.NaN;
  return annualisedGrowth(g0 / p0, g1 / p1, years);
}

/** The dependent variable: the country's annualised growth minus the world's, percentage points a year. */
export function relativeGrowth(o: GrowthObservation): number {
  return annualisedGrowth(o.gdpPerCapita, o.gdpPerCapitaEnd) - o.worldGrowth;
}

/** One row of the design matrix, in GROWTH_TERMS order. */
export function designRow(f: GrowthFeatures): number[] {
  return [1, f.eci, Math.log(f.gdpPerCapita), f.naturalResourceShare];
}

/** Whether an observation can enter the fit (every number finite, incomes positive). */
export function usable(o: GrowthObservation): boolean {
  return (
    Number.isFinite(o.eci) &&
    o.gdpPerCapita > 0 &&
    o.gdpPerCapitaEnd > 0 &&
    Number.isFinite(o.naturalResourceShare) &&
    o.naturalResourceShare >= 0 &&
    o.naturalResourceShare <= 1 &&
    Number.isFinite(o.worldGrowth)
  );
}

export function designMatrix(observations: readonly GrowthObservation[]): { x: number[][]; y: number[] } {
  const rows = observations.filter(usable);
  return { x: rows.map(designRow), y: rows.map(relativeGrowth) };
}

/** Pooled OLS over the observations (throws OlsError when they cannot identify the model). */
export function fitGrowthModel(observations: readonly GrowthObservation[]): GrowthModel {
  const rows = observations.filter(usable);
  const { x, y } = designMatrix(rows);
  const fit = ols(x, y);
  return {
    terms: GROWTH_TERMS,
    coefficients: fit.coefficients,
    standardErrors: fit.standardErrors,
    tStatistics: fit.tStatistics,
    r2: fit.r2,
    adjustedR2: fit.adjustedR2,
    n: fit.n,
    residualSd: Math.sqrt(fit.residualVariance),
    startYears: [...new Set(rows.map((o) => o.startYear))].sort((a, b) => a - b),
  };
}

/** Projected growth relative to the world, percentage points a year over the next GROWTH_HORIZON years. */
export function projectGrowth(model: Pick<GrowthModel, "coefficients">, f: GrowthFeatures): number {
  return designRow(f).reduce((s, v, i) => s + v * model.coefficients[i], 0);
}

/**
 * Out of sample: fit on every start year before the last, project the last start year's decade
 * and compare with what happened. Null with fewer than two start years or when the earlier years
 * cannot identify the model.
 */
export function backtestGrowthModel(observations: readonly GrowthObservation[]): GrowthBacktest | null {
  const rows = observations.filter(usable);
  const years = [...new Set(rows.map((o) => o.startYear))].sort((a, b) => a - b);
  if (years.length < 2) return null;
  const testYear = years[years.length - 1];
  const train = rows.filter((o) => o.startYear < testYear);
  const test = rows.filter((o) => o.startYear === testYear);
  if (train.length <= GROWTH_TERMS.length || test.length < 3) return null;
  let model: GrowthModel;
  try {
    model = fitGrowthModel(train);
  } catch {
    return null;
  }
  const projected = test.map((o) => projectGrowth(model, o));
  const realised = test.map(relativeGrowth);
  return {
    trainYears: years.slice(0, -1),
    testYear,
    trainN: model.n,
    testN: test.length,
    correlation: pearson(projected, realised),
    meanAbsoluteError: meanAbsoluteError(projected, realised),
    meanError: projected.reduce((s, p, i) => s + p - realised[i], 0) / test.length,
  };
}

/** Sections whose HS chapters all count as natural resources (from the sections' first and last chapters). */
export function naturalResourceSections(sections: readonly { id: string; firstChapter: number | null; lastChapter: number | null }[]): string[] {
  const chapters = new Set(NATURAL_RESOURCE_CHAPTERS);
  return sections
    .filter((s) => {
      if (s.firstChapter === null || s.lastChapter === null || s.firstChapter > s.lastChapter) return false;
      for (let c = s.firstChapter; c <= s.lastChapter; c++) if (!chapters.has(c)) return false;
      return true;
    })
    .map((s) => s.id);
}

/** Natural-resource share of each exporter's goods exports, from rows of exporter × section. */
export function naturalResourceShares(rows: readonly { country: string; section: string; value: number | null }[], resourceSections: readonly string[]): Map<string, number> {
  const resources = new Set(resourceSections);
  const total = new Map<string, number>();
  const natural = new Map<string, number>();
  for (const r of rows) {
    const v = r.value !== null && Number.isFinite(r.value) && r.value > 0 ? r.value : 0;
    total.set(r.country, (total.get(r.country) ?? 0) + v);
    if (resources.has(r.section)) natural.set(r.country, (natural.get(r.country) ?? 0) + v);
  }
  const out = new Map<string, number>();
  for (const [country, t] of total) if (t > 0) out.set(country, (natural.get(country) ?? 0) / t);
  return out;
}
