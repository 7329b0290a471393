import { describe, expect, it } from "vitest";
import { UNKNOWN_COLOR } from "@/domain/charts/presentation";
import { linked, sectionChartRows, topThree } from "./rows";

describe("topThree", () => {
  const items = [
    { id: "chl", name: "Chile", value: 897 },
    { id: "arg", name: "Argentina", value: 103 },
  ];
  it("writes the list in each language without padding a missing third", () => {
    expect(topThree(items, 1000, "en").top).toBe("Chile (89.7%) and Argentina (10.3%)");
    expect(topThree([...items, { id: "bra", name: "Brasil", value: 0 }], 1000, "es").top).toBe("Chile (89,7\u00a0%), Argentina (10,3\u00a0%) y Brasil (0\u00a0%)");
    expect(topThree(items, 1000, "zh").top).toBe("Chile（89.7%）和Argentina（10.3%）");
    expect(topThree([], 0, "en").top).toBe("–");
  });
});

describe("rows from a loader", () => {
  it("adds this page's links without touching the figures", () => {
    const rows = [
      { id: "chn", name: "China", value: 10 },
      { id: "usa", name: "United States", value: 5 },
    ];
    expect(linked(rows, (id) => `/en/profile/country/${id}`)).toEqual([
      { id: "chn", name: "China", value: 10, href: "/en/profile/country/chn" },
      { id: "usa", name: "United States", value: 5, href: "/en/profile/country/usa" },
    ]);
    expect(rows[0]).not.toHaveProperty("href");
  });

  it("draws sections in their data colours, grey where the data give none", () => {
    expect(sectionChartRows([{ id: "5", name: "Mineral products", value: 7, color: "#a0522d" }, { id: "22", name: "Unspecified", value: 1, color: null }])).toEqual([
      { id: "5", name: "Mineral products", kind: "section", color: "#a0522d", value: 7 },
      { id: "22", name: "Unspecified", kind: "section", color: UNKNOWN_COLOR, value: 1 },
    ]);
  });
});
