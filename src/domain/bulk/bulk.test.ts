import { describe, expect, it } from "vitest";
import type { CatalogEntry } from "@/domain/catalog/catalog";
import { bulkUrl, canDownloadPremium, fileSize, generationOf, internationalDatasets, isPremiumTier, parseRange, richestGoodsDataset } from "./bulk";

const entry = (over: Partial<CatalogEntry>): CatalogEntry => ({
  dataset: "ots_sections",
  cube: "trade_i_ots_a_sections",
  kind: "goods",
  classification: "hs92",
  depth: "section",
  bilateral: true,
  partial: false,
  source: "ots",
  priority: 2,
  year: 2018,
  flows: ["export"],
  reporters: 200,
  rows: 1000,
  total: 1,
  period: "2018",
  ...over,
  vintage: over.vintage ?? over.dataset ?? "ots_sections",
  scope: over.scope ?? "reporters",
});

describe("bulk downloads", () => {
  it("parses one byte range, refuses ranges past the end, ignores what it cannot read", () => {
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=90-500", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-1000", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=5-2", 100)).toBeNull();
    expect(parseRange("bytes=0-1,5-9", 100)).toBeNull();
    expect(parseRange("items=0-1", 100)).toBeNull();
    expect(parseRange("bytes=99999999999999999999-", 100)).toBe("unsatisfiable");
  });

  it("names a generation by the build fingerprint, and URLs by it", () => {
    expect(generationOf("3a08e1308a1102cb128676884d882567")).toBe("3a08e1308a1102cb");
    expect(generationOf("")).toBeNull();
    expect(generationOf("../../etc")).toBeNull();
    expect(bulkUrl("3a08e1308a1102cb", "international/x/2018.csv.gz")).toBe("/api/bulk/3a08e1308a1102cb/international/x/2018.csv.gz");
  });

  it("gates national and per-chapter files to PREMIUM (and the bulk-access manager)", () => {
    expect(isPremiumTier("international")).toBe(false);
    expect(isPremiumTier("national")).toBe(true);
    expect([0, 1, 2, 10, null, undefined].map(canDownloadPremium)).toEqual([false, false, true, true, false, false]);
  });

  it("publishes every goods and services dataset per year, never indicators or complexity", () => {
    const entries = [
      entry({ year: 2017 }),
      entry({ year: 2018 }),
      entry({ dataset: "services_eb02", cube: "services", kind: "services", depth: null, bilateral: false }),
      entry({ dataset: "wdi", cube: "wdi", kind: "indicators" }),
      entry({ dataset: "complexity_hs92_hs4", cube: "eci", kind: "complexity" }),
    ];
    expect(internationalDatasets(entries)).toEqual([
      { dataset: "ots_sections", cube: "trade_i_ots_a_sections", years: [2017, 2018] },
      { dataset: "services_eb02", cube: "services", years: [2018] },
    ]);
  });

  it("cuts PREMIUM files from the finest complete goods dataset: a BACI HS6 import wins", () => {
    const base = [entry({}), entry({ dataset: "ots_hs4", cube: "hs4", depth: "hs4", bilateral: false }), entry({ dataset: "sample", cube: "s", depth: "hs6", partial: true })];
    expect(richestGoodsDataset(base)?.dataset).toBe("ots_hs4");
    expect(richestGoodsDataset([entry({})], true)).toBeNull();
    const withBaci = [...base, entry({ dataset: "baci_hs92", cube: "baci", depth: "hs6", priority: 3, year: 2020 }), entry({ dataset: "baci_hs92", cube: "baci", depth: "hs6", priority: 3, year: 2021 })];
    expect(richestGoodsDataset(withBaci, true)).toMatchObject({ dataset: "baci_hs92", years: [2020, 2021], bilateral: true });
  });

  it("writes sizes in the locale's units", () => {
    expect(fileSize(0, "en")).toBe("0 byte");
    expect(fileSize(2_744_190, "en")).toBe("2.7 MB");
    expect(fileSize(185_300_000, "es")).toBe("185 MB");
  });
});
