/** Spec section 3: entities and their fields. */
import { describe, expect } from "vitest";
import type { SessionUser } from "@/domain/auth/user";
import { DIMENSION_PALETTES, FLOW_COLORS } from "@/domain/charts/presentation";
import { parseConsent } from "@/domain/consent/consent";
import { GUEST_HISTORY_KEY, historyKey } from "@/domain/consent/storageKeys";
import { tileMember } from "@/domain/explorer/tileMember";
import type { ProfileResult, ReportMetadata, SearchResponse } from "@/domain/explorer/types";
import { combinedVariants } from "@/domain/explorer/variants";
import { addVisit, HISTORY_CAP, type HistoryEntry } from "@/domain/history/history";
import { LOCALE_TAGS } from "@/domain/i18n/locales";
import { memberIcon } from "@/domain/charts/presentation";
import { ALL_SUBNATIONAL_COUNTRIES, SUBNATIONAL_COUNTRIES, SUBNATIONAL_CUBES, type GeoLevel, type SubnationalCountry } from "@/domain/subnational/config";
import { COOKIE_CATALOGUE, COOKIE_CATEGORIES } from "@/features/consent/catalogue";
import { memberImageUrl } from "@/features/explorer/images";
import { requirement } from "./requirements";
import { LOCALE_LIST, message, source, spec } from "./support";

const report: ReportMetadata = {
  id: 5,
  name: "Product in Country",
  slug: "bilateral-product",
  dimensions: [
    { name: "Product", variants: [{ id: 7, name: "Section", ordering: 1, members_count: 21 }, { id: 9, name: "HS4", ordering: 3, members_count: 1200 }] },
    { name: "Country", variants: [{ id: 3, name: "Country", ordering: 2, members_count: 200 }] },
  ],
};

describe("3. Entities and their fields", () => {
  spec("s3.metadata", () => {
    const variant = report.dimensions[0].variants[0];
    expect(Object.keys(report).filter((k) => k !== "slug").sort()).toEqual(["dimensions", "id", "name"]);
    expect(Object.keys(report.dimensions[0]).sort()).toEqual(["name", "variants"]);
    expect(Object.keys(variant).sort()).toEqual(["id", "members_count", "name", "ordering"]);
  });

  spec("s3.result", () => {
    const result: ProfileResult = {
      id: "hs:hs4:52601",
      path: "/hs/iron-ore-52601",
      report: { id: 3, name: "Product" },
      members: [{ id: "hs4:52601", name: "Iron Ore", metadata: { id: 9, dimension: { id: 3, name: "Product" }, variant: { id: 9, name: "HS4" } } }],
    };
    expect(Object.keys(result).sort()).toEqual(["id", "members", "path", "report"]);
    expect(Object.keys(result.members[0].metadata).sort()).toEqual(["dimension", "id", "variant"]);
  });

  spec("s3.meta", () => {
    const response: SearchResponse = { results: [], meta: { variantCount: { "9,3": 12 }, total: 0 } };
    expect(response.meta.variantCount["9,3"]).toBe(12);
  });

  spec("s3.member-image", () => {
    const url = new URL(memberImageUrl({ id: "country:chl", name: "Chile", metadata: { id: 3, dimension: { id: 1, name: "" }, variant: { id: 3, name: "" } } }), "http://x");
    expect(url.pathname).toBe("/api/cms/member-image");
    expect(Object.fromEntries(url.searchParams)).toEqual({ member: "country:chl", size: "thumb" });
    expect(memberIcon("country", "chl")).toBe("/api/cms/member-image?member=country%3Achl&size=thumb");
  });

  spec("s3.combined", () => {
    const entries = combinedVariants(report, "All");
    expect(entries.slice(1)).toEqual([
      { id: "7,3", name: "Section / Country", ordering: 3, members_count: 21 * 200 },
      { id: "9,3", name: "HS4 / Country", ordering: 5, members_count: 1200 * 200 },
    ]);
  });

  spec("s3.all-entry", () => {
    const [all] = combinedVariants(report, "All");
    expect(all.id).toBeUndefined();
    expect(all).toMatchObject({ name: "All", members_count: 21 * 200 + 1200 * 200 });
  });

  spec("s3.tile-member", () => {
    const member = tileMember({ id: "hs4:52601", name: "Iron Ore", metadata: { id: 9, dimension: { id: 3, name: "Product" }, variant: { id: 9, name: "HS4" } } }, "hs", "/img.svg");
    expect(Object.keys(member).sort()).toEqual(["dimension_id", "extraBadge", "fallbackImage", "icon", "id", "image", "name", "original_id", "subtitle", "title", "variant", "variant_id"].sort());
    expect(member).toMatchObject({ id: "hs4:52601", name: "Iron Ore", title: "Iron Ore", image: { src: "/img.svg" }, variant_id: 9, variant: "HS4", original_id: "52601", dimension_id: 3, extraBadge: null, subtitle: "2601" });
    expect(member.icon).toMatchObject({ alt: "Product", height: 18 });
    expect(member.icon.src).toMatch(/^data:image\/svg\+xml/);
    expect(member.fallbackImage).toMatch(/^data:image\/svg\+xml/);
    // An unknown kind falls back to the X icon, never a broken image.
    const odd = tileMember({ id: "zzz", name: "?", metadata: { id: 0, dimension: { id: 0, name: "" }, variant: { id: 0, name: "" } } }, "", "/x");
    expect(decodeURIComponent(odd.fallbackImage)).toContain("M6 6l12 12M18 6L6 18");
  });

  spec("s3.user", () => {
    const user: SessionUser = { id: "7", name: "Ana", email: "ana@example.org", role: 10, isAcademic: false, sso_logo: null, bespoke_user_metadata: { consent: { checked: true, functional: true, tracking: false } } };
    expect(Object.keys(user).sort()).toEqual(["bespoke_user_metadata", "email", "id", "isAcademic", "name", "role", "sso_logo"]);
    expect(typeof user.role).toBe("number");
  });

  spec("s3.consent", () => {
    expect(parseConsent({ checked: true, functional: false, tracking: true })).toEqual({ checked: true, functional: false, tracking: true });
    expect(parseConsent({ checked: "yes", functional: false, tracking: true })).toBeNull();
    expect(parseConsent({ checked: true, functional: false })).toBeNull();
  });

  spec("s3.session", () => {
    // next-auth 4's client: the status values and the update operation posting csrfToken and data.
    const client = source("node_modules/next-auth/react/index.js");
    for (const status of ['"loading"', '"authenticated"', '"unauthenticated"']) expect(client).toContain(status);
    expect(client).toMatch(/csrfToken: await getCsrfToken\(\)|csrfToken:/);
  });

  spec("s3.providers", () => {
    const client = source("node_modules/next-auth/react/index.js");
    expect(client).toContain('providers[provider].type === "credentials"');
    expect(client).toContain('providers[provider].type === "email"');
    for (const field of ["error:", "status:", "ok:", "url:"]) expect(client).toContain(field);
    const options = source("src/server/auth/options.ts");
    expect(options).toMatch(/Credentials/);
    expect(options).toMatch(/Email/);
  });

  spec("s3.cookie-entry", () => {
    expect([...COOKIE_CATEGORIES].sort()).toEqual(["functional", "necessary", "tracking"]);
    for (const category of COOKIE_CATEGORIES) {
      for (const entry of COOKIE_CATALOGUE[category]) {
        expect(entry.cookie).toBeTruthy();
        expect(entry.duration.kind).toMatch(/^(session|never|period)$/);
        for (const l of LOCALE_LIST) expect(message(l, `consent.catalogue.${entry.id}`), `${l} consent.catalogue.${entry.id}`).toBeTruthy();
      }
    }
  });

  spec("s3.locale-info", () => {
    expect(LOCALE_TAGS).toEqual({ en: "en", es: "es", zh: "zh-Hans" });
  });

  spec("s3.history", () => {
    const visit = (n: number): HistoryEntry => ({ link: `/profile/country/c${n}`, title: `C${n}`, time: n });
    let list: HistoryEntry[] = [];
    for (let n = 1; n <= 30; n++) list = addVisit(list, visit(n));
    list = addVisit(list, { ...visit(20), time: 99 });
    expect(HISTORY_CAP).toBe(25);
    expect(list).toHaveLength(25);
    expect(list[0].link).toBe("/profile/country/c20");
    expect(new Set(list.map((e) => e.link)).size).toBe(25);
    expect(historyKey(null)).toBe(GUEST_HISTORY_KEY);
    expect(historyKey("42")).not.toBe(GUEST_HISTORY_KEY);
  });

  spec("s3.chart-dimensions", () => {
    expect(Object.keys(FLOW_COLORS).sort()).toEqual(["1", "2", "3"]);
    expect(DIMENSION_PALETTES["Trade Flow"]).toEqual({ kind: "fixed", colors: FLOW_COLORS });
    expect(source("src/domain/visualize/flows.ts")).toContain('{ import: "1", export: "2" }');
  });

  spec("s3.chart-measures", () => {
    const registry = source("src/server/warehouse/registry/builders.ts");
    expect(registry).toContain('name: "Trade Value"');
    expect(registry).toMatch(/rca: true/);
  });

  spec("s3.subnational-entry", () => {
    const brazil: SubnationalCountry = SUBNATIONAL_COUNTRIES.find((c) => c.code === "bra")!;
    expect(brazil).toMatchObject({ name: "Brazil", code: "bra", available: true, dimension: "Subnat Geography", limit: 7000 });
    expect(brazil.cube).toBeTruthy();
    expect(brazil.geoLevels.length).toBeGreaterThan(0);
  });

  spec("s3.geolevel", () => {
    const levels: GeoLevel[] = ALL_SUBNATIONAL_COUNTRIES.flatMap((c) => [...c.geoLevels]);
    for (const l of levels) {
      expect(typeof l.name).toBe("string");
      expect(typeof l.level).toBe("number");
      expect(l.slug).toMatch(/^[a-z]+$/);
      expect(l.profileSlug).toMatch(/^subnational_[a-z]{3}$/);
    }
    expect(levels.some((l) => l.ignoreIdsList || l.ignoreIdsMap)).toBe(true);
  });

  spec("s3.cube-mapping", () => {
    for (const c of ALL_SUBNATIONAL_COUNTRIES) expect(SUBNATIONAL_CUBES[c.code]).toBe(c.cube);
  });

  spec("s3.subnational-list", () => {
    const line = requirementLine();
    const parsed = [...line.replace(/\.$/, "").matchAll(/([A-Z][A-Za-z ]+?) \(([^)]*)\)/g)].map(([, name, inside]) => ({
      name: name.trim() === "USA" ? "United States" : name.trim(),
      slugs: inside.replace(/^profile slug [a-z_]+; /, "").split(",").map((s) => s.trim()),
    }));
    expect(parsed).toHaveLength(19);
    for (const { name, slugs } of parsed) {
      const country = SUBNATIONAL_COUNTRIES.find((c) => c.name === name);
      expect(country, name).toBeDefined();
      expect(country!.geoLevels.map((l) => l.slug), name).toEqual(slugs);
    }
    expect(SUBNATIONAL_COUNTRIES.find((c) => c.code === "bra")!.geoLevels[0].profileSlug).toBe("subnational_bra");
    expect(SUBNATIONAL_COUNTRIES.find((c) => c.code === "usa")!.geoLevels[0].profileSlug).toBe("subnational_usa");
  });
});

/** The spec's list as the requirement quotes it (after its heading). */
function requirementLine(): string {
  return requirement("s3.subnational-list").quote.replace(/^[^:]*: /, "");
}
