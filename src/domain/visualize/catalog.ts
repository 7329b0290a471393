/**
 * What the URL codec needs to know about members: which countries and products exist, their
 * alternative spellings (ISO2, slugs of English names, HS codes, OEC ids) and the years each data
 * source covers. Built from member lists the server reads once; pure, so tests build it from fixtures.
 */
import type { YearCoverage } from "./coverage";
import type { ProductLevel, ProductRef } from "./state";

export interface CatalogInput {
  countries: readonly { id: string; name: string; iso2?: string | null }[];
  sections: readonly { id: string; name: string }[];
  hs2: readonly { id: string; section: string; name: string }[];
  hs4: readonly { id: string; section: string; name: string }[];
  /** HS6 products with trade in some loaded dataset (none without an HS6 import). */
  hs6?: readonly { id: string; section: string; name: string }[];
  /** What the builder can draw: revisions, depths and years (see coverage.ts). */
  coverage: YearCoverage;
}

export interface VizCatalog {
  /** ISO3 of a country given as ISO3, ISO2 or slug ("chl", "CL", "chile"); null when unknown. */
  country(token: string): string | null;
  /** A product given as OEC id ("52601"), HS code ("2601", "hs26") or slug ("copper-ore"); null when unknown. */
  product(token: string): ProductRef | null;
  coverage: YearCoverage;
}

/** "Côte d'Ivoire" -> "cote-d-ivoire". */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The OEC-style product id the canonical URL uses: the section followed by the HS code ("52601"). */
export function productUrlId(product: ProductRef): string {
  return product.level === "section" ? product.section : `${product.section}${product.code}`;
}

/**
 * Reads back an id built by productUrlId without the catalog: OEC ids have 1-2 characters for a
 * section, 3-4 for an HS2 chapter, 5-6 for an HS4 heading and 7-8 for an HS6 subheading. Null
 * when malformed.
 */
export function parseProductUrlId(urlId: string): ProductRef | null {
  if (!/^\d{1,8}$/.test(urlId)) return null;
  if (urlId.length <= 2) return { level: "section", code: urlId, section: urlId };
  if (urlId.length <= 4) return { level: "hs2", code: urlId.slice(-2), section: urlId.slice(0, -2) };
  if (urlId.length <= 6) return { level: "hs4", code: urlId.slice(-4), section: urlId.slice(0, -4) };
  return { level: "hs6", code: urlId.slice(-6), section: urlId.slice(0, -6) };
}

export function createVizCatalog(input: CatalogInput): VizCatalog {
  const countries = new Set(input.countries.map((c) => c.id));
  const countryAliases = new Map<string, string>();
  for (const c of input.countries) {
    if (c.iso2 && /^[a-z]{2}$/i.test(c.iso2)) countryAliases.set(c.iso2.toLowerCase(), c.id);
  }
  for (const c of input.countries) {
    const slug = slugify(c.name);
    if (slug && !countryAliases.has(slug)) countryAliases.set(slug, c.id);
  }

  const byLevel: Record<ProductLevel, Map<string, ProductRef>> = { section: new Map(), hs2: new Map(), hs4: new Map(), hs6: new Map() };
  const slugs = new Map<string, ProductRef>();
  const add = (level: ProductLevel, id: string, section: string, name: string) => {
    const ref: ProductRef = { level, code: id, section };
    byLevel[level].set(id, ref);
    const slug = slugify(name);
    if (slug && !slugs.has(slug)) slugs.set(slug, ref);
  };
  for (const s of input.sections) add("section", s.id, s.id, s.name);
  for (const h of input.hs2) add("hs2", h.id, h.section, h.name);
  for (const h of input.hs4) add("hs4", h.id, h.section, h.name);
  for (const h of input.hs6 ?? []) add("hs6", h.id, h.section, h.name);

  const withSection = (level: ProductLevel, code: string, section: string): ProductRef | null => {
    const ref = byLevel[level].get(code);
    return ref && ref.section === section ? ref : null;
  };

  function product(token: string): ProductRef | null {
    const t = token.trim().toLowerCase();
    const explicit = /^hs(\d{2}|\d{4}|\d{6})$/.exec(t);
    if (explicit) return byLevel[explicit[1].length === 2 ? "hs2" : explicit[1].length === 4 ? "hs4" : "hs6"].get(explicit[1]) ?? null;
    if (/^\d+$/.test(t)) {
      switch (t.length) {
        case 1:
          return byLevel.section.get(t) ?? null;
        case 2:
          // "10" is section 10; an HS chapter with the same digits is written "hs10" or "1010".
          return (t[0] !== "0" ? byLevel.section.get(t) : undefined) ?? byLevel.hs2.get(t) ?? null;
        case 3:
          return withSection("hs2", t.slice(1), t[0]);
        case 4:
          return byLevel.hs4.get(t) ?? withSection("hs2", t.slice(2), t.slice(0, 2));
        case 5:
          return withSection("hs4", t.slice(1), t[0]);
        case 6:
          // Section 10-21 and an HS4 heading, else a plain HS6 code ("260300").
          return withSection("hs4", t.slice(2), t.slice(0, 2)) ?? byLevel.hs6.get(t) ?? null;
        case 7:
          return withSection("hs6", t.slice(1), t[0]);
        case 8:
          return withSection("hs6", t.slice(2), t.slice(0, 2));
        default:
          return null;
      }
    }
    return slugs.get(t) ?? null;
  }

  function country(token: string): string | null {
    const t = token.trim().toLowerCase();
    if (countries.has(t)) return t;
    return countryAliases.get(t) ?? null;
  }

  return { country, product, coverage: input.coverage };
}
