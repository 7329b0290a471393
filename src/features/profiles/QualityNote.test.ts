import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import en from "@messages/en.json";
import es from "@messages/es.json";
import zh from "@messages/zh.json";
import type { DescribedFlag } from "@/domain/catalog/quality";
import type { Locale } from "@/domain/i18n/locales";
import { qualitySentence, type QualityTranslator } from "./QualityNote";

const MESSAGES = { en, es, zh } as const;
const tr = (locale: Locale) => createTranslator({ locale, messages: MESSAGES[locale], namespace: "quality" }) as unknown as QualityTranslator;

const zaf: DescribedFlag = {
  flag: {
    rule: "sibling_duplicate",
    dataset: "ots_hs4",
    year: 1980,
    reporter: "zaf",
    flow: "export",
    products: ["7110", "7111"],
    values: [1_017_959_073, 1_017_781_348],
    params: { level: "HS4", parent: "71", total: 14_326_948_419, difference: (1_017_959_073 - 1_017_781_348) / 1_017_959_073 },
  },
  reporterName: "South Africa",
  reporterIsCountry: true,
  productNames: ["Platinum", "Platinum Clad Metals"],
  currency: "USD",
  depth: "hs4",
};

const usa: DescribedFlag = {
  flag: {
    rule: "unspecified_top",
    dataset: "ots_hs4",
    year: 2018,
    reporter: "usa",
    flow: "export",
    products: ["9999"],
    values: [178_000_237_269],
    params: { level: "HS4", rank: 1, share: 0.0886, total: 2_009_423_523_435 },
  },
  reporterName: "United States",
  reporterIsCountry: true,
  productNames: ["Unspecified"],
  currency: "USD",
  depth: "hs4",
};

describe("qualitySentence", () => {
  it("says the South African platinum duplicate in full figures, which stay apart", () => {
    const text = qualitySentence(zaf, tr("en"), "en");
    expect(text).toContain("Platinum (7110) and Platinum Clad Metals (7111)");
    expect(text).toContain("$1,017,959,073");
    expect(text).toContain("$1,017,781,348");
    expect(text).toContain("0.017%");
    expect(text).toContain("1980 exports");
  });

  it("says where Unspecified ranks, with its value and share", () => {
    const text = qualitySentence(usa, tr("en"), "en");
    expect(text).toContain("Unspecified (9999) is the largest line of 2018 exports");
    expect(text).toContain("$178B");
    expect(text).toContain("8.9%");
  });

  it("speaks Spanish and Chinese with the locale's number formats", () => {
    const esText = qualitySentence(zaf, tr("es"), "es");
    // Names come described from the server; the list and the numbers follow the locale.
    expect(esText).toContain("Platinum (7110) y Platinum Clad Metals (7111)");
    expect(esText).not.toContain("{");
    expect(esText).toContain("1.017.959.073");
    const zhText = qualitySentence(usa, tr("zh"), "zh");
    expect(zhText).toContain("最大的项目");
    expect(zhText).toContain("未指明 (9999)");
    expect(qualitySentence({ ...usa, flag: { ...usa.flag, params: { level: "HS4", rank: 3, share: 0.05, total: 1 } } } as DescribedFlag, tr("en"), "en")).toContain("the 3rd largest line");
    expect(zhText).not.toContain("{");
  });

  it("world-total jumps and partial years, in AUD where the dataset is", () => {
    const jump: DescribedFlag = {
      ...usa,
      reporterName: null,
      currency: "AUD",
      flag: { rule: "total_jump", dataset: "aus_states", year: 2008, reporter: null, flow: "export", products: [], values: [168e9, 222e9], params: { previousYear: 2007, change: 0.32, previousReporters: 10, reporters: 10 } },
    };
    expect(qualitySentence(jump, tr("en"), "en").replace(/\u00a0/g, " ")).toBe("Total exports change by +32% from 2007 to 2008 (AUD 168B to AUD 222B; 10 reporters, then 10).");
    const world = { ...jump, flag: { ...jump.flag, params: { previousYear: 2007, change: 0.32, previousReporters: 0, reporters: 0 } } } as DescribedFlag;
    expect(qualitySentence(world, tr("en"), "en")).not.toContain("reporters");
    const partial: DescribedFlag = { ...usa, flag: { rule: "partial_year", dataset: "ots_hs4", year: 2018, reporter: "ant", flow: "import", products: [], values: [], params: { kind: "one_flow", missing: "import" } } };
    expect(qualitySentence(partial, tr("en"), "en")).toBe("No imports are recorded for 2018, though the dataset records both flows that year: the year is partial.");
  });
});
