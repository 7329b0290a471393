/**
 * The home page's hero visual, by meaning: the world's largest exports by product in the newest
 * year the catalogue holds product detail for, each with its share of every product's total that
 * year (same dataset, same year) and its section colour. Unclassified trade (HS 9999) is not a
 * product: it is left out of the list and the figure says so.
 */
import "server-only";
import { cache } from "react";
import type { Locale } from "@/domain/i18n/locales";
import { isResidualProduct } from "@/domain/profiles/residualProduct";
import { getMembers } from "@/server/catalog/members";
import { loadRanking } from "./figures";
import { worldYears } from "./world";

export interface HomeHeroRow {
  id: string;
  name: string;
  value: number;
  /** Of every product's exports that year, same dataset (null when the total is unknown). */
  share: number | null;
  /** The product's section colour. */
  color: string | null;
}

export interface HomeHero {
  year: number;
  /** Catalogue source key (messages data.sources) and its release. */
  source: string;
  vintage: string | null;
  rows: HomeHeroRow[];
  /** World exports of every product that year, from the same dataset. */
  total: number;
  /** Unclassified trade ranked among the largest and was left out. */
  unclassifiedLeftOut: boolean;
}

const SHOWN = 6;

export const loadHomeHero = cache(async (locale: Locale): Promise<HomeHero | null> => {
  const { products } = await worldYears();
  const source = products.at(-1);
  if (!source) return null;
  const [ranking, hs4, sections] = await Promise.all([
    loadRanking(source, { flow: "export", level: "HS4" }, locale),
    getMembers("hs4", locale).catch(() => []),
    getMembers("section", locale).catch(() => []),
  ]);
  if (!ranking) return null;
  const sectionColor = new Map(sections.map((s) => [String(s.id), s.color]));
  const sectionOf = new Map(hs4.map((p) => [String(p.id), String(p.attributes.section_id ?? "")]));
  const top = ranking.rows.slice(0, SHOWN + 1);
  const real = ranking.rows.filter((r) => !isResidualProduct("hs4", r.id)).slice(0, SHOWN);
  return {
    year: source.year,
    source: source.source,
    vintage: source.vintage ?? null,
    total: ranking.total.value,
    unclassifiedLeftOut: top.some((r) => isResidualProduct("hs4", r.id)),
    rows: real.map((r) => ({ id: r.id, name: r.name, value: r.value, share: r.share, color: sectionColor.get(sectionOf.get(r.id) ?? "") ?? null })),
  };
});
