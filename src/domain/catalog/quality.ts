/**
 * Data-quality flags: suspicious patterns the importer finds in the catalogued data, recorded in
 * `_meta_quality` and shown where a flagged figure appears (and all together on /data-availability).
 * Pure: the importer feeds these rules small aggregated rows it reads with SQL; the server reads the
 * flags back once per warehouse generation.
 *
 * The four rules, each a function below:
 * - siblingDuplicates: two (or more) codes under the same parent heading, for the same reporter,
 *   year and flow, whose values are almost equal and both large: usually one figure booked twice
 *   (South Africa 1980: Platinum 7110 and Platinum Clad Metals 7111, USD 1.018B each).
 * - unspecifiedTop: "Unspecified" (HS 9999, chapter or section 99, Atlas XXXX) among a reporter's
 *   largest items: its product mix is partly unknown (the USA's largest 2018 export is 9999).
 * - totalJumps: the world total of a dataset moves by more than a set share from one year to the
 *   next (same dataset and vintage): a change in coverage, or real prices, to check before comparing.
 * - partialYears: a reporter with one flow in a year where the dataset has both, or with far
 *   fewer products than in each neighbouring year where it reports (under half of them).
 */
import { z } from "zod";
import { isUnspecifiedProduct } from "./unspecified";
import type { CatalogFlow } from "./catalog";

export const QUALITY_RULES = ["sibling_duplicate", "unspecified_top", "total_jump", "partial_year"] as const;
export type QualityRule = (typeof QUALITY_RULES)[number];

/** Thresholds of the rules; the importer uses these defaults, tests pass their own. */
export const QUALITY_THRESHOLDS = {
  /** Siblings: relative difference (to the larger value) at most this... */
  siblingTolerance: 0.001,
  /** ...and each value at least this share of the reporter's total for that year and flow... */
  siblingMinShare: 0.01,
  /** ...and at least this value (in the dataset's unit), so that equal pennies are no finding. */
  siblingMinValue: 1_000_000,
  /** Unspecified: among the reporter's top N items... */
  unspecifiedTopN: 3,
  /** ...or above this share of its total. */
  unspecifiedMinShare: 0.05,
  /** Year on year change of a dataset's world total above this share. */
  jumpShare: 0.25,
  /** Partial year: fewer than this share of the products of each neighbouring year... */
  partialProductRatio: 0.5,
  /** ...where that neighbouring year has at least this many products (smaller counts say little). */
  partialMinProducts: 10,
} as const;
export type QualityThresholds = { -readonly [K in keyof typeof QUALITY_THRESHOLDS]: number };

interface FlagBase {
  dataset: string;
  year: number;
  /** Reporter id (a country, "zaf"); null for a flag on the dataset as a whole. */
  reporter: string | null;
  flow: CatalogFlow | null;
  /** Product codes the flag is about (at `params.level` where the rule has one). */
  products: string[];
  /** The figures concerned, in the dataset's unit: one per product, or [previous, this] total. */
  values: number[];
}

export interface SiblingParams {
  /** Product level of the codes ("HS4"), as the cube names it. */
  level: string;
  /** Their parent heading ("71"). */
  parent: string;
  /** The reporter's total that year and flow. */
  total: number;
  /** Largest relative difference between the values (0.00017 = 0.017%). */
  difference: number;
}
export interface UnspecifiedParams {
  level: string;
  /** Its rank among the reporter's items (1 = largest). */
  rank: number;
  /** Its share of the reporter's total. */
  share: number;
  total: number;
}
export interface TotalJumpParams {
  previousYear: number;
  /** Relative change of the total, this year against the previous one (0.44 = +44%). */
  change: number;
  previousReporters: number;
  reporters: number;
}
export type PartialYearParams =
  | { kind: "one_flow"; /** The flow the reporter lacks. */ missing: CatalogFlow }
  | { kind: "few_products"; level: string; products: number; neighbourYear: number; neighbourProducts: number };

export type QualityFlag =
  | (FlagBase & { rule: "sibling_duplicate"; params: SiblingParams })
  | (FlagBase & { rule: "unspecified_top"; params: UnspecifiedParams })
  | (FlagBase & { rule: "total_jump"; params: TotalJumpParams })
  | (FlagBase & { rule: "partial_year"; params: PartialYearParams });

// ---------------------------------------------------------------------------------------------
// Rules

/** A reporter's item with its total that year and flow (the importer's aggregated rows). */
export interface ItemRow {
  year: number;
  reporter: string;
  flow: CatalogFlow;
  /** Parent heading of the product (HS2 of an HS4 code); null where the level has none. */
  parent: string | null;
  /** Section of the product ("99" for unspecified goods). */
  section: string | null;
  product: string;
  value: number;
  total: number;
}

const groupKey = (r: { year: number; reporter: string; flow: string }) => `${r.year}\u0000${r.reporter}\u0000${r.flow}`;

/**
 * Near-identical values in sibling codes. Rows of one reporter, year, flow and parent are sorted by
 * value; a run of neighbours each within `siblingTolerance` of the next (relative to the larger)
 * is one flag, provided every value is at least `siblingMinShare` of the total and `siblingMinValue`.
 */
export function siblingDuplicates(dataset: string, level: string, rows: readonly ItemRow[], t: QualityThresholds = QUALITY_THRESHOLDS): QualityFlag[] {
  const large = rows.filter((r) => r.parent !== null && r.total > 0 && r.value >= t.siblingMinValue && r.value >= t.siblingMinShare * r.total);
  const groups = new Map<string, ItemRow[]>();
  for (const r of large) {
    const key = `${groupKey(r)}\u0000${r.parent}`;
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  const flags: QualityFlag[] = [];
  for (const list of groups.values()) {
    list.sort((a, b) => b.value - a.value || a.product.localeCompare(b.product));
    let run: ItemRow[] = [list[0]];
    const close = () => {
      if (run.length > 1) {
        const first = run[0];
        const values = run.map((r) => r.value);
        flags.push({
          rule: "sibling_duplicate",
          dataset,
          year: first.year,
          reporter: first.reporter,
          flow: first.flow,
          products: run.map((r) => r.product),
          values,
          params: { level, parent: first.parent!, total: first.total, difference: (values[0] - values.at(-1)!) / values[0] },
        });
      }
    };
    for (const r of list.slice(1)) {
      const previous = run.at(-1)!;
      if (previous.value - r.value <= t.siblingTolerance * previous.value) run.push(r);
      else {
        close();
        run = [r];
      }
    }
    close();
  }
  return flags.sort(byFlag);
}

/** "Unspecified" codes: section or chapter 99, HS 9999 and its subheadings, the Atlas's XXXX. */
export function isUnspecified(product: string, section: string | null = null): boolean {
  return section === "99" || product === "99" || isUnspecifiedProduct(product);
}

/** A reporter's item with its rank among the reporter's items that year and flow (1 = largest). */
export interface RankedRow extends ItemRow {
  rank: number;
}

/** "Unspecified" among a reporter's top `unspecifiedTopN` items, or above `unspecifiedMinShare` of its total. */
export function unspecifiedTop(dataset: string, level: string, rows: readonly RankedRow[], t: QualityThresholds = QUALITY_THRESHOLDS): QualityFlag[] {
  return rows
    .filter((r) => r.value > 0 && r.total > 0 && isUnspecified(r.product, r.section) && (r.rank <= t.unspecifiedTopN || r.value / r.total > t.unspecifiedMinShare))
    .map(
      (r): QualityFlag => ({
        rule: "unspecified_top",
        dataset,
        year: r.year,
        reporter: r.reporter,
        flow: r.flow,
        products: [r.product],
        values: [r.value],
        params: { level, rank: r.rank, share: r.value / r.total, total: r.total },
      }),
    )
    .sort(byFlag);
}

/** One year of a dataset: its world total and reporters (the catalogue's rows). */
export interface TotalRow {
  dataset: string;
  year: number;
  vintage: string;
  total: number | null;
  reporters: number;
}

/** A world total moving by more than `jumpShare` from the year before, within one dataset and vintage. */
export function totalJumps(rows: readonly TotalRow[], t: QualityThresholds = QUALITY_THRESHOLDS): QualityFlag[] {
  const byKey = new Map(rows.map((r) => [`${r.dataset}\u0000${r.vintage}\u0000${r.year}`, r]));
  const flags: QualityFlag[] = [];
  for (const r of rows) {
    const previous = byKey.get(`${r.dataset}\u0000${r.vintage}\u0000${r.year - 1}`);
    if (!previous || r.total === null || previous.total === null || !(previous.total > 0) || !(r.total > 0)) continue;
    const change = r.total / previous.total - 1;
    if (Math.abs(change) <= t.jumpShare) continue;
    flags.push({
      rule: "total_jump",
      dataset: r.dataset,
      year: r.year,
      reporter: null,
      flow: "export",
      products: [],
      values: [previous.total, r.total],
      params: { previousYear: previous.year, change, previousReporters: previous.reporters, reporters: r.reporters },
    });
  }
  return flags.sort(byFlag);
}

/** How many products a reporter has in one year and flow. */
export interface CoverageRow {
  year: number;
  reporter: string;
  flow: CatalogFlow;
  products: number;
}

/**
 * Partial years. `flowsByYear` lists, for each year, the flows the dataset records per reporter
 * (pass it only for datasets with a flow column: a bilateral table seen from the exporter has one).
 * One flow: the reporter has rows in one of them only. Few products: in a flow, fewer than
 * `partialProductRatio` of the products it has in each neighbouring year (year ± 1) where it
 * reports that flow, when those have at least `partialMinProducts`.
 */
export function partialYears(
  dataset: string,
  level: string,
  rows: readonly CoverageRow[],
  flowsByYear: ReadonlyMap<number, readonly CatalogFlow[]> | null,
  t: QualityThresholds = QUALITY_THRESHOLDS,
): QualityFlag[] {
  const flags: QualityFlag[] = [];
  const byKey = new Map(rows.filter((r) => r.products > 0).map((r) => [groupKey(r), r]));
  if (flowsByYear) {
    const reporterYears = new Map<string, { year: number; reporter: string; flows: Set<CatalogFlow> }>();
    for (const r of byKey.values()) {
      const key = `${r.year}\u0000${r.reporter}`;
      const entry = reporterYears.get(key) ?? { year: r.year, reporter: r.reporter, flows: new Set<CatalogFlow>() };
      entry.flows.add(r.flow);
      reporterYears.set(key, entry);
    }
    for (const { year, reporter, flows } of reporterYears.values()) {
      const expected = flowsByYear.get(year) ?? [];
      if (expected.length < 2) continue;
      for (const missing of expected.filter((f) => !flows.has(f))) {
        flags.push({ rule: "partial_year", dataset, year, reporter, flow: missing, products: [], values: [], params: { kind: "one_flow", missing } });
      }
    }
  }
  for (const r of byKey.values()) {
    const neighbours = [r.year - 1, r.year + 1].map((year) => byKey.get(groupKey({ ...r, year }))).filter((n): n is CoverageRow => n !== undefined);
    if (neighbours.length === 0) continue;
    if (!neighbours.every((n) => n.products >= t.partialMinProducts && r.products < t.partialProductRatio * n.products)) continue;
    // Name the neighbour it falls furthest short of.
    const neighbour = neighbours.reduce((a, b) => (b.products > a.products ? b : a));
    flags.push({
      rule: "partial_year",
      dataset,
      year: r.year,
      reporter: r.reporter,
      flow: r.flow,
      products: [],
      values: [],
      params: { kind: "few_products", level, products: r.products, neighbourYear: neighbour.year, neighbourProducts: neighbour.products },
    });
  }
  return flags.sort(byFlag);
}

/** Rule, dataset, year, reporter, flow, then the first product: a stable order for storage and pages. */
export function byFlag(a: QualityFlag, b: QualityFlag): number {
  return (
    QUALITY_RULES.indexOf(a.rule) - QUALITY_RULES.indexOf(b.rule) ||
    a.dataset.localeCompare(b.dataset) ||
    a.year - b.year ||
    (a.reporter ?? "").localeCompare(b.reporter ?? "") ||
    (a.flow ?? "").localeCompare(b.flow ?? "") ||
    (a.products[0] ?? "").localeCompare(b.products[0] ?? "")
  );
}

// ---------------------------------------------------------------------------------------------
// Storage: `_meta_quality` keeps the rule's parameters as JSON; rows are checked when read back.

const flow = z.enum(["export", "import"]);
const paramSchemas = {
  sibling_duplicate: z.object({ level: z.string(), parent: z.string(), total: z.number(), difference: z.number() }),
  unspecified_top: z.object({ level: z.string(), rank: z.number().int().positive(), share: z.number(), total: z.number() }),
  total_jump: z.object({ previousYear: z.number().int(), change: z.number(), previousReporters: z.number(), reporters: z.number() }),
  partial_year: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("one_flow"), missing: flow }),
    z.object({ kind: z.literal("few_products"), level: z.string(), products: z.number(), neighbourYear: z.number().int(), neighbourProducts: z.number() }),
  ]),
} as const;

/** A stored row (as the warehouse returns it) back to a typed flag; null for a row it cannot read. */
export function parseQualityRow(row: Record<string, unknown>): QualityFlag | null {
  const rule = QUALITY_RULES.find((r) => r === row.rule);
  if (!rule) return null;
  let params: unknown;
  try {
    params = typeof row.params === "string" ? JSON.parse(row.params) : row.params;
  } catch {
    return null;
  }
  const parsed = paramSchemas[rule].safeParse(params);
  const year = Number(row.year);
  if (!parsed.success || !Number.isInteger(year) || typeof row.dataset !== "string") return null;
  const list = (value: unknown) => (Array.isArray(value) ? value : []);
  return {
    rule,
    dataset: row.dataset,
    year,
    reporter: row.reporter === null || row.reporter === undefined ? null : String(row.reporter),
    flow: row.flow === "export" || row.flow === "import" ? row.flow : null,
    products: list(row.products).map(String),
    values: list(row.values).map(Number),
    params: parsed.data,
  } as QualityFlag;
}

export interface QualityFilter {
  dataset?: string;
  year?: number;
  reporter?: string;
  /** A product code: flags naming it. */
  product?: string;
  rule?: QualityRule;
}

/** The flags matching every field given. */
export function filterFlags(flags: readonly QualityFlag[], filter: QualityFilter = {}): QualityFlag[] {
  return flags.filter(
    (f) =>
      (filter.dataset === undefined || f.dataset === filter.dataset) &&
      (filter.year === undefined || f.year === filter.year) &&
      (filter.reporter === undefined || f.reporter === filter.reporter) &&
      (filter.product === undefined || f.products.includes(filter.product)) &&
      (filter.rule === undefined || f.rule === filter.rule),
  );
}

/** A flag with what a page needs to say it in words: names in the page's language and the unit. */
export interface DescribedFlag {
  flag: QualityFlag;
  /** The reporter's name; null for a dataset-wide flag. */
  reporterName: string | null;
  /** Whether the reporter is a country with a profile page. */
  reporterIsCountry: boolean;
  /** Names of `flag.products`, in order (the code where the name is unknown). */
  productNames: string[];
  /** Currency of the values (ISO 4217: "USD", "AUD"). */
  currency: string;
  /** Finest product depth of the flag's dataset ("section", "hs4", "hs6"); null without products. */
  depth: string | null;
}
