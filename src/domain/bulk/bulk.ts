/**
 * Bulk downloads as data: which files exist (planned from the data catalogue), who may fetch them,
 * their stable URLs, and HTTP byte ranges. Pure; the export (server/bulk/export.ts) writes the
 * files and a Frictionless `datapackage.json` describing them, the route streams them.
 */
import { datasets, depthRank, type CatalogEntry } from "@/domain/catalog/catalog";
import { ROLE_BULK_MANAGER, ROLE_PREMIUM } from "@/domain/auth/roles";

export const BULK_TIERS = ["international", "national", "products"] as const;
export type BulkTier = (typeof BULK_TIERS)[number];
export const BULK_FORMATS = ["csv", "parquet"] as const;
export type BulkFormat = (typeof BULK_FORMATS)[number];
export const FORMAT_EXTENSION: Record<BulkFormat, string> = { csv: "csv.gz", parquet: "parquet" };

/** PREMIUM files: one per reporting country, one per HS2 chapter. */
export function isPremiumTier(tier: BulkTier): boolean {
  return tier !== "international";
}

export function canDownloadPremium(role: number | null | undefined): boolean {
  return role === ROLE_PREMIUM || role === ROLE_BULK_MANAGER;
}

/** One file of the export as the data package lists it (a Frictionless resource with our fields). */
export interface BulkResource {
  name: string;
  /** Relative to the generation's folder: `international/trade_i_ots_a_hs4/2018.csv.gz`. */
  path: string;
  format: BulkFormat;
  mediatype: string;
  compression?: "gz";
  encoding?: "utf-8";
  bytes: number;
  /** `sha256:<hex>` (Frictionless). */
  hash: string;
  schema: { fields: { name: string; type: "integer" | "number" | "string" }[] };
  tier: BulkTier;
  dataset: string;
  cube: string;
  rows: number;
  /** International files: the year. National and products files: every year of the dataset. */
  year: number | null;
  years: number[];
  /** National: the reporting country; products: the HS2 chapter. */
  member: { level: string; id: string; name: string } | null;
}

export interface BulkPackage {
  profile: "data-package";
  name: string;
  title: string;
  description: string;
  created: string;
  /** The warehouse build the files come from; part of every file's URL. */
  generation: string;
  warehouse: { builtAt: string; fingerprint: string };
  licenses: { name: string; title: string; path?: string }[];
  sources: { title: string; path?: string }[];
  /** Per dataset: what it is (from the catalogue). */
  datasets: { dataset: string; cube: string; kind: string; classification: string | null; depth: string | null; bilateral: boolean; partial: boolean; source: string; years: number[] }[];
  resources: BulkResource[];
}

/** The generation of a warehouse build: the first 16 hex digits of its fingerprint. */
export function generationOf(fingerprint: string): string | null {
  const hex = fingerprint.toLowerCase().replace(/[^0-9a-f]/g, "").slice(0, 16);
  return hex.length === 16 ? hex : null;
}

export const GENERATION_PATTERN = /^[0-9a-f]{16}$/;

/** The URL a file is served at (stable for one warehouse build). */
export function bulkUrl(generation: string, path: string): string {
  return `/api/bulk/${generation}/${path}`;
}

/** Trade datasets published per year (international): goods and services, in the catalogue's order. */
export function internationalDatasets(entries: readonly CatalogEntry[]): { dataset: string; cube: string; years: number[] }[] {
  return datasets(entries.filter((e) => e.kind === "goods" || e.kind === "services")).map((d) => ({
    dataset: d.dataset,
    cube: d.entries[0]!.cube,
    years: [...new Set(d.entries.map((e) => e.year))].sort((a, b) => a - b),
  }));
}

/**
 * The dataset the PREMIUM files are cut from: complete goods data, the finest product depth first
 * (a full BACI import gives HS6), then partner detail, then the catalogue's priority, then the most
 * years. `chapters`: it must reach HS2 (the per-chapter files).
 */
export function richestGoodsDataset(entries: readonly CatalogEntry[], chapters = false): { dataset: string; cube: string; years: number[]; bilateral: boolean; depth: string | null } | null {
  const goods = entries.filter((e) => e.kind === "goods" && !e.partial && e.scope !== "world" && (!chapters || depthRank(e.depth) >= depthRank("hs4")));
  const byDataset = new Map<string, CatalogEntry[]>();
  for (const e of goods) byDataset.set(e.dataset, [...(byDataset.get(e.dataset) ?? []), e]);
  const ranked = [...byDataset.values()].sort((a, b) => {
    const x = a[0]!;
    const y = b[0]!;
    return depthRank(y.depth) - depthRank(x.depth) || Number(y.bilateral) - Number(x.bilateral) || y.priority - x.priority || b.length - a.length || x.dataset.localeCompare(y.dataset);
  });
  const best = ranked[0];
  if (!best) return null;
  return { dataset: best[0]!.dataset, cube: best[0]!.cube, bilateral: best[0]!.bilateral, depth: best[0]!.depth, years: [...new Set(best.map((e) => e.year))].sort((a, b) => a - b) };
}

export type ByteRange = { start: number; end: number };

/**
 * One byte range of a `Range` header (RFC 9110) for a file of `size` bytes: null when there is no
 * usable header (send the whole file), "unsatisfiable" for a range past the end (416). Several
 * ranges are answered with the whole file, as the RFC allows.
 */
export function parseRange(header: string | null | undefined, size: number): ByteRange | null | "unsatisfiable" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return size === 0 ? "unsatisfiable" : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (!Number.isSafeInteger(start) || start >= size) return "unsatisfiable";
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (!Number.isSafeInteger(end) || end < start) return null;
  return { start, end };
}

/** Human file size in the locale's units ("2.7 MB"). */
export function fileSize(bytes: number, locale: string): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(locale, { style: "unit", unit: units[unit], unitDisplay: "short", maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0 }).format(value);
}
