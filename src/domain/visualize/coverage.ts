/**
 * What the visualisation builder can draw, as the data catalogue says: for every HS revision the
 * warehouse holds, the years answering a product breakdown at each depth, per flow, with the
 * whole world and between two countries. Built from the catalogue entries (pure), small enough
 * to send to the control panel, and the only place the builder learns about years and depths.
 *
 * Sections and HS2 chapters are the same in every HS revision, so any goods dataset answers them
 * (a stacked area of sections runs across the package's HS92 years and a BACI HS12 import alike);
 * HS4 and HS6 are answered only by data in the revision the URL names.
 */
import { goodsYears, type CatalogEntry, type GoodsQuestion } from "@/domain/catalog/catalog";
import type { RegionDataset } from "./regions";
import { DEPTHS, FLOWS, isClassification, type Classification, type Depth, type Flow } from "./state";

export type DepthYears = Record<Depth, number[]>;
export interface FlowCoverage {
  /** Trade with the whole world (a bilateral dataset answers these too). */
  world: DepthYears;
  /** Between a reporter and one partner (or broken down by partner). */
  bilateral: DepthYears;
}
export type ClassCoverage = Record<Flow, FlowCoverage>;

export interface YearCoverage {
  /** Revisions with product data, the default first (the one holding the newest product detail). */
  classifications: Classification[];
  byClass: Partial<Record<Classification, ClassCoverage>>;
  /** Subnational levels with data and a map (regions.ts); absent: none. */
  regions?: RegionDataset[];
}

export interface CoverageQuestion {
  classification: Classification;
  flow: Flow;
  depth: Depth;
  bilateral: boolean;
}

/** Depth ranks of the builder's depths (section < hs2 < hs4 < hs6). */
export const depthIndex = (depth: Depth) => DEPTHS.indexOf(depth);

/** What the catalogue is asked for a view (the revision only matters below HS2). */
export function vizQuestion(q: CoverageQuestion): GoodsQuestion {
  const detail = q.depth === "hs4" || q.depth === "hs6";
  return { depth: q.depth, flow: q.flow, ...(q.bilateral ? { bilateral: true } : {}), ...(detail ? { classification: q.classification } : {}) };
}

const EMPTY: readonly number[] = Object.freeze([]);

/** The years answering a question, oldest first; empty when the revision is not loaded. */
export function coveredYears(coverage: YearCoverage, q: CoverageQuestion): readonly number[] {
  return coverage.byClass[q.classification]?.[q.flow][q.bilateral ? "bilateral" : "world"][q.depth] ?? EMPTY;
}

/** Every year some view of a revision can draw (the year selectors' list), newest first. */
export function allYears(coverage: YearCoverage, classification: Classification): number[] {
  const years = new Set<number>();
  const cc = coverage.byClass[classification];
  if (cc) for (const flow of FLOWS) for (const depth of DEPTHS) for (const y of cc[flow].world[depth]) years.add(y);
  return [...years].sort((a, b) => b - a);
}

/** The depths a revision holds for some year (the depth selector's choices). */
export function coveredDepths(coverage: YearCoverage, classification: Classification): Depth[] {
  const cc = coverage.byClass[classification];
  return DEPTHS.filter((d) => cc && FLOWS.some((f) => cc[f].world[d].length > 0));
}

/** Builds the coverage from the catalogue's entries. */
export function vizCoverage(entries: readonly CatalogEntry[]): YearCoverage {
  const goods = entries.filter((e) => e.kind === "goods" && !e.partial && e.classification && isClassification(e.classification));
  // Default first: the revision with the newest product detail (HS4 or finer), then the higher priority source.
  const rank = new Map<Classification, [number, number]>();
  for (const e of goods) {
    const c = e.classification as Classification;
    const detail = e.depth === "hs4" || e.depth === "hs6";
    const key: [number, number] = [detail ? e.year : -1, e.priority];
    const held = rank.get(c);
    if (!held || key[0] > held[0] || (key[0] === held[0] && key[1] > held[1])) rank.set(c, key);
  }
  const classifications = [...rank.keys()].sort((a, b) => rank.get(b)![0] - rank.get(a)![0] || rank.get(b)![1] - rank.get(a)![1] || a.localeCompare(b));
  const byClass: YearCoverage["byClass"] = {};
  for (const classification of classifications) {
    const perFlow = {} as ClassCoverage;
    for (const flow of FLOWS) {
      const side = (bilateral: boolean) =>
        Object.fromEntries(DEPTHS.map((depth) => [depth, goodsYears(entries, vizQuestion({ classification, flow, depth, bilateral })).map((y) => y.year)])) as DepthYears;
      perFlow[flow] = { world: side(false), bilateral: side(true) };
    }
    byClass[classification] = perFlow;
  }
  return { classifications, byClass };
}
