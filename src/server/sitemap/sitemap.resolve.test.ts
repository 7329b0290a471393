/**
 * Every profile the sitemap lists resolves to the member it names, on the package warehouse: all
 * country and continent profiles, and 200 of the others drawn with a fixed seed. A URL resolves
 * when the profile codec reads it as canonical (no redirect, not a 404) and the page's title
 * (profileTitle, as the page writes it) is that member's name. Also: continents and countries whose
 * ids collide ("sa" South America / Saudi Arabia) each keep their own page, every reporter of the
 * trade data has a profile and a search entry (Taiwan, only in the 2019 Atlas year), and country
 * codes without a profile (Romania's legacy "rom") still get an image.
 * Skipped when the warehouse is absent (npm test imports it before the unit tests).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";

process.env.WAREHOUSE_PATH = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");
const present = fs.existsSync(process.env.WAREHOUSE_PATH);

const { sitemapFile, sitemapIndex } = await import("./sitemap");
const { memberLookup } = await import("@/server/profiles/lookup");
const { profileTitle } = await import("@/server/profiles/titles");
const { buildProfilePath, parseProfilePath } = await import("@/domain/profiles/path");
const { handleMemberImage, handleSearch } = await import("@/server/search/api");
const { closeWarehouse, withWarehouse } = await import("@/server/warehouse/db");
const { resetProfileIndex } = await import("@/server/search/build");

type Index = Awaited<ReturnType<typeof memberLookup>>["index"];
type Lookup = Awaited<ReturnType<typeof memberLookup>>["lookup"];

/** A small seeded generator (mulberry32): the same sample on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function text(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return response.text();
}

/** Profile paths (without locale and "/profile") of the English URLs of every profiles-N.xml the index lists. */
async function sitemapProfilePaths(): Promise<string[]> {
  const index = await text(await sitemapIndex());
  const files = [...index.matchAll(/<loc>[^<]*\/sitemaps\/(profiles-\d+\.xml)<\/loc>/g)].map((m) => m[1]);
  const paths: string[] = [];
  for (const file of files) {
    const xml = await text(await sitemapFile(file));
    for (const m of xml.matchAll(/<loc>https?:\/\/[^/<]+\/en\/profile(\/[^<]*)<\/loc>/g)) paths.push(m[1].replace(/&amp;/g, "&"));
  }
  return paths;
}

let index: Index;
let lookup: Lookup;
let paths: string[];

describe.skipIf(!present)("the sitemap's profiles resolve to the members they name (package warehouse)", () => {
  beforeAll(async () => {
    resetProfileIndex();
    ({ index, lookup } = await memberLookup());
    paths = await sitemapProfilePaths();
  });
  afterAll(() => {
    resetProfileIndex();
    closeWarehouse();
  });

  /** The codec reads the path as canonical; the target and its title. */
  function resolve(p: string) {
    const result = parseProfilePath(p.split("/").slice(1), lookup);
    expect(result, p).toMatchObject({ kind: "ok" });
    if (result.kind !== "ok") throw new Error(`${p} does not resolve`);
    expect(buildProfilePath(result.target), p).toBe(p);
    return { target: result.target, title: profileTitle(result.target, index, "en") };
  }

  it("lists every country and continent once, each at its own route", () => {
    expect(paths.length).toBe(index.allProfilePaths().length);
    const countries = paths.filter((p) => p.startsWith("/country/"));
    const continents = paths.filter((p) => p.startsWith("/continent/"));
    expect(countries.map((p) => p.slice("/country/".length)).sort()).toEqual(index.entitiesOf(["country"]).map((e) => e.id).sort());
    expect(continents.map((p) => p.slice("/continent/".length)).sort()).toEqual(index.entitiesOf(["continent"]).map((e) => e.id).sort());
    expect(continents.sort()).toEqual(["/continent/af", "/continent/as", "/continent/eu", "/continent/na", "/continent/oc", "/continent/sa"]);
    // No continent at a country URL: /country/sa would be Saudi Arabia.
    for (const id of ["sa", "af", "as", "na", "eu", "oc"]) expect(countries).not.toContain(`/country/${id}`);
  });

  it("resolves every country and continent URL to the member it names", () => {
    let checked = 0;
    for (const p of paths) {
      const [, type, id] = p.split("/");
      if (type !== "country" && type !== "continent") continue;
      const { target, title } = resolve(p);
      expect(target, p).toEqual({ report: "country", kind: type, id });
      expect(title, p).toBe(index.entity(type, id)!.names.en);
      checked++;
    }
    expect(checked).toBeGreaterThan(200);
    expect(resolve("/continent/sa").title).toBe("South America");
    expect(resolve("/country/sau").title).toBe("Saudi Arabia");
    expect(resolve("/continent/af").title).toBe("Africa");
    expect(resolve("/country/afg").title).toBe("Afghanistan");
    expect(resolve("/continent/na").title).toBe("North America");
    expect(resolve("/country/nam").title).toBe("Namibia");
  });

  it("keeps the old ambiguous URLs sensible: /country/{iso2} is the country, a continent's name goes to its route", () => {
    const parse = (p: string) => parseProfilePath(p.split("/").slice(1), lookup);
    expect(parse("/country/sa")).toEqual({ kind: "redirect", path: "/country/sau" });
    expect(parse("/country/af")).toEqual({ kind: "redirect", path: "/country/afg" });
    expect(parse("/country/as")).toEqual({ kind: "redirect", path: "/country/asm" });
    expect(parse("/country/na")).toEqual({ kind: "redirect", path: "/country/nam" });
    expect(parse("/country/south-america")).toEqual({ kind: "redirect", path: "/continent/sa" });
    expect(parse("/country/eu")).toEqual({ kind: "redirect", path: "/continent/eu" });
    expect(parse("/continent/South%20America")).toEqual({ kind: "redirect", path: "/continent/sa" });
    // A legacy code redirects to its country.
    expect(parse("/country/rom")).toEqual({ kind: "redirect", path: "/country/rou" });
  });

  it("resolves a seeded sample of 200 other profiles to the members they name", () => {
    const others = paths.filter((p) => !p.startsWith("/country/") && !p.startsWith("/continent/"));
    expect(others.length).toBeGreaterThan(1000);
    const random = seeded(33);
    const sample = new Set<string>();
    while (sample.size < 200) sample.add(others[Math.floor(random() * others.length)]);
    const name = (kind: Parameters<Index["entity"]>[0], id: string) => index.entity(kind, id)?.names.en;
    for (const p of sample) {
      const { target, title } = resolve(p);
      const segments = p.split("/");
      switch (target.report) {
        case "hs":
          expect(title, p).toBe(name(target.product.kind, target.product.id));
          break;
        case "bilateral-country":
          expect([target.reporter, target.partner], p).toEqual([segments[2], segments[4]]);
          expect(title, p).toBe(`${name("country", target.reporter)} – ${name("country", target.partner)}`);
          break;
        case "bilateral-product":
          expect(target.reporter, p).toBe(segments[4]);
          expect(title, p).toBe(`${name(target.product.kind, target.product.id)} · ${name("country", target.reporter)}`);
          break;
        case "subnational_esp":
          expect(title, p).toBe(name("province", target.id));
          break;
        case "subnational":
          expect(title, p).toBe(name("subnational", `${target.country}/${target.level}/${target.id}`));
          break;
        case "international_organization":
          expect(title, p).toBe(name("organization", target.id));
          break;
        case "world":
          expect(title, p).toBe("World");
          break;
        default:
          throw new Error(`${p}: unexpected ${target.report}`);
      }
      expect(title, p).toBeTruthy();
    }
  });

  it("gives every reporter of the trade data a profile (Taiwan: the 2019 Atlas year only)", async () => {
    // Straight from the fact tables, not through the index builder's own queries.
    const reporters = await withWarehouse(async ({ query, hasTable }) => {
      const parts: string[] = [];
      if (await hasTable("fact_ots_sections_by_exporter")) parts.push("SELECT exporter AS id FROM fact_ots_sections_by_exporter WHERE trade_value > 0");
      for (const table of ["fact_ots_hs4", "fact_atlas_hs4"]) if (await hasTable(table)) parts.push(`SELECT country AS id FROM ${table} WHERE flow = 2 AND trade_value > 0`);
      const rows = await query(`SELECT DISTINCT r.id FROM (${parts.join(" UNION ALL ")}) r JOIN dim_countries c ON c.id = r.id WHERE c.alias_of IS NULL ORDER BY 1`);
      return rows.map((r) => String(r.id));
    });
    expect(reporters).toContain("twn");
    const missing = reporters.filter((id) => !index.entity("country", id));
    expect(missing).toEqual([]);
    expect(resolve("/country/twn").title).toBe("Taiwan");
    expect(paths).toContain("/country/twn");
  });

  it("finds Taiwan by name and by code in search", async () => {
    for (const query of ["Taiwan", "twn", "Taiwán"]) {
      const response = await handleSearch(new Request(`http://localhost/api/cms/search/reports?query=${encodeURIComponent(query)}&locale=en&limit=5`));
      const body = (await response.json()) as { results: { path: string }[] };
      expect(body.results[0]?.path, query).toBe("/country/twn");
    }
    const continent = await handleSearch(new Request("http://localhost/api/cms/search/reports?query=South%20America&locale=en&limit=5"));
    expect(((await continent.json()) as { results: { path: string }[] }).results[0]?.path).toBe("/continent/sa");
  });

  it("answers an image for Taiwan, a legacy code and a country without a flag icon; 404 for an unknown code", async () => {
    const image = (member: string) => handleMemberImage(new Request(`http://localhost/api/cms/member-image?member=${member}&size=thumb`));
    const flag = (iso2: string) => fs.readFileSync(path.join(PROJECT_ROOT, "node_modules", "flag-icons", "flags", "4x3", `${iso2}.svg`), "utf8");
    for (const [member, body] of [
      ["country:twn", flag("tw")],
      ["country:rom", flag("ro")],
      ["country:rou", flag("ro")],
    ] as const) {
      const response = await image(member);
      expect(response.status, member).toBe(200);
      expect(response.headers.get("content-type"), member).toMatch(/^image\/svg\+xml/);
      expect(await response.text(), member).toBe(body);
    }
    // A former country (no flag in flag-icons, no profile): its code on a neutral tile.
    const former = await image("country:sun");
    expect(former.status).toBe(200);
    expect(former.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await former.text()).toContain(">SUN</text>");
    expect((await image("country:zzz")).status).toBe(404);
    const continent = await image("continent:sa");
    expect(continent.status).toBe(200);
    expect(await continent.text()).toContain("<svg");
  });
});
