import { describe, expect, it } from "vitest";
import { chartTable, formatCell } from "@/domain/charts/table";
import { tooltipRows } from "@/domain/charts/presentation";
import { formatAud, formatUsd } from "./index";

const labels = { code: "Code", name: "Name", group: "Group", year: "Year", value: "Trade value (AUD)", share: "Share", rca: "RCA", worldTrade: "World", measures: {} };
const tooltip = { rca: "RCA", relatedness: "R", marketShare: "M", delta: "D", tradeValue: "Trade value", growth: "G", percent: "P", year: "Year", month: "Month" } as never;

describe("Australian dollars are written as AUD, never as $", () => {
  it("formats compact and full AUD with the code in every language", () => {
    for (const locale of ["en", "es", "zh"] as const) {
      const compact = formatAud(260_600_000_000, locale, { compact: true });
      const full = formatAud(1_234_567, locale);
      expect(compact).toContain("AUD");
      expect(full).toContain("AUD");
      expect(compact).not.toContain("$");
      expect(full).not.toContain("$");
      expect(compact).not.toBe(formatUsd(260_600_000_000, locale, { compact: true }));
    }
    expect(formatAud(260_600_000_000, "en", { compact: true }).replace(/\s/g, " ")).toBe("AUD 260.6B");
    expect(formatAud(null, "en")).toBe(formatUsd(null, "en"));
  });

  it("gives chart tables an AUD value column and tooltips AUD values when asked", () => {
    const table = chartTable({ rows: [{ id: "WA", name: "Western Australia", kind: "other", color: "#000", value: 5e9 }], groups: [], currency: "AUD" }, labels);
    const value = table.columns.find((c) => c.key === "value")!;
    expect(value.format).toBe("aud");
    expect(formatCell(5e9, value.format, "en")).toBe(formatAud(5e9, "en"));
    expect(chartTable({ rows: [], groups: [] }, labels).columns.find((c) => c.key === "value")!.format).toBe("usd");
    const rows = tooltipRows({ tradeValue: 5e9 }, tooltip, "en", "AUD");
    expect(rows.find((r) => r.key === "tradeValue")?.value).toContain("AUD");
    expect(tooltipRows({ tradeValue: 5e9 }, tooltip, "en").find((r) => r.key === "tradeValue")?.value).toContain("$");
  });
});
