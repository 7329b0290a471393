/**
 * Members the visualisation pages need (countries, continents, sections, HS2, HS4 with names in
 * one language, colours, M49 codes) and the URL codec's catalog, read once per warehouse
 * generation through the typed client.
 */
import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import { createVizCatalog, type VizCatalog } from "@/domain/visualize/catalog";
import { vizCoverage } from "@/domain/visualize/coverage";
import { regionDatasets } from "@/domain/visualize/regions";
import { dataCatalog } from "@/server/catalog/catalog";
import { keyedValue } from "@/server/processState";
import { profileIndexOfGeneration } from "@/server/search/build";
import { getMembers, type Member } from "@/server/warehouse/client";
import { warehouseMeta } from "@/server/warehouse/db";
import { SUBNATIONAL_GENERIC_CUBE } from "@/server/warehouse/registry";

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
  /** HS6 products with trade in some loaded dataset (from the profile index; empty without HS6 data). */
  hs6: Map<string, NamedMember>;
}

interface GenerationSlot {
  byLocale: Map<Locale, Promise<VizMembers>>;
  catalog?: Promise<VizCatalog>;
}

/** The members and catalog of the current warehouse generation, shared by every bundle (processState). */
async function slot(): Promise<GenerationSlot> {
  const generation = (await warehouseMeta())?.generation ?? -1;
  return keyedValue<GenerationSlot>("visualize/members:generation", generation, () => ({ byLocale: new Map() }));
}

const named = (m: Member, parent: string | null): NamedMember => ({
  id: String(m.id),
  name: m.name,
  fallback: m.fallback,
  parent,
  color: m.color,
});

async function load(locale: Locale): Promise<VizMembers> {
  const [countries, continents, sections, hs2, hs4, index] = await Promise.all([
    getMembers("country", locale),
    getMembers("continent", locale),
    getMembers("section", locale),
    getMembers("hs2", locale),
    getMembers("hs4", locale),
    profileIndexOfGeneration(),
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
    hs6: new Map(
      index.entitiesOf(["hs6"]).map((e) => [
        e.id,
        { id: e.id, name: e.names[locale] || e.names.en, fallback: !e.names[locale], parent: e.image?.section ?? null, color: null },
      ]),
    ),
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

/**
 * The URL codec's catalog: English names for slugs, the HS6 products that have trade (from the
 * profile index, so a BACI revision's own codes count), and what the data catalogue says each
 * revision, depth and flow covers.
 */
export async function vizCatalog(): Promise<VizCatalog> {
  const s = await slot();
  if (!s.catalog) {
    s.catalog = (async () => {
      const [members, catalog] = await Promise.all([vizMembers("en"), dataCatalog()]);
      return createVizCatalog({
        countries: [...members.countries.values()].map((c) => ({ id: c.id, name: c.name, iso2: c.iso2 })),
        sections: [...members.sections.values()].map((m) => ({ id: m.id, name: m.name })),
        hs2: [...members.hs2.values()].map((m) => ({ id: m.id, section: m.parent ?? "", name: m.name })),
        hs4: [...members.hs4.values()].map((m) => ({ id: m.id, section: m.parent ?? "", name: m.name })),
        hs6: [...members.hs6.values()].map((m) => ({ id: m.id, section: m.parent ?? "", name: m.name })),
        coverage: { ...vizCoverage(catalog.entries), regions: regionDatasets(catalog.entries, (e) => e.cube !== SUBNATIONAL_GENERIC_CUBE.name) },
      });
    })();
    const catalog = s.catalog;
    catalog.catch(() => {
      if (s.catalog === catalog) delete s.catalog;
    });
  }
  return s.catalog;
}
