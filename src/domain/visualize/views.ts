/**
 * What a visualisation state means, and whether the data can answer it. planView turns a parsed
 * state into a plan (what is broken down, at which product depth, from which data source) or into
 * problems that the page explains in words, each with a fix the reader can click, instead of
 * drawing something wrong. Pure: the data years come in through the catalog.
 */
import { coveredYears, depthIndex, type YearCoverage } from "./coverage";
import { planRegions, type RegionDataset, type RegionProblemCode } from "./regions";
import { DEFAULT_AXES, scatterMeasure, type ScatterEntity, type ScatterMeasure } from "@/domain/charts/measures";
import { ALL, DEFAULT_COUNTRY, DEPTHS, SHOW, type Depth, type TimeSelection, type VizState } from "./state";
import { defaultDepth, timeYears } from "./urlCodec";
import { yearsLabel } from "@/domain/format/years";

export type Breakdown = "product" | "partner" | "country" | "none";

/** What the catalogue is asked for a plan: product detail this deep, with the world or between two countries. */
export interface PlanQuestion {
  depth: Depth;
  bilateral: boolean;
}

export interface ViewPlan {
  state: VizState;
  breakdown: Breakdown;
  /** Product depth of a product breakdown (section for other breakdowns). */
  depth: Depth;
  question: PlanQuestion;
  years: number[];
  scatter?: { entity: ScatterEntity; x: ScatterMeasure; y: ScatterMeasure };
  /** A map of a country's regions: the level's data (regions.ts). */
  regions?: RegionDataset;
}

export type ProblemCode =
  | RegionProblemCode
  | "manyShows"
  | "nothingShown"
  | "samePartner"
  | "needsYear"
  | "needsRange"
  | "mapNeedsGeo"
  | "networkNeedsProducts"
  | "networkNeedsCountry"
  | "networkNeedsWorld"
  | "needsHs4"
  | "scatterNeedsMembers"
  | "scatterNeedsCountry"
  | "scatterNeedsWorld"
  | "scatterProductFilter"
  | "measureUnavailable"
  | "measureNotFor"
  | "classificationMissing"
  | "depthNotLoaded"
  | "productDetailYears"
  | "productDetailPartner"
  | "noDataYears";

export interface Problem {
  code: ProblemCode;
  /** Values for the message (years, measure keys...). */
  params?: Record<string, string | number>;
  /** A state that makes sense and stays close to what was asked. */
  fix?: VizState;
}

/** Finest first: where a depth lacks a year, the planner offers the next one up. */
const DEPTH_LADDER: readonly Depth[] = [...DEPTHS].reverse();

const CHILE = DEFAULT_COUNTRY;

function breakdownOf(state: VizState): { breakdown: Breakdown; shows: number } {
  const shows = [state.country, state.partner, state.product].filter((s) => s.kind === "show").length;
  if (state.product.kind === "show") return { breakdown: "product", shows };
  if (state.partner.kind === "show") return { breakdown: "partner", shows };
  if (state.country.kind === "show") return { breakdown: "country", shows };
  return { breakdown: "none", shows };
}

const lastYear = (time: TimeSelection) => (time.kind === "year" ? time.year : time.to);
const span = (years: readonly number[]) => ({ from: Math.min(...years), to: Math.max(...years) });

function rangeEnding(year: number, coverage: readonly number[]): TimeSelection {
  const { from, to } = span(coverage);
  const end = Math.min(Math.max(year, from), to);
  const start = Math.max(from, end - 23);
  return start === end ? { kind: "year", year: end } : { kind: "range", from: start, to: end };
}

export type PlanResult = { ok: true; plan: ViewPlan } | { ok: false; problems: Problem[]; suggestion?: VizState };

/**
 * The plan of a state, or its problems. Each problem keeps its fix only when the fix removes that
 * problem; `suggestion` is a nearby state with no problems at all (fixes applied one after another).
 */
export function planView(state: VizState, coverage: YearCoverage): PlanResult {
  const result = plan(state, coverage);
  if (result.ok) return result;
  const problems = result.problems.map((problem) => {
    if (!problem.fix) return problem;
    const after = plan(problem.fix, coverage);
    const solved = after.ok || !after.problems.some((p) => p.code === problem.code);
    return solved ? problem : { code: problem.code, ...(problem.params ? { params: problem.params } : {}) };
  });
  let candidate: VizState | undefined = state;
  for (let step = 0; candidate && step < 8; step++) {
    const next = plan(candidate, coverage);
    if (next.ok) return { ok: false, problems, suggestion: candidate };
    candidate = next.problems.find((p) => p.fix)?.fix;
  }
  return { ok: false, problems };
}

function plan(state: VizState, coverage: YearCoverage): { ok: true; plan: ViewPlan } | { ok: false; problems: Problem[] } {
  if (state.chart === "geomap" && state.regions) {
    const regional = planRegions(state, coverage.regions ?? []);
    if (!regional.ok) return regional;
    return { ok: true, plan: { state, breakdown: "country", depth: "section", question: { depth: "section", bilateral: false }, years: [regional.year], regions: regional.dataset } };
  }
  const problems: Problem[] = [];
  const { breakdown, shows } = breakdownOf(state);
  const fix = (patch: Partial<VizState>): VizState => ({ ...state, ...patch });
  // Partner detail is asked for, except by the product space and scatters (they explain the partner themselves).
  const bilateral = state.partner.kind !== "all" && state.chart !== "network" && state.chart !== "scatter";
  const yearsAt = (depth: Depth, withPartner = bilateral) => coveredYears(coverage, { classification: state.classification, flow: state.flow, depth, bilateral: withPartner });

  if (!coverage.byClass[state.classification] && coverage.classifications.length) {
    const other = coverage.classifications[0];
    problems.push({
      code: "classificationMissing",
      params: { classification: state.classification.toUpperCase(), available: coverage.classifications.map((c) => c.toUpperCase()).join(", ") },
      fix: fix({ classification: other, depth: undefined }),
    });
    return { ok: false, problems };
  }

  if (shows > 1) {
    problems.push({ code: "manyShows", fix: fix(breakdown === "product" ? { country: state.country.kind === "show" ? CHILE : state.country, partner: ALL } : { product: ALL, country: state.country.kind === "show" && state.partner.kind === "show" ? CHILE : state.country }) });
  }
  if (state.country.kind === "country" && state.partner.kind === "country" && state.country.id === state.partner.id) {
    problems.push({ code: "samePartner", params: { country: state.country.id }, fix: fix({ partner: ALL }) });
  }

  const chart = state.chart;
  const singleYearCharts = chart === "tree_map" || chart === "geomap" || chart === "network" || chart === "scatter";
  if (singleYearCharts && state.time.kind === "range") {
    problems.push({ code: "needsYear", params: { year: state.time.to }, fix: fix({ time: { kind: "year", year: state.time.to } }) });
  }
  if ((chart === "stacked" || chart === "line") && state.time.kind === "year") {
    problems.push({ code: "needsRange", fix: fix({ time: rangeEnding(state.time.year, yearsAt("section")), depth: undefined }) });
  }
  if ((chart === "tree_map" || chart === "stacked") && shows === 0) {
    problems.push({ code: "nothingShown", fix: fix({ product: SHOW }) });
  }
  if (chart === "geomap" && shows <= 1 && breakdown !== "partner" && breakdown !== "country") {
    problems.push({
      code: "mapNeedsGeo",
      fix: fix(state.country.kind === "country" ? { partner: SHOW, product: ALL } : { country: SHOW, product: state.product.kind === "show" ? ALL : state.product }),
    });
  }

  let depth: Depth = breakdown === "product" ? (state.depth ?? defaultDepth(state, coverage)) : "section";
  let scatter: ViewPlan["scatter"];

  if (chart === "network") {
    if (breakdown !== "product") {
      problems.push({ code: "networkNeedsProducts", fix: fix({ product: SHOW, partner: ALL, country: state.country.kind === "country" ? state.country : CHILE }) });
    } else {
      if (state.country.kind !== "country") problems.push({ code: "networkNeedsCountry", fix: fix({ country: CHILE }) });
      if (state.partner.kind !== "all") problems.push({ code: "networkNeedsWorld", fix: fix({ partner: ALL }) });
      if (depth !== "hs4") problems.push({ code: "needsHs4", fix: fix({ depth: undefined }) });
    }
  }

  if (chart === "scatter") {
    const entity: ScatterEntity | null = breakdown === "product" ? "product" : breakdown === "country" ? "country" : null;
    if (!entity) {
      problems.push({ code: "scatterNeedsMembers", fix: fix({ country: SHOW, partner: ALL, product: ALL, x: undefined, y: undefined }) });
    } else {
      if (entity === "product" && state.country.kind !== "country") problems.push({ code: "scatterNeedsCountry", fix: fix({ country: CHILE }) });
      if (state.partner.kind !== "all") problems.push({ code: "scatterNeedsWorld", fix: fix({ partner: ALL }) });
      if (entity === "country" && state.product.kind !== "all") problems.push({ code: "scatterProductFilter", fix: fix({ product: ALL }) });
      if (entity === "product" && depth !== "hs4") problems.push({ code: "needsHs4", fix: fix({ depth: undefined }) });
      const defaults = DEFAULT_AXES[entity];
      const axes = { x: state.x ?? defaults.x, y: state.y ?? defaults.y };
      const measures = { x: scatterMeasure(entity, axes.x), y: scatterMeasure(entity, axes.y) };
      for (const axis of ["x", "y"] as const) {
        const measure = measures[axis];
        if (!measure) {
          problems.push({ code: "measureNotFor", params: { measure: axes[axis], entity }, fix: fix({ [axis]: undefined }) });
        } else if (!measure.available) {
          problems.push({ code: "measureUnavailable", params: { measure: measure.key }, fix: fix({ [axis]: undefined }) });
        }
      }
      if (measures.x?.available && measures.y?.available) scatter = { entity, x: measures.x, y: measures.y };
    }
  }

  // Which data can answer: the finest product detail the view needs (broken down or filtered by),
  // with the world or between two countries, in the state's revision and flow.
  const filterDepth: Depth = state.product.kind === "product" ? state.product.product.level : "section";
  const needed: Depth = breakdown === "product" && depthIndex(depth) > depthIndex(filterDepth) ? depth : filterDepth;
  const question: PlanQuestion = { depth: needed, bilateral };
  const available = yearsAt(needed);
  const years = timeYears(state.time);
  const depthParam = { depth: needed };
  if (needed !== "section") {
    const withWorld = yearsAt(needed, false);
    const covers = (d: Depth) => d === "section" || years.every((y) => yearsAt(d).includes(y));
    // The nearest coarser detail that answers every year asked (a breakdown's depth, or the filter product's parent).
    const coarser = (): VizState | undefined => {
      if (breakdown === "product" && state.product.kind !== "product") {
        return fix({ depth: DEPTH_LADDER.slice(DEPTH_LADDER.indexOf(depth) + 1).find(covers) ?? "section" });
      }
      if (state.product.kind === "product") {
        const p = state.product.product;
        const level = DEPTH_LADDER.slice(DEPTH_LADDER.indexOf(p.level) + 1).find(covers) ?? "section";
        const code = level === "section" ? p.section : p.code.slice(0, level === "hs2" ? 2 : 4);
        return fix({ product: { kind: "product", product: { level, code, section: p.section } } });
      }
      return undefined;
    };
    if (withWorld.length === 0) {
      // No year at all at this depth (HS6 without a BACI import): say so, offer the detail that exists.
      problems.push({ code: "depthNotLoaded", params: { ...depthParam, flow: state.flow }, fix: coarser() });
    } else if (bilateral && available.length === 0) {
      // Detail exists only with the whole world: drop the detail, or the partner.
      problems.push({ code: "productDetailPartner", params: depthParam, fix: coarser() ?? fix({ partner: ALL }) });
    } else if (years.some((y) => !available.includes(y))) {
      const latest = available.at(-1);
      const latestYear = latest !== undefined ? fix({ time: { kind: "year", year: latest } }) : undefined;
      const rangeChart = chart === "stacked" || chart === "line";
      const detailFix =
        chart === "network" || chart === "scatter"
          ? latestYear
          : breakdown === "product" && state.product.kind !== "product"
            ? coarser()
            : !rangeChart && latestYear
              ? latestYear
              : coarser();
      problems.push({ code: "productDetailYears", params: { ...depthParam, years: yearsLabel(available) || "–", partner: bilateral ? "yes" : "no" }, fix: detailFix });
    }
  } else if (available.length) {
    const missing = years.filter((y) => !available.includes(y));
    if (missing.length === years.length) {
      const { from, to } = span(available);
      problems.push({
        code: "noDataYears",
        params: { from, to },
        fix: fix({ time: state.time.kind === "year" ? { kind: "year", year: Math.min(Math.max(state.time.year, from), to) } : rangeEnding(lastYear(state.time), available) }),
      });
    }
  }

  if (problems.length) {
    // One explanation per kind of problem is enough.
    return { ok: false, problems: dedupe(problems) };
  }
  if (breakdown !== "product") depth = "section";
  return { ok: true, plan: { state, breakdown, depth, question, years: years.filter((y) => available.includes(y)), ...(scatter ? { scatter } : {}) } };
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    if (seen.has(p.code)) return false;
    seen.add(p.code);
    return true;
  });
}

/**
 * The state after choosing another chart in the control panel: the same question where the new
 * chart can draw it, otherwise the nearest view it can draw (a range for time charts, partners
 * for maps, products for the product space).
 */
export function switchChart(state: VizState, chart: VizState["chart"], coverage: YearCoverage): VizState {
  const next: VizState = { ...state, chart };
  if (chart !== "scatter") {
    delete next.x;
    delete next.y;
  }
  const result = planView(next, coverage);
  return result.ok ? next : (result.suggestion ?? next);
}
