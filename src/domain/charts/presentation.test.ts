import { describe, expect, it } from "vitest";
import {
  classIndex,
  colorOrGrey,
  contrastText,
  luminance,
  DIVERGENT,
  dimensionColor,
  divergentColor,
  escapeHtml,
  fallbackKey,
  FONT_SIZE,
  GENERIC_HS_ICON,
  LEGEND_ICON,
  memberIcon,
  memberName,
  quantileBreaks,
  SEQUENTIAL,
  sequentialColor,
  TOOLTIP_TITLE,
  tooltipHtml,
  tooltipRows,
  UNKNOWN_COLOR,
  X_ICON,
  type TooltipLabels,
} from "./presentation";
import { EN_CHART_LABELS } from "./test-support/labels";

const LABELS: TooltipLabels = EN_CHART_LABELS.tooltip;
const FALLBACKS = EN_CHART_LABELS.fallbacks;

describe("constants", () => {
  it("match the spec", () => {
    expect(UNKNOWN_COLOR).toBe("#b1bac6");
    expect(FONT_SIZE).toEqual({ label: 16, shapeLabel: 14, title: 20 });
    expect(LEGEND_ICON).toEqual({ width: 18, height: 18 });
    expect(TOOLTIP_TITLE).toEqual({ maxLines: 4, maxHeight: 100 });
  });
  it("has sequential and divergent palettes of 5 and 7 valid colours", () => {
    for (const palette of [SEQUENTIAL[5], SEQUENTIAL[7], DIVERGENT[5], DIVERGENT[7]]) {
      for (const color of palette) expect(colorOrGrey(color)).toBe(color);
    }
    expect(SEQUENTIAL[5]).toHaveLength(5);
    expect(SEQUENTIAL[7]).toHaveLength(7);
    expect(DIVERGENT[5]).toHaveLength(5);
    expect(DIVERGENT[7]).toHaveLength(7);
  });
});

describe("colours", () => {
  it("turns unknown colours grey", () => {
    expect(colorOrGrey("#F2AA86")).toBe("#F2AA86");
    expect(colorOrGrey(null)).toBe(UNKNOWN_COLOR);
    expect(colorOrGrey("red")).toBe(UNKNOWN_COLOR);
    expect(colorOrGrey("#12345")).toBe(UNKNOWN_COLOR);
  });
  it("picks readable text colours", () => {
    expect(contrastText("#ffffff")).toBe("#1a1b1e");
    expect(contrastText("#F4CE0F")).toBe("#1a1b1e");
    expect(contrastText("#A53200")).toBe("#ffffff");
    expect(contrastText("#000")).toBe("#ffffff");
    expect(luminance("#fff")).toBeCloseTo(1, 6);
    expect(luminance(null)).toBeCloseTo(luminance(UNKNOWN_COLOR), 6);
  });
  it("picks colours per dimension", () => {
    expect(dimensionColor("Section", { id: "5", color: "#A1A1A1" })).toBe("#A1A1A1");
    expect(dimensionColor("HS4", { id: "2601", color: null })).toBe(UNKNOWN_COLOR);
    expect(dimensionColor("Trade Flow", { id: 2 })).toBe("#1c7ed6");
    expect(dimensionColor("Trade Flow", { id: 9 })).toBe(UNKNOWN_COLOR);
    expect(dimensionColor("Service", { id: "x", index: 0 })).not.toBe(dimensionColor("Service", { id: "y", index: 1 }));
    expect(dimensionColor("Service", { id: "x", index: 10 })).toBe(dimensionColor("Service", { id: "y", index: 0 }));
  });
  it("splits values into quantile classes", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    const breaks = quantileBreaks(values, 5);
    expect(breaks).toHaveLength(4);
    expect(breaks[0]).toBeCloseTo(20.8, 1);
    expect(classIndex(1, breaks)).toBe(0);
    expect(classIndex(100, breaks)).toBe(4);
    expect(sequentialColor(100, breaks, 5)).toBe(SEQUENTIAL[5][4]);
    expect(sequentialColor(1, breaks, 5)).toBe(SEQUENTIAL[5][0]);
    expect(sequentialColor(null, breaks, 5)).toBe(UNKNOWN_COLOR);
    expect(quantileBreaks([], 7)).toEqual([]);
  });
  it("centres the divergent scale on RCA 1", () => {
    expect(divergentColor(1, 7)).toBe(DIVERGENT[7][3]);
    expect(divergentColor(0.01, 7)).toBe(DIVERGENT[7][0]);
    expect(divergentColor(50, 7)).toBe(DIVERGENT[7][6]);
    expect(divergentColor(1, 5)).toBe(DIVERGENT[5][2]);
    expect(divergentColor(undefined)).toBe(UNKNOWN_COLOR);
  });
});

describe("fallbacks", () => {
  it("name missing members by kind", () => {
    expect(fallbackKey("Importer Country")).toBe("unspecifiedTerritories");
    expect(fallbackKey("Continent")).toBe("unspecifiedTerritories");
    expect(fallbackKey("HS4", { several: true })).toBe("multipleItems");
    expect(fallbackKey("HS4")).toBe("otherValues");
    expect(memberName(null, "Country", FALLBACKS)).toBe("Unspecified Territories");
    expect(memberName("  ", "Section", FALLBACKS)).toBe("Other values");
    expect(memberName("Chile", "Country", FALLBACKS)).toBe("Chile");
  });
  it("use the generic HS icon for products and the X icon otherwise", () => {
    expect(memberIcon("country", "chl")).toBe("/api/cms/member-image?member=country%3Achl&size=thumb");
    expect(memberIcon("hs4", "2601", false)).toBe(GENERIC_HS_ICON);
    expect(memberIcon("section", null)).toBe(GENERIC_HS_ICON);
    expect(memberIcon("country", "../etc")).toBe(X_ICON);
    expect(memberIcon("other", "a")).toBe(X_ICON);
    expect(GENERIC_HS_ICON.startsWith("data:image/svg+xml,")).toBe(true);
  });
});

describe("tooltips", () => {
  it("lists the rows the datum has, formatted, in the spec's order", () => {
    const rows = tooltipRows(
      { period: 2018, percent: 0.25, growth: 0.053, tradeValue: 1234567, delta: -0.012, marketShare: 0.281, relatedness: 0.12345, rca: 3.456 },
      LABELS,
      "en",
    );
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ["RCA", "3.46"],
      ["Relatedness", "0.123"],
      ["Market Share", "28.1%"],
      ["Delta", "-1.2%"],
      ["Trade Value", "$1,234,567"],
      ["Growth", "+5.3%"],
      ["Percent", "25%"],
      ["Year", "2018"],
    ]);
  });
  it("says Month for monthly periods and skips missing values", () => {
    const rows = tooltipRows({ tradeValue: null, period: 201807, rca: Number.NaN }, LABELS, "en");
    expect(rows).toEqual([{ key: "period", label: "Month", value: "2018-07" }]);
  });
  it("puts extra measures before the period", () => {
    const rows = tooltipRows({ tradeValue: 5, period: 2018, extra: [{ label: "GDP", value: "$1" }] }, LABELS, "en");
    expect(rows.map((r) => r.key)).toEqual(["tradeValue", "extra", "period"]);
  });
  it("escapes text and clamps the title", () => {
    const html = tooltipHtml({ title: "<b>Copper & ore</b>", icon: GENERIC_HS_ICON, rows: [{ key: "tradeValue", label: "Trade Value", value: "$1" }] });
    expect(html).toContain("&lt;b&gt;Copper &amp; ore&lt;/b&gt;");
    expect(html).toContain("-webkit-line-clamp:4");
    expect(html).toContain("max-height:100px");
    expect(html).toContain('width="18" height="18"');
    expect(html).not.toContain("<b>");
    expect(escapeHtml(`"'`)).toBe("&quot;&#39;");
  });
});
