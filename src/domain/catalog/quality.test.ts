import { describe, expect, it } from "vitest";
import {
  QUALITY_THRESHOLDS,
  filterFlags,
  isUnspecified,
  parseQualityRow,
  partialYears,
  siblingDuplicates,
  totalJumps,
  unspecifiedTop,
  type CoverageRow,
  type ItemRow,
  type QualityFlag,
  type RankedRow,
} from "./quality";

const item = (product: string, value: number, extra: Partial<ItemRow> = {}): ItemRow => ({
  year: 1980,
  reporter: "zaf",
  flow: "export",
  parent: product.slice(0, 2),
  section: "14",
  product,
  value,
  total: 14_326_948_419,
  ...extra,
});

describe("siblingDuplicates", () => {
  it("flags South Africa 1980: Platinum 7110 and Platinum Clad Metals 7111 almost equal and large", () => {
    const rows = [item("7110", 1_017_959_073), item("7111", 1_017_781_348), item("7108", 972_970_167), item("7102", 971_932_345), item("7107", 49_525_198)];
    const flags = siblingDuplicates("ots_hs4", "HS4", rows);
    expect(flags).toHaveLength(1);
    const [flag] = flags;
    expect(flag).toMatchObject({ rule: "sibling_duplicate", dataset: "ots_hs4", year: 1980, reporter: "zaf", flow: "export", products: ["7110", "7111"], values: [1_017_959_073, 1_017_781_348] });
    if (flag.rule !== "sibling_duplicate") throw new Error("rule");
    expect(flag.params.parent).toBe("71");
    expect(flag.params.level).toBe("HS4");
    expect(flag.params.difference).toBeCloseTo((1_017_959_073 - 1_017_781_348) / 1_017_959_073, 12);
    // Gold and diamonds differ by 0.107%: just outside 0.1%, not flagged.
    expect(flag.products).not.toContain("7108");
  });

  it("needs the same parent, reporter, year and flow", () => {
    expect(siblingDuplicates("d", "HS4", [item("7110", 1e9), item("2601", 1e9)])).toEqual([]);
    expect(siblingDuplicates("d", "HS4", [item("7110", 1e9), item("7111", 1e9, { reporter: "usa" })])).toEqual([]);
    expect(siblingDuplicates("d", "HS4", [item("7110", 1e9), item("7111", 1e9, { year: 1981 })])).toEqual([]);
    expect(siblingDuplicates("d", "HS4", [item("7110", 1e9), item("7111", 1e9, { flow: "import" })])).toEqual([]);
    expect(siblingDuplicates("d", "HS4", [item("71", 1e9, { parent: null }), item("72", 1e9, { parent: null })])).toEqual([]);
  });

  it("needs both values large: a share of the total and an absolute floor", () => {
    const total = 1e12;
    // 0.5% of the total each: under the 1% share.
    expect(siblingDuplicates("d", "HS4", [item("7110", 5e9, { total }), item("7111", 5e9, { total })])).toEqual([]);
    // Half the total but under USD 1M each.
    expect(siblingDuplicates("d", "HS4", [item("7110", 400_000, { total: 800_000 }), item("7111", 400_000, { total: 800_000 })])).toEqual([]);
    // Custom thresholds take them.
    expect(siblingDuplicates("d", "HS4", [item("7110", 5e9, { total }), item("7111", 5e9, { total })], { ...QUALITY_THRESHOLDS, siblingMinShare: 0.001 })).toHaveLength(1);
  });

  it("joins a run of three equal values into one flag", () => {
    const flags = siblingDuplicates("d", "HS4", [item("0501", 5e7, { total: 1e9 }), item("0504", 5e7, { total: 1e9 }), item("0510", 5e7, { total: 1e9 }), item("0506", 2e7, { total: 1e9 })]);
    expect(flags).toHaveLength(1);
    expect(flags[0].products).toEqual(["0501", "0504", "0510"]);
    expect(flags[0].values).toEqual([5e7, 5e7, 5e7]);
  });

  it("a value 0.2% apart is no duplicate", () => {
    expect(siblingDuplicates("d", "HS4", [item("7110", 1e9), item("7111", 0.998e9)])).toEqual([]);
  });
});

describe("isUnspecified", () => {
  it("knows 9999, 99, 999999, XXXX and section 99", () => {
    expect(isUnspecified("9999")).toBe(true);
    expect(isUnspecified("99")).toBe(true);
    expect(isUnspecified("999999")).toBe(true);
    expect(isUnspecified("XXXX")).toBe(true);
    expect(isUnspecified("980100", "99")).toBe(true);
    expect(isUnspecified("9901")).toBe(false);
    expect(isUnspecified("2710", "5")).toBe(false);
    expect(isUnspecified("9")).toBe(false);
  });
});

describe("unspecifiedTop", () => {
  const usa = (product: string, value: number, rank: number, section = "16"): RankedRow => ({
    year: 2018,
    reporter: "usa",
    flow: "export",
    parent: product.slice(0, 2),
    section,
    product,
    value,
    rank,
    total: 1_665_000_000_000,
  });

  it("flags the USA 2018: 9999 Unspecified is its largest export", () => {
    const flags = unspecifiedTop("ots_hs4", "HS4", [usa("9999", 178_000_237_269, 1, "99"), usa("2710", 100_530_944_639, 2, "5"), usa("8411", 70_154_875_505, 3)]);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ rule: "unspecified_top", reporter: "usa", year: 2018, products: ["9999"], values: [178_000_237_269], params: { rank: 1, level: "HS4" } });
    if (flags[0].rule !== "unspecified_top") throw new Error("rule");
    expect(flags[0].params.share).toBeCloseTo(178_000_237_269 / 1_665_000_000_000, 12);
  });

  it("a small unspecified item outside the top 3 is no finding; over 5% it is", () => {
    expect(unspecifiedTop("d", "HS4", [usa("9999", 1e10, 4, "99")])).toEqual([]);
    expect(unspecifiedTop("d", "HS4", [usa("9999", 1e11, 9, "99")])).toHaveLength(1);
  });

  it("sections: section 99 counts", () => {
    expect(unspecifiedTop("ots_sections", "Section", [usa("99", 1e9, 2, "99")])).toHaveLength(1);
  });
});

describe("totalJumps", () => {
  const year = (y: number, total: number | null, extra: Partial<{ vintage: string; dataset: string; reporters: number }> = {}) => ({ dataset: "ots", vintage: "v1", year: y, total, reporters: 190, ...extra });

  it("flags a year whose world total moves more than 25% from the year before", () => {
    const flags = totalJumps([year(1972, 425), year(1973, 586), year(1974, 846), year(1975, 888)]);
    expect(flags.map((f) => f.year)).toEqual([1973, 1974]);
    const [first] = flags;
    if (first.rule !== "total_jump") throw new Error("rule");
    expect(first.values).toEqual([425, 586]);
    expect(first.params.previousYear).toBe(1972);
    expect(first.params.change).toBeCloseTo(586 / 425 - 1, 12);
    expect(first.reporter).toBeNull();
  });

  it("falls count too; 25% exactly is not over", () => {
    expect(totalJumps([year(2008, 100), year(2009, 70)]).map((f) => f.year)).toEqual([2009]);
    expect(totalJumps([year(2008, 100), year(2009, 125)])).toEqual([]);
  });

  it("compares only consecutive years of one dataset and one vintage, with totals", () => {
    expect(totalJumps([year(1962, 100), year(1980, 2000)])).toEqual([]);
    expect(totalJumps([year(2017, 100), year(2018, 200, { vintage: "v2" })])).toEqual([]);
    expect(totalJumps([year(2017, 100), year(2018, 200, { dataset: "other" })])).toEqual([]);
    expect(totalJumps([year(2017, null), year(2018, 200)])).toEqual([]);
  });
});

describe("partialYears", () => {
  const cov = (year: number, reporter: string, flow: "export" | "import", products: number): CoverageRow => ({ year, reporter, flow, products });

  it("one flow: a reporter with exports only in a year the dataset has both", () => {
    const flows = new Map<number, ("export" | "import")[]>([[2018, ["export", "import"]], [2017, ["export"]]]);
    const flags = partialYears("ots_hs4", "HS4", [cov(2018, "ant", "export", 32), cov(2018, "usa", "export", 1200), cov(2018, "usa", "import", 1200), cov(2017, "ant", "export", 40)], flows);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ rule: "partial_year", reporter: "ant", year: 2018, flow: "import", params: { kind: "one_flow", missing: "import" } });
  });

  it("without a flow column nothing is missing", () => {
    expect(partialYears("d", "HS4", [cov(2018, "ant", "export", 32)], null)).toEqual([]);
  });

  it("few products: under half of every neighbouring year's count", () => {
    const rows = [cov(2017, "gnb", "export", 404), cov(2018, "gnb", "export", 128), cov(2017, "fra", "export", 1200), cov(2018, "fra", "export", 1180)];
    const flags = partialYears("ots_hs4", "HS4", rows, null);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ reporter: "gnb", year: 2018, flow: "export", params: { kind: "few_products", products: 128, neighbourYear: 2017, neighbourProducts: 404, level: "HS4" } });
  });

  it("a dip must hold against both neighbours; tiny neighbours say nothing", () => {
    expect(partialYears("d", "S", [cov(1991, "x", "export", 20), cov(1992, "x", "export", 5), cov(1993, "x", "export", 8)], null)).toEqual([]);
    expect(partialYears("d", "S", [cov(1991, "x", "export", 12), cov(1992, "x", "export", 5), cov(1993, "x", "export", 11)], null)).toHaveLength(1);
    expect(partialYears("d", "S", [cov(1991, "x", "export", 8), cov(1992, "x", "export", 2)], null)).toEqual([]);
    // Years that are not neighbours (1962 and 1980) are not compared.
    expect(partialYears("d", "S", [cov(1962, "x", "export", 20), cov(1980, "x", "export", 500)], null)).toEqual([]);
  });
});

describe("stored rows", () => {
  const stored = {
    dataset: "ots_hs4",
    year: 1980,
    rule: "sibling_duplicate",
    reporter: "zaf",
    flow: "export",
    products: ["7110", "7111"],
    values: [1_017_959_073, 1_017_781_348],
    params: JSON.stringify({ level: "HS4", parent: "71", total: 14_326_948_419, difference: 0.00017 }),
  };

  it("parse back into typed flags", () => {
    const flag = parseQualityRow(stored);
    expect(flag).toMatchObject({ rule: "sibling_duplicate", reporter: "zaf", products: ["7110", "7111"], params: { parent: "71" } });
  });

  it("unreadable rows are dropped, never thrown", () => {
    expect(parseQualityRow({ ...stored, rule: "nonsense" })).toBeNull();
    expect(parseQualityRow({ ...stored, params: "{not json" })).toBeNull();
    expect(parseQualityRow({ ...stored, params: JSON.stringify({ level: "HS4" }) })).toBeNull();
    expect(parseQualityRow({ ...stored, year: "x" })).toBeNull();
  });

  it("filterFlags matches every field given", () => {
    const a = parseQualityRow(stored)!;
    const b: QualityFlag = { ...a, reporter: "usa", year: 2018, products: ["9999"] };
    expect(filterFlags([a, b], { reporter: "zaf" })).toEqual([a]);
    expect(filterFlags([a, b], { product: "9999" })).toEqual([b]);
    expect(filterFlags([a, b], { dataset: "ots_hs4", year: 2018 })).toEqual([b]);
    expect(filterFlags([a, b], { rule: "total_jump" })).toEqual([]);
    expect(filterFlags([a, b])).toHaveLength(2);
  });
});
