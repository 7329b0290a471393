import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUS_STATE_GEO_IDS } from "./ausStates";
import {
  ALL_SUBNATIONAL_COUNTRIES,
  EXTRA_SUBNATIONAL_COUNTRIES,
  SUBNATIONAL_COUNTRIES,
  SUBNATIONAL_CUBES,
  countryOfReport,
  datasetOf,
  firstMappedLevel,
  geoLevel,
  mapConfigOf,
  normaliseRegionId,
} from "./config";

/** The spec's table (section 3), word for word: country (level slugs). */
const SPEC_LINE =
  "Brazil (profile slug subnational_bra; states, municipalities); Japan (regions, prefectures); Russia (districts, regions); Canada (provinces); Uruguay (corridors, departments); Germany (regions); USA (profile slug subnational_usa; states, districts, ports); Turkey (provinces); Spain (autonomous, provinces); South Africa (ports); China (provinces); France (regions, departments); Bolivia (departments); Ecuador (ports); United Kingdom (ports); Saudi Arabia (ports); Chile (regions, comunas); Italy (macroregions, regions, provinces); Portugal (regions, communities, municipalities).";
const SPEC_UNAVAILABLE = "Uruguay, Turkey, France, Bolivia, Ecuador, Saudi Arabia";
const SPEC_FILE = path.resolve(__dirname, "../../../../shared/spec/product-spec.md");

function parseSpecLine(line: string): { name: string; slugs: string[] }[] {
  return [...line.replace(/\.$/, "").matchAll(/([A-Z][A-Za-z ]+?) \(([^)]*)\)/g)].map(([, name, inside]) => ({
    name: name.trim(),
    slugs: inside.replace(/^profile slug [a-z_]+; /, "").split(",").map((s) => s.trim()),
  }));
}

const SPEC_NAMES: Record<string, string> = { USA: "United States" };

describe("subnational configuration", () => {
  it("quotes the spec exactly (when the spec is beside the project)", () => {
    if (!fs.existsSync(SPEC_FILE)) return;
    const spec = fs.readFileSync(SPEC_FILE, "utf8");
    expect(spec).toContain(`Subnational countries and their level slugs (used as URL segments): ${SPEC_LINE}`);
    expect(spec).toContain(`unavailable are ${SPEC_UNAVAILABLE}; all others available.`);
  });

  it("lists the spec's nineteen countries, in its order, with its level slugs in order", () => {
    const table = parseSpecLine(SPEC_LINE);
    expect(table).toHaveLength(19);
    expect(SUBNATIONAL_COUNTRIES.map((c) => c.name)).toEqual(table.map((t) => SPEC_NAMES[t.name] ?? t.name));
    for (const [i, row] of table.entries()) {
      const country = SUBNATIONAL_COUNTRIES[i];
      expect(country.geoLevels.map((l) => l.slug), country.name).toEqual(row.slugs);
      expect(country.geoLevels.map((l) => l.level), country.name).toEqual(row.slugs.map((_, k) => k + 1));
    }
  });

  it("marks exactly the spec's unavailable countries as unavailable", () => {
    const unavailable = SPEC_UNAVAILABLE.split(", ");
    for (const country of SUBNATIONAL_COUNTRIES) expect(country.available, country.name).toBe(!unavailable.includes(country.name));
  });

  it("uses the spec's profile slugs and limits Brazil to 7000 members", () => {
    expect(countryOfReport("subnational_bra")?.limit).toBe(7000);
    expect(SUBNATIONAL_COUNTRIES.filter((c) => c.limit !== undefined).map((c) => c.code)).toEqual(["bra"]);
    for (const country of ALL_SUBNATIONAL_COUNTRIES) {
      expect(country.code).toMatch(/^[a-z]{3}$/);
      expect(country.dimension).toBe("Subnat Geography");
      for (const l of country.geoLevels) expect(l.profileSlug).toBe(`subnational_${country.code}`);
    }
    expect(new Set(ALL_SUBNATIONAL_COUNTRIES.map((c) => c.code)).size).toBe(ALL_SUBNATIONAL_COUNTRIES.length);
  });

  it("maps every code to a cube and projects with Miller unless a level says otherwise", () => {
    for (const country of ALL_SUBNATIONAL_COUNTRIES) expect(SUBNATIONAL_CUBES[country.code]).toBe(country.cube);
    const levels = ALL_SUBNATIONAL_COUNTRIES.flatMap((c) => c.geoLevels);
    expect(levels.every((l) => mapConfigOf(l).projection === "miller" || mapConfigOf(l).projection === "miller-canaries")).toBe(true);
    // Spain's maps carry the Canary Islands in an inset, so the peninsula keeps the card.
    expect(mapConfigOf(geoLevel("esp", "provinces")!).projection).toBe("miller-canaries");
    expect(mapConfigOf(geoLevel("esp", "autonomous")!).projection).toBe("miller-canaries");
    expect(mapConfigOf(geoLevel("bra", "states")!)).toEqual({ projection: "miller", rotation: 0 });
    expect(mapConfigOf(geoLevel("rus", "regions")!).rotation).toBe(100);
  });

  it("keeps each level to one of ignoreIdsList or ignoreIdsMap", () => {
    for (const l of ALL_SUBNATIONAL_COUNTRIES.flatMap((c) => c.geoLevels)) expect(Boolean(l.ignoreIdsList && l.ignoreIdsMap), l.slug).toBe(false);
  });

  it("flags the entries beyond the spec", () => {
    expect(EXTRA_SUBNATIONAL_COUNTRIES.map((c) => c.code)).toEqual(["mex", "aus"]);
    expect(EXTRA_SUBNATIONAL_COUNTRIES.every((c) => c.extra?.reason)).toBe(true);
    expect(SUBNATIONAL_COUNTRIES.some((c) => c.extra)).toBe(false);
  });

  it("points every level with geometry at a file of the package's map index", () => {
    const index = path.resolve(__dirname, "../../../../shared/data/geo/index.csv");
    const files = fs.existsSync(index) ? new Set(fs.readFileSync(index, "utf8").split("\n").map((l) => l.split(",")[0].replace(/^geo\//, ""))) : null;
    for (const country of ALL_SUBNATIONAL_COUNTRIES) {
      for (const l of country.geoLevels) {
        if (!l.geometry) continue;
        expect(l.geometry.file).toMatch(new RegExp(`^${country.code}_${l.slug}\\.(topojson|geojson)$`));
        if (files) expect(files.has(l.geometry.file), l.geometry.file).toBe(true);
      }
    }
    expect(firstMappedLevel(countryOfReport("subnational_ita")!)?.slug).toBe("regions");
    expect(firstMappedLevel(countryOfReport("subnational_prt")!)).toBeUndefined();
  });

  it("maps Australia's map ids to the ABS state codes the data uses", () => {
    const memberIds = geoLevel("aus", "states")!.geometry!.memberIds!;
    expect(Object.fromEntries(Object.entries(memberIds).map(([geo, code]) => [code, geo]))).toEqual(AUS_STATE_GEO_IDS);
  });

  it("names datasets and compares ids as the level stores them", () => {
    expect(datasetOf("bra", "states")).toBe("bra_states");
    expect(normaliseRegionId("05", "integer")).toBe("5");
    expect(normaliseRegionId("05", "string")).toBe("05");
    expect(normaliseRegionId("AU.NS", "integer")).toBe("AU.NS");
    expect(countryOfReport("subnational_xyz")).toBeUndefined();
    expect(countryOfReport("country")).toBeUndefined();
  });
});
