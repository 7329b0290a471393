/**
 * Members the visualisation pages need (countries, continents, sections, HS2, HS4 with names in
 * one language, colours, M49 codes) and the URL codec's catalog, read once per warehouse
 * generation through the typed client.
 */
import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import { createVizCatalog, type VizCatalog } from "@/domain/visualize/catalog";
import { tradeYears } from "@/server/catalog/catalog";
import { getMembers, type Member } from "@/server/warehouse/client";
import { warehouseMeta } from "@/server/warehouse/db";

export interface NamedMember {
  id: string;
  name: string;
  /** English shown because the language has no name. */
  fallback: boolean;
  /** Section of a product, continent of a country. */
  parent: string | null;
  color: string | null;
}

export interface VizMembers {
  countries: Map<string, NamedMember & { m49: number | null; aggregate: boolean; iso2: string | null }>;
  continents: Map<string, NamedMember>;
  sections: Map<string, NamedMember>;
  hs2: Map<string, NamedMember>;
  hs4: Map<string, NamedMember>;
}

let cache: { generation: number; byLocale: Map<Locale, Promise<VizMembers>>; catalog?: Promise<VizCatalog> } | null = null;

async function generation(): Promise<number> {
  return (await warehouseMeta())?.generation ?? -1;
}

async function slot() {
  const gen = await generation();
  if (!cache || cache.generation !== gen) cache = { generation: gen, byLocale: new Map() };
  return cache;
}

const named = (m: Member, parent: string | null): NamedMember => ({
  id: String(m.id),
  name: m.name,
  fallback: m.fallback,
  parent,
  color: m.color,
});

async function load(locale: Locale): Promise<VizMembers> {
  const [countries, continents, sections, hs2, hs4] = await Promise.all([
    getMembers("country", locale),
    getMembers("continent", locale),
    getMembers("section", locale),
    getMembers("hs2", locale),
    getMembers("hs4", locale),
  ]);
  const sectionOfHs2 = new Map(hs2.map((m) => [String(m.id), String(m.parentId ?? "")]));
  return {
    countries: new Map(
      countries.map((m) => [
        String(m.id),
        {
          ...named(m, m.parentId === null ? null : String(m.parentId)),
          m49: typeof m.attributes.m49 === "number" ? m.attributes.m49 : null,
          aggregate: m.attributes.is_aggregate === true,
          iso2: typeof m.attributes.iso2 === "string" ? m.attributes.iso2 : null,
        },
      ]),
    ),
    continents: new Map(continents.map((m) => [String(m.id), named(m, null)])),
    sections: new Map(sections.map((m) => [String(m.id), named(m, String(m.id))])),
    hs2: new Map(hs2.map((m) => [String(m.id), named(m, sectionOfHs2.get(String(m.id)) ?? null)])),
    hs4: new Map(hs4.map((m) => [String(m.id), named(m, m.attributes.section_id === null ? null : String(m.attributes.section_id))])),
  };
}

/** Members with names in `locale` (cached until the warehouse is rebuilt). */
export async function vizMembers(locale: Locale): Promise<VizMembers> {
  const s = await slot();
  let members = s.byLocale.get(locale);
  if (!members) {
    members = load(locale);
    members.catch(() => s.byLocale.delete(locale));
    s.byLocale.set(locale, members);
  }
  return members;
}

/** The URL codec's catalog: English names for slugs, and the years each source covers. */
export async function vizCatalog(): Promise<VizCatalog> {
  const s = await slot();
  if (!s.catalog) {
    s.catalog = (async () => {
      // The years each kind of view can draw, as the data catalogue answers them (HS92 data only: the URL names it).
      const [members, sectionYears, hs4Years] = await Promise.all([
        vizMembers("en"),
        tradeYears({ depth: "section", bilateral: true, classification: "hs92" }).then((ys) => ys.map((y) => y.year)),
        tradeYears({ depth: "hs4", classification: "hs92" }).then((ys) => ys.map((y) => y.year)),
      ]);
      return createVizCatalog({
        countries: [...members.countries.values()].map((c) => ({ id: c.id, name: c.name, iso2: c.iso2 })),
        sections: [...members.sections.values()].map((m) => ({ id: m.id, name: m.name })),
        hs2: [...members.hs2.values()].map((m) => ({ id: m.id, section: m.parent ?? "", name: m.name })),
        hs4: [...members.hs4.values()].map((m) => ({ id: m.id, section: m.parent ?? "", name: m.name })),
        years: { sections: sectionYears, hs4: hs4Years },
      });
    })();
    s.catalog.catch(() => {
      if (cache) delete cache.catalog;
    });
  }
  return s.catalog;
}
