import { describe, expect, it } from "vitest";
import { formatCount } from "./counts";
import { effectiveReport, pageCount, pageOffset, toggleReport, toggleVariant } from "./filters";
import type { ReportMetadata } from "./types";
import { combinedVariants, parseReportId, parseVariantIds, withVariantCounts } from "./variants";

const bilateralProduct: ReportMetadata = {
  id: 5,
  name: "Bilateral Product",
  slug: "bilateral-product",
  dimensions: [
    {
      name: "Product",
      variants: [
        { id: 7, name: "Section", ordering: 1, members_count: 21 },
        { id: 9, name: "HS4", ordering: 3, members_count: 1200 },
      ],
    },
    { name: "Country", variants: [{ id: 3, name: "Country", ordering: 2, members_count: 200 }] },
  ],
};

describe("combinedVariants", () => {
  it("crosses dimensions: joined ids and names, multiplied counts, summed ordering, 'All' first", () => {
    expect(combinedVariants(bilateralProduct, "All")).toEqual([
      { name: "All", ordering: -1, members_count: 21 * 200 + 1200 * 200 },
      { id: "7,3", name: "Section / Country", ordering: 3, members_count: 4200 },
      { id: "9,3", name: "HS4 / Country", ordering: 5, members_count: 240000 },
    ]);
  });
  it("keeps single-dimension variants as they are", () => {
    const country: ReportMetadata = {
      id: 1,
      name: "Country",
      slug: "country",
      dimensions: [{ name: "Geography", variants: [{ id: 3, name: "Country", ordering: 2, members_count: 230 }, { id: 2, name: "Continent", ordering: 1, members_count: 6 }] }],
    };
    expect(combinedVariants(country, "All").map((e) => e.id)).toEqual([undefined, "2", "3"]);
  });
  it("takes per-variant counts from variantCount only for a non-empty query", () => {
    const entries = combinedVariants(bilateralProduct, "All");
    expect(withVariantCounts(entries, "", { "7,3": 2 })).toBe(entries);
    const counted = withVariantCounts(entries, "cars", { "9,3": 12 });
    expect(counted.map((e) => e.members_count)).toEqual([12, 0, 12]);
  });
});

describe("filter parsing", () => {
  it("splits a comma-separated variant id string into integers", () => {
    expect(parseVariantIds("7,3")).toEqual([7, 3]);
    expect(parseVariantIds(" 10 , x, 4")).toEqual([10, 4]);
    expect(parseVariantIds("")).toEqual([]);
    expect(parseVariantIds(null)).toEqual([]);
  });
  it("ignores a report id that is not a number", () => {
    expect(parseReportId("3")).toBe(3);
    expect(parseReportId("country")).toBeNull();
    expect(parseReportId("3abc")).toBeNull();
    expect(parseReportId("0")).toBeNull();
    expect(parseReportId(4)).toBe(4);
    expect(parseReportId(NaN)).toBeNull();
  });
});

describe("formatCount", () => {
  it("shows counts below 1000 as they are", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
  });
  it("abbreviates from 1000 with two significant digits, trailing zeros removed", () => {
    expect(formatCount(1000)).toBe("1k");
    expect(formatCount(1234)).toBe("1.2k");
    expect(formatCount(15_000)).toBe("15k");
    expect(formatCount(15_600)).toBe("16k");
    expect(formatCount(240_000)).toBe("240k");
    expect(formatCount(999_999)).toBe("1M");
    expect(formatCount(2_500_000)).toBe("2.5M");
  });
});

describe("toggles", () => {
  it("choosing a report sets it and clears the variant; choosing it again clears both", () => {
    const start = { profile: null, variant: null };
    const chosen = toggleReport({ profile: 2, variant: "3" }, 1);
    expect(chosen).toEqual({ profile: 1, variant: null });
    expect(toggleReport(chosen, 1)).toEqual(start);
  });
  it("choosing a variant toggles it", () => {
    const withVariant = toggleVariant({ profile: 1, variant: null }, "3");
    expect(withVariant).toEqual({ profile: 1, variant: "3" });
    expect(toggleVariant(withVariant, "3")).toEqual({ profile: 1, variant: null });
    expect(toggleVariant(withVariant, null)).toEqual({ profile: 1, variant: null });
  });
  it("a lone report counts as selected", () => {
    expect(effectiveReport({ profile: null, variant: null }, [4])).toBe(4);
    expect(effectiveReport({ profile: null, variant: null }, [4, 5])).toBeNull();
  });
  it("pages offsets and counts", () => {
    expect(pageOffset(1, 10)).toBe(0);
    expect(pageOffset(3, 12)).toBe(24);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
  });
});
