/**
 * A country (or continent) profile's loaders give the page the same result whether they read the
 * importer's per-entity summaries (server/profiles/summaries.ts) or ask the cubes as before (a
 * warehouse without summaries): both paths run in this file, the second with `summaryRows`
 * answering nothing, and their results are compared whole. On the tiny package (imported here),
 * and, when data/warehouse.duckdb holds summaries, on real data for a few countries and continents,
 * with every member's series, partners and sections checked against the cube's answer.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BACI_FIXTURE, PROJECT_ROOT, importTiny, tempDir } from "@/server/warehouse/__tests__/helpers";
import { query } from "@/server/etl/__tests__/query";

// The query log (what each path asked) is on for this file's process.
process.env.ENABLE_TEST_ROUTES = "1";

type Locale = "en" | "es" | "zh";
type Ref = { kind: "country" | "continent"; id: string };

/** The loaders, fresh, reading the summaries or (`summaries: false`) never: an older warehouse's path. */
async function loaders(summaries: boolean) {
  vi.resetModules();
  if (summaries) vi.doUnmock("@/server/profiles/summaries");
  else vi.doMock("@/server/profiles/summaries", () => ({ summaryRows: async () => null }));
  return {
    sources: await import("../sources"),
    country: await import("../country"),
    hero: await import("../countryHero"),
    comparison: await import("../comparison"),
    growth: await import("../countryGrowth"),
    context: await import("../countryContext"),
    log: await import("@/server/warehouse/queryLog"),
    db: await import("@/server/warehouse/db"),
  };
}
type Loaders = Awaited<ReturnType<typeof loaders>>;

/** Everything the profile's headline and sections receive from the loaders that may read summaries. */
async function profile(l: Loaders, ref: Ref, locale: Locale) {
  const sources = await l.sources.profileSources();
  const series = await l.country.loadCountryTradeSeries(ref, sources, locale);
  if (!series) return { series };
  const hero = await l.hero.loadCountryHero(ref, locale);
  const older = series.years[0];
  const olderSource = sources.sections.find((s) => s.year === older)!;
  const partners = await Promise.all(
    (["export", "import"] as const).flatMap((flow) => [
      l.country.loadCountryPartners(ref, series.latestSource, series.latest, flow, locale),
      // A year the summaries do not hold: the cube answers on both paths.
      l.country.loadCountryPartners(ref, olderSource, older, flow, locale),
    ]),
  );
  const sections = await Promise.all(sources.sections.slice(-3).map((s) => l.country.loadCountrySections(ref, s, s.year, locale)));
  return {
    series,
    hero,
    heroOlder: await l.hero.loadCountryHero(ref, locale, older),
    comparisons: hero ? await l.comparison.loadExportsComparisons(ref, hero.year, locale) : null,
    partners,
    sections,
    growth: ref.kind === "country" ? await l.growth.loadCountryGrowth(ref.id, locale) : null,
    tradeShare: ref.kind === "country" ? await l.context.loadTradeShareOfGdp(ref.id, locale) : null,
  };
}

/** Runs `profile` on both paths for each member; returns the query log keys of the summary path. */
async function compareBoth(members: readonly Ref[], locales: readonly Locale[]): Promise<string[]> {
  const withSummaries = await loaders(true);
  withSummaries.log.clearIssuedQueries();
  const read = [];
  for (const ref of members) for (const locale of locales) read.push(await profile(withSummaries, ref, locale));
  const issued = withSummaries.log.issuedQueries().map((q) => q.key);
  const without = await loaders(false);
  const asked = [];
  for (const ref of members) for (const locale of locales) asked.push(await profile(without, ref, locale));
  vi.doUnmock("@/server/profiles/summaries");
  expect(read).toEqual(asked);
  // The results are not empty, and the summary path did read the summaries.
  expect(read.some((r) => r.series !== null)).toBe(true);
  expect(issued.some((k) => k.startsWith("statement profiles.memberYears"))).toBe(true);
  expect(issued.some((k) => k.startsWith("statement profiles.memberTop"))).toBe(true);
  return issued;
}

async function closeAll() {
  const { closeWarehouse } = await import("@/server/warehouse/db");
  closeWarehouse();
  delete process.env.WAREHOUSE_PATH;
}

/** The largest exporters and continents of a dataset in a warehouse file. */
async function largest(file: string, dataset: string, countries: number, continents: number): Promise<Ref[]> {
  const rows = await query(file, `SELECT country, is_continent, sum(value) AS v FROM summary_country_year WHERE dataset = '${dataset}' AND flow = 'export' GROUP BY ALL ORDER BY v DESC, country`);
  return [...rows.filter((r) => !r.is_continent).slice(0, countries), ...rows.filter((r) => r.is_continent).slice(0, continents)].map((r) => ({
    kind: r.is_continent ? "continent" : "country",
    id: String(r.country),
  }));
}

describe("profile loaders with and without the summaries, on the tiny package", () => {
  const out = path.join(tempDir("summaries-loaders-"), "warehouse.duckdb");
  let members: Ref[] = [];

  beforeAll(async () => {
    await importTiny(out);
    members = await largest(out, "ots_sections", 6, 2);
    process.env.WAREHOUSE_PATH = out;
  });
  afterAll(closeAll);

  it("gives the page identical results, in every language", async () => {
    expect(members.filter((m) => m.kind === "continent").length).toBeGreaterThan(0);
    const issued = await compareBoth(members, ["en", "es", "zh"]);
    // The by-year series of the section trade were not asked of the cube on the summary path.
    expect(issued.filter((k) => k.includes('"trade_i_ots_a_sections"') && k.includes('["Year"]'))).toEqual([]);
  });
});

describe("profile loaders with and without the summaries, with a BACI download (two datasets in one series)", () => {
  const out = path.join(tempDir("summaries-baci-"), "warehouse.duckdb");
  let members: Ref[] = [];

  beforeAll(async () => {
    await importTiny(out, { baciDirs: [BACI_FIXTURE] });
    members = [...(await largest(out, "baci_hs12", 3, 1)), ...(await largest(out, "ots_sections", 2, 1))];
    process.env.WAREHOUSE_PATH = out;
  });
  afterAll(closeAll);

  it("summarises the BACI cube too, and gives identical results", async () => {
    const covered = await query(out, `SELECT DISTINCT kind FROM summary_coverage WHERE dataset = 'baci_hs12' ORDER BY kind`);
    expect(covered.map((r) => r.kind)).toEqual(["partner", "section", "series"]);
    const issued = await compareBoth(members, ["en", "es"]);
    expect(issued.some((k) => k.includes('"cube":"trade_i_baci_a_12"'))).toBe(true);
  });
});

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");
const summarised = fs.existsSync(WAREHOUSE) && (await query(WAREHOUSE, `SELECT count(*) AS n FROM duckdb_tables() WHERE table_name = 'summary_coverage'`))[0]?.n !== BigInt(0);

describe.skipIf(!summarised)("profile loaders with and without the summaries, on data/warehouse.duckdb", () => {
  beforeAll(() => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
  });
  afterAll(closeAll);

  it("gives identical results for a few countries and continents", async () => {
    const members: Ref[] = ["bra", "chl", "deu", "usa", "twn"].map((id) => ({ kind: "country" as const, id }));
    await compareBoth([...members, { kind: "continent", id: "sa" }, { kind: "continent", id: "eu" }], ["en", "zh"]);
  });

  it("answers every member's series, partners and sections as the cube does", async () => {
    const { summaryRows } = await import("../summaries");
    const { queryCube } = await import("@/server/warehouse/client");
    const { profileSources, tradeQuery } = await import("../sources");
    const sources = await profileSources();
    const latest = sources.sections.at(-1)!;
    const byCube = new Map<string, number[]>();
    for (const s of sources.sections) byCube.set(s.cube, [...(byCube.get(s.cube) ?? []), s.year]);
    const rows = await query(WAREHOUSE, `SELECT DISTINCT country, is_continent FROM summary_country_year WHERE cube = '${latest.cube}' ORDER BY ALL`);
    let compared = 0;
    for (const r of rows) {
      const own = [String(r.country)];
      const ownContinent = Boolean(r.is_continent);
      const questions = [
        ...(["export", "import"] as const).map((flow) => tradeQuery(latest, { flow, own, ownContinent, drilldowns: ["Year"], years: byCube.get(latest.cube)! })),
        ...(["export", "import"] as const).map((flow) =>
          tradeQuery(latest, { flow, own, ownContinent, drilldowns: ["Partner"], years: [latest.year], ...(ownContinent ? {} : { excludePartner: own }), sort: [{ key: "Trade Value", direction: "desc" }] }),
        ),
        tradeQuery(latest, { flow: "export", own, ownContinent, drilldowns: ["Section"], years: [latest.year], sort: [{ key: "Trade Value", direction: "desc" }] }),
      ];
      for (const q of questions) {
        const summary = await summaryRows(q, "en");
        expect(summary, JSON.stringify(q)).not.toBeNull();
        const answer = await queryCube(q, "en");
        const level = q.drilldowns![0];
        const keep = (row: Record<string, unknown>) => ({ id: row[`${level} ID`], name: row[level], value: row["Trade Value"] });
        expect(summary!.map(keep), JSON.stringify(q)).toEqual(answer.data.map(keep));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  }, 300_000);
});
