import "server-only";
import type { MemberLookup, ProductRef } from "@/domain/profiles/path";
import { slugify } from "@/domain/profiles/path";
import { profileIndex } from "@/server/search/build";
import type { Entity, ProfileIndex } from "@/server/search/engine";

const cache = new WeakMap<ProfileIndex, MemberLookup>();

/** An entity's id and codes (exact, they win over any name), then its name and alias slugs. */
function keysOf(entity: Entity): { codes: string[]; names: string[] } {
  const names = [...Object.values(entity.names), ...(entity.aliases ?? [])].map(slugify).filter(Boolean);
  return { codes: [entity.id.toLowerCase(), ...(entity.codes ?? []).map((c) => c.toLowerCase())], names };
}

/**
 * Member lookups for the profile URL codec, built once per index from the warehouse's members.
 * Countries and continents sit in maps of their own: continent ids ("sa", "af", "as", "na") are
 * also ISO2 codes of countries, and /country/sa (Saudi Arabia) and /continent/sa (South America)
 * must each find their own member.
 */
export function buildLookup(index: ProfileIndex): MemberLookup {
  const cached = cache.get(index);
  if (cached) return cached;
  const countries = new Map<string, string>();
  const continents = new Map<string, string>();
  const products = new Map<string, ProductRef>();
  const provinces = new Map<string, string>();
  const organizations = new Map<string, string>();
  const sections = new Map<string, string>();
  /** "{code}/{level}" -> member token -> member id (generically imported subnational levels). */
  const regions = new Map<string, Map<string, string>>();
  const put = <V>(map: Map<string, V>, keys: string[], value: V) => keys.forEach((k) => map.has(k) || map.set(k, value));
  const entities = index.entitiesOf(["country", "continent", "section", "hs2", "hs4", "hs6", "province", "organization", "subnational"]);
  // Two passes, ids and codes first, so that a name never shadows another member's code: first writer wins.
  for (const pass of ["codes", "names"] as const) {
    for (const e of entities) {
      const keys = keysOf(e)[pass];
      switch (e.kind) {
        case "country":
          put(countries, keys, e.id);
          break;
        case "continent":
          put(continents, keys, e.id);
          break;
        case "section":
        case "hs2":
        case "hs4":
        case "hs6":
          put(products, e.kind === "section" && pass === "codes" ? [`section-${e.id}`, ...keys.slice(1)] : keys, { kind: e.kind, id: e.id });
          if (e.image?.section) sections.set(`${e.kind}:${e.id}`, e.image.section);
          break;
        case "province":
          put(provinces, keys, e.id);
          break;
        case "organization":
          put(organizations, keys, e.id);
          break;
        case "subnational": {
          const [code, level, ...rest] = e.id.split("/");
          const member = rest.join("/");
          const key = `${code}/${level}`;
          let map = regions.get(key);
          if (!map) regions.set(key, (map = new Map()));
          put(map, pass === "codes" ? [member.toLowerCase(), ...keys.slice(1)] : keys, member);
          break;
        }
      }
    }
  }
  const lookup: MemberLookup = {
    geography: (t) => {
      const country = countries.get(t);
      if (country) return { kind: "country", id: country };
      const continent = continents.get(t);
      return continent ? { kind: "continent", id: continent } : null;
    },
    continent: (t) => continents.get(t) ?? null,
    product: (t) => products.get(t) ?? null,
    province: (t) => provinces.get(String(Number(t)) === t ? t : t.replace(/^0+(?=\d)/, "")) ?? provinces.get(t) ?? null,
    organization: (t) => organizations.get(t) ?? null,
    subnational: (country, level, t) => {
      const map = regions.get(`${country}/${level}`);
      if (!map) return null;
      const token = t.toLowerCase();
      return map.get(token) ?? map.get(token.replace(/^0+(?=\d)/, "")) ?? null;
    },
    sectionOf: (p) => sections.get(`${p.kind}:${p.id}`) ?? null,
  };
  cache.set(index, lookup);
  return lookup;
}

export async function memberLookup(): Promise<{ index: ProfileIndex; lookup: MemberLookup }> {
  const index = await profileIndex();
  return { index, lookup: buildLookup(index) };
}
