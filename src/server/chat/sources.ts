/**
 * Which dataset and years answer a chat question, from the data catalogue (never a named cube or
 * year), and the queries in each dataset's shape.
 */
import "server-only";
import { goodsYears, nearestYear, type CatalogEntry, type GoodsQuestion, type ProductDepth, type YearSource } from "@/domain/catalog/catalog";
import type { ChatEntity, ChatFlow } from "@/domain/chat/types";
import { findOrganization } from "@/domain/organizations";
import { tradeQuery, type ProfileFlow } from "@/server/profiles/sources";
import type { Cut, DataQuery, SortKey } from "@/server/warehouse/client";

export const PRODUCT_LEVEL = { section: "Section", hs2: "HS2", hs4: "HS4", hs6: "HS6" } as const;
export const BY_VALUE: readonly SortKey[] = [{ key: "Trade Value", direction: "desc" }];

export interface Chosen {
  source: YearSource;
  /** The year asked for when the data lacks it (the answer uses the nearest one and says so). */
  missing: number | null;
}

/** The dataset for `year` (or the newest), the nearest year when `year` has none; null when nothing answers. */
export function choose(entries: readonly CatalogEntry[], question: GoodsQuestion, year: number | null): Chosen | null {
  const years = goodsYears(entries, question);
  if (years.length === 0) return null;
  if (year === null) return { source: years.at(-1)!, missing: null };
  const hit = years.find((y) => y.year === year);
  if (hit) return { source: hit, missing: null };
  return { source: nearestYear(years, year)!, missing: year };
}

/** Every year of the dataset a source belongs to, oldest first. */
export function datasetYears(entries: readonly CatalogEntry[], question: GoodsQuestion, source: YearSource): number[] {
  return goodsYears(entries, question)
    .filter((y) => y.dataset === source.dataset)
    .map((y) => y.year);
}

/** A product cut at the product's own level. */
export function productCut(product: ChatEntity | null): Cut | undefined {
  if (!product || !(product.kind in PRODUCT_LEVEL)) return undefined;
  return { level: PRODUCT_LEVEL[product.kind as keyof typeof PRODUCT_LEVEL], ids: [product.id] };
}

export const depthOf = (product: ChatEntity | null, fallback: ProductDepth = "section"): ProductDepth =>
  product && product.kind in PRODUCT_LEVEL ? (product.kind as ProductDepth) : fallback;

/** The member countries a place stands for in a cut (a group: its members), or a continent. */
export function placeCut(place: ChatEntity | undefined): { own?: string[]; ownContinent?: boolean } {
  if (!place || place.kind === "world") return {};
  if (place.kind === "organization") return { own: findOrganization(place.id)?.members ?? [] };
  if (place.kind === "continent") return { own: [place.id], ownContinent: true };
  return { own: [place.id] };
}

/** A trade query for a place (reporter), optionally a partner country and a product. */
export function placeQuery(
  source: YearSource,
  spec: {
    flow: ProfileFlow;
    place?: ChatEntity;
    partner?: ChatEntity;
    product?: ChatEntity | null;
    years: readonly number[];
    drilldowns?: readonly string[];
    parents?: boolean;
    sort?: readonly SortKey[];
    excludeSelf?: boolean;
  },
): DataQuery {
  const own = placeCut(spec.place);
  const partner = spec.partner ? placeCut(spec.partner).own : undefined;
  return tradeQuery(source, {
    flow: spec.flow,
    years: spec.years,
    ...own,
    ...(partner && spec.partner?.kind !== "continent" ? { partner } : {}),
    product: productCut(spec.product ?? null),
    drilldowns: spec.drilldowns,
    parents: spec.parents,
    sort: spec.sort,
    ...(spec.excludeSelf && own.own && !own.ownContinent ? { excludePartner: own.own } : {}),
  });
}

export const tradeFlow = (flow: ChatFlow): ProfileFlow => (flow === "import" ? "import" : "export");
