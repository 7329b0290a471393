/**
 * The /profile/... URL codec (spec section 2: "profile", then alternating entity-type and member
 * segments). Parses, validates and canonicalises: ISO codes, HS codes, OEC section-prefixed
 * product ids, names and slugs all resolve to one canonical path; anything else is not found.
 *
 * Continents have a route family of their own, /continent/{id}: their ids ("sa", "af", "as",
 * "na") are also ISO 3166 alpha-2 codes of countries (Saudi Arabia, Afghanistan, American Samoa,
 * Namibia), so /country/sa is Saudi Arabia and South America is /continent/sa. An old continent
 * link by name (/country/south-america) redirects to the continent route.
 */
import { countryOfReport, SUBNATIONAL_PREFIX } from "@/domain/subnational/config";
import { isUnspecifiedProduct } from "@/domain/catalog/unspecified";

export type ProductKind = "section" | "hs2" | "hs4" | "hs6";

export interface ProductRef {
  kind: ProductKind;
  id: string;
}

export type ProfileTarget =
  | { report: "country"; kind: "country" | "continent"; id: string }
  | { report: "world"; id: "wld" }
  | { report: "hs"; product: ProductRef }
  | { report: "bilateral-country"; reporter: string; partner: string }
  | { report: "bilateral-product"; product: ProductRef; reporter: string }
  | { report: "subnational_esp"; id: string }
  /**
   * A member of a subnational level (domain/subnational/config.ts): /subnational_{country}/{level}/{id}.
   * Spanish provinces keep their first, shorter form (/subnational_esp/28, the target above);
   * /subnational_esp/provinces/28 redirects there.
   */
  | { report: "subnational"; country: string; level: string; id: string }
  | { report: "international_organization"; id: string };

/** What the codec needs to know about members; the server answers from the warehouse. */
export interface MemberLookup {
  /**
   * An id, code or name slug of a country (first) or else of a continent -> its canonical member.
   * A token that is both (a continent id that is also an ISO2 code, "sa") is the country.
   */
  geography(token: string): { kind: "country" | "continent"; id: string } | null;
  /** A continent's id or name slug -> its canonical id (continent ids only: never a country's code). */
  continent(token: string): string | null;
  /** A canonical product code (section as "section-N") or name slug -> the product. */
  product(token: string): ProductRef | null;
  province(token: string): string | null;
  /** A member id, code or name slug of a subnational level -> its canonical id. */
  subnational?(country: string, level: string, token: string): string | null;
  organization(token: string): string | null;
  /** The section code of a product (for section-prefixed ids). */
  sectionOf(product: ProductRef): string | null;
}

export type ParseResult = { kind: "ok"; target: ProfileTarget } | { kind: "redirect"; path: string } | { kind: "not-found" };

export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

/** The URL segment of a product: sections are "section-5", so "10" is never read as HS2 "10". */
export function productSegment(product: ProductRef): string {
  return product.kind === "section" ? `section-${product.id}` : product.id;
}

export function buildProfilePath(target: ProfileTarget): string {
  switch (target.report) {
    case "country":
      return target.kind === "continent" ? `/continent/${target.id}` : `/country/${target.id}`;
    case "world":
      return "/world/wld";
    case "hs":
      return `/hs/${productSegment(target.product)}`;
    case "bilateral-country":
      return `/bilateral-country/${target.reporter}/partner/${target.partner}`;
    case "bilateral-product":
      return `/bilateral-product/${productSegment(target.product)}/reporter/${target.reporter}`;
    case "subnational_esp":
      return `/subnational_esp/${target.id}`;
    case "subnational":
      return subnationalMemberPath(target.country, target.level, target.id);
    case "international_organization":
      return `/international_organization/${target.id}`;
  }
}

/** Path of a subnational member (Spanish provinces in their short form); "" as id gives the prefix of its members. */
export function subnationalMemberPath(country: string, level: string, id: string): string {
  if (country === "esp" && level === "provinces") return `/subnational_esp/${encodeURIComponent(id)}`;
  return `/${SUBNATIONAL_PREFIX}${country}/${level}/${encodeURIComponent(id)}`;
}

/**
 * OEC product ids put the section number before the HS code ("52603" is 2603 in section 5,
 * "178703" is 8703 in section 17). Returns the HS code when the digits read that way.
 */
export function sectionPrefixedProduct(token: string, lookup: MemberLookup): ProductRef | null {
  if (!/^\d{3,8}$/.test(token)) return null;
  for (const prefix of [1, 2]) {
    const section = token.slice(0, prefix);
    const code = token.slice(prefix);
    // "999999" is an HS6 code of unclassified trade, not section 99 + 9999 ("Unspecified").
    if (![2, 4, 6].includes(code.length) || section.startsWith("0") || isUnspecifiedProduct(code)) continue;
    const product = lookup.product(code);
    if (product && product.kind !== "section" && lookup.sectionOf(product) === section) return product;
  }
  return null;
}

function resolveProduct(token: string, lookup: MemberLookup): ProductRef | null {
  const lower = token.toLowerCase();
  return lookup.product(lower) ?? sectionPrefixedProduct(lower, lookup) ?? lookup.product(slugify(token));
}

function resolveGeography(token: string, lookup: MemberLookup) {
  return lookup.geography(token.toLowerCase()) ?? lookup.geography(slugify(token));
}

/** A country only: a continent's id or name never stands for a reporter or partner. */
function resolveCountry(token: string, lookup: MemberLookup): string | null {
  const geo = resolveGeography(token, lookup);
  return geo?.kind === "country" ? geo.id : null;
}

function resolveContinent(token: string, lookup: MemberLookup): string | null {
  return lookup.continent(token.toLowerCase()) ?? lookup.continent(slugify(token));
}

export function parseProfilePath(segments: string[], lookup: MemberLookup): ParseResult {
  const decoded = segments.map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return "\u0000";
    }
  });
  if (decoded.some((s) => s.length === 0 || s.length > 120 || s.includes("\u0000"))) return { kind: "not-found" };
  const [type, a, keyword, b, ...rest] = decoded;
  if (rest.length > 0) return { kind: "not-found" };
  let target: ProfileTarget | null = null;
  const subnational = countryOfReport(type?.toLowerCase() ?? "");
  if (subnational && a && keyword && !b) {
    // /subnational_{country}/{level}/{member}
    const level = subnational.geoLevels.find((l) => l.slug === a.toLowerCase());
    if (!level) return { kind: "not-found" };
    if (subnational.code === "esp" && level.slug === "provinces") {
      const id = lookup.province(keyword.toLowerCase()) ?? lookup.province(slugify(keyword));
      if (id) target = { report: "subnational_esp", id };
    } else {
      const id = lookup.subnational?.(subnational.code, level.slug, keyword) ?? lookup.subnational?.(subnational.code, level.slug, slugify(keyword)) ?? null;
      if (id) target = { report: "subnational", country: subnational.code, level: level.slug, id };
    }
    if (!target) return { kind: "not-found" };
    const canonical = buildProfilePath(target);
    return canonical === `/${segments.join("/")}` ? { kind: "ok", target } : { kind: "redirect", path: canonical };
  }
  switch (type) {
    case "country": {
      // A country's id, code or name; a continent's name (an old link) redirects to /continent/.
      if (!a || keyword) break;
      const geo = resolveGeography(a, lookup);
      if (geo) target = { report: "country", kind: geo.kind, id: geo.id };
      break;
    }
    case "continent": {
      // No member: the geography landing (/country lists continents and countries).
      if (!a) return { kind: "redirect", path: "/country" };
      if (keyword) break;
      const id = resolveContinent(a, lookup);
      if (id) target = { report: "country", kind: "continent", id };
      break;
    }
    case "world":
      if (!keyword && (!a || a.toLowerCase() === "wld" || a.toLowerCase() === "world")) target = { report: "world", id: "wld" };
      break;
    case "hs": {
      if (!a || keyword) break;
      const product = resolveProduct(a, lookup);
      if (product) target = { report: "hs", product };
      break;
    }
    case "bilateral-country": {
      if (!a || !b || keyword !== "partner") break;
      const reporter = resolveCountry(a, lookup);
      const partner = resolveCountry(b, lookup);
      if (reporter && partner && reporter !== partner) target = { report: "bilateral-country", reporter, partner };
      break;
    }
    case "bilateral-product": {
      if (!a || !b || keyword !== "reporter") break;
      const product = resolveProduct(a, lookup);
      const reporter = resolveCountry(b, lookup);
      if (product && reporter) target = { report: "bilateral-product", product, reporter };
      break;
    }
    case "subnational_esp": {
      if (!a || keyword) break;
      const id = lookup.province(a.toLowerCase()) ?? lookup.province(slugify(a));
      if (id) target = { report: "subnational_esp", id };
      break;
    }
    case "international_organization": {
      if (!a || keyword) break;
      const id = lookup.organization(a.toLowerCase()) ?? lookup.organization(slugify(a));
      if (id) target = { report: "international_organization", id };
      break;
    }
  }
  if (!target) return { kind: "not-found" };
  const canonical = buildProfilePath(target);
  return canonical === `/${segments.join("/")}` ? { kind: "ok", target } : { kind: "redirect", path: canonical };
}

