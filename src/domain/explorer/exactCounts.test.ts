import { describe, expect, it } from "vitest";
import { shownCounts, withExactCounts } from "./exactCounts";
import type { ReportMetadata } from "./types";
import { combinedVariants } from "./variants";

// A bilateral report: 200 reporters × 200 partners is 40,000 combinations, but only 150 pairs have profiles.
const bilateral: ReportMetadata = {
  id: 4,
  name: "Bilateral",
  slug: "bilateral-country",
  dimensions: [
    { name: "Reporter", variants: [{ id: 3, name: "Country", ordering: 1, members_count: 200 }] },
    { name: "Partner", variants: [{ id: 4, name: "Country", ordering: 1, members_count: 200 }] },
  ],
};
const countries: ReportMetadata = {
  id: 1,
  name: "Country",
  slug: "country",
  dimensions: [{ name: "Geography", variants: [{ id: 2, name: "Continent", ordering: 1, members_count: 6 }, { id: 3, name: "Country", ordering: 2, members_count: 200 }] }],
};

describe("explore dialog counts", () => {
  it("the metadata's estimate multiplies dimensions (what made All larger than the results)", () => {
    expect(combinedVariants(bilateral, "All")[0].members_count).toBe(40_000);
  });

  it("takes the search's exact count per combined variant, All being their sum", () => {
    const entries = withExactCounts(combinedVariants(bilateral, "All"), { "3,4": 150 });
    expect(entries.map((e) => e.members_count)).toEqual([150, 150]);
  });

  it("shows the query's counts when a query is typed, the empty query's otherwise", () => {
    const entries = combinedVariants(bilateral, "All");
    expect(shownCounts(bilateral, entries, "chile", { "3,4": 7 }, { "3,4": 150 })[0].members_count).toBe(7);
    expect(shownCounts(bilateral, entries, "", null, { "3,4": 150 })[0].members_count).toBe(150);
    expect(shownCounts(bilateral, entries, "  ", { "3,4": 7 }, null)[0].members_count).toBe(40_000);
  });

  it("keeps a one-dimension report's metadata counts, which are exact (its variant ids are shared by other reports)", () => {
    const entries = combinedVariants(countries, "All");
    expect(shownCounts(countries, entries, "", null, { "3": 999 }).map((e) => e.members_count)).toEqual([206, 6, 200]);
  });

  it("adds up to the empty query's total over every report", () => {
    const browse = { "2": 6, "3": 200, "3,4": 150 };
    const sum = [countries, bilateral].reduce((total, report) => total + shownCounts(report, combinedVariants(report, ""), "", null, browse)[0].members_count, 0);
    expect(sum).toBe(6 + 200 + 150);
  });
});
