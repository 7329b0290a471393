/**
 * The share cards on the package warehouse (data/warehouse.duckdb); skipped when it is absent. The
 * figures are checked against the loaders the pages themselves use, never typed in.
 */
import fs from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import en from "../../../messages/en.json";
import es from "../../../messages/es.json";
import zh from "../../../messages/zh.json";
import { parseShareImagePath, shareImagePath } from "@/domain/seo/shareImage";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";

const MESSAGES = { en, es, zh } as const;
vi.mock("next-intl/server", () => ({
  getTranslations: async ({ locale, namespace }: { locale: keyof typeof MESSAGES; namespace?: string }) => createTranslator({ locale, messages: MESSAGES[locale], namespace: namespace as never }),
}));

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");
const present = fs.existsSync(WAREHOUSE);

type Modules = {
  card: typeof import("./shareCard");
  hero: typeof import("@/server/profiles/countryHero");
  format: typeof import("@/features/profiles/format");
  db: typeof import("@/server/warehouse/db");
};

describe.skipIf(!present)("share cards on the package warehouse", () => {
  let m: Modules;
  beforeAll(async () => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
    m = {
      card: await import("./shareCard"),
      hero: await import("@/server/profiles/countryHero"),
      format: await import("@/features/profiles/format"),
      db: await import("@/server/warehouse/db"),
    };
  });
  afterAll(() => {
    m?.db.closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  const cardOf = (locale: "en" | "es" | "zh", page: string) => {
    const url = new URL(shareImagePath(locale, page), "http://x");
    return m.card.shareCard(parseShareImagePath(url.pathname.split("/").slice(2))!, url.searchParams);
  };

  it("a country: its name, the hero's exports with their year and source, the treemap's colours", async () => {
    const card = (await cardOf("es", "/profile/country/chl"))!;
    const hero = (await m.hero.loadCountryHero({ kind: "country", id: "chl" }, "es"))!;
    expect(card.locale).toBe("es");
    expect(card.title).toBe("Chile");
    expect(card.kicker).toBe(es.profiles.kinds.country);
    expect(card.figure).toMatchObject({ label: `Exportaciones, ${hero.year}`, value: m.format.formatMoney(hero.exports.value, "es") });
    expect(card.figure!.source.length).toBeGreaterThan(0);
    expect(card.colours.length).toBeGreaterThan(1);
    for (const c of card.colours) expect(c).toMatch(/^#[0-9a-f]{3,8}$/);
  });

  it("a product: the world's exports of it, with the year and source of that dataset", async () => {
    const { memberLookup } = await import("@/server/profiles/lookup");
    const { parseProfilePath, buildProfilePath } = await import("@/domain/profiles/path");
    const parsed = parseProfilePath(["hs", "2603"], (await memberLookup()).lookup);
    const page = parsed.kind === "redirect" ? parsed.path : parsed.kind === "ok" ? buildProfilePath(parsed.target) : null;
    expect(page).toMatch(/^\/hs\//);
    const card = (await cardOf("en", `/profile${page}`))!;
    expect(card.kicker).toBe(en.profiles.kinds.hs);
    expect(card.figure?.label).toMatch(/^World exports, \d{4}$/);
    expect(card.figure?.value).toMatch(/^\$\d/);
    expect(card.colours.length).toBeGreaterThan(1);
  });

  it("a Chinese card is composed in English (the font has no CJK glyphs)", async () => {
    const card = (await cardOf("zh", "/profile/country/chl"))!;
    expect(card.locale).toBe("en");
    expect(card.title).toBe("Chile");
    expect(card.figure?.label).toMatch(/^Exports, \d{4}$/);
  });

  it("a visualisation: its title and the total of its rows in its year", async () => {
    const card = (await cardOf("en", "/visualize/tree_map/hs92/export/chl/all/show/2018"))!;
    expect(card.kicker).toBe(en.seo.card.visualization);
    expect(card.title).toMatch(/Chile/);
    expect(card.figure?.label).toBe("Total, 2018");
    expect(card.figure?.value).toMatch(/^\$\d/);
    expect(card.colours.length).toBeGreaterThan(1);
  });

  it("a ranking: the first-ranked country and its index", async () => {
    const card = (await cardOf("en", "/rankings/eci/hs4/hs92"))!;
    expect(card.title).toBe(`${en.rankings.eci.title} · HS4 HS92`);
    const { rankedComplexitySets } = await import("@/server/warehouse/complexity");
    const { loadEciRanking, rankingSource } = await import("@/server/rankings/complexity");
    const set = (await rankedComplexitySets()).find((r) => r.set.depth === "hs4" && r.set.revision === "hs92")!.set;
    const { source } = await rankingSource(set, null);
    const first = (await loadEciRanking(set, source!, "en")).rows[0]!;
    expect(card.figure).toMatchObject({ label: `Ranked first, ${source!.run.year}`, value: `${first.name} · ECI ${first.values.eci!.toFixed(2)}` });
    expect(card.colours.length).toBeGreaterThan(1);
  });

  it("no card for a page that does not exist", async () => {
    expect(await cardOf("en", "/profile/country/not-a-country")).toBeNull();
    expect(await cardOf("en", "/visualize/no_chart/hs92/export/chl/all/show/2018")).toBeNull();
  });
});
