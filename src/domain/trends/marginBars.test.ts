import { describe, expect, it } from "vitest";
import { barsTable } from "@/domain/charts/options/bars";
import { CHANGE_COLORS } from "@/domain/charts/presentation";
import { marginBars, marginParts } from "./marginBars";
import type { Margins } from "./maths";

const margins: Margins = { gained: 30, lost: -12, intensive: 7, total: 25, counts: { new: 3, lost: 2, continuing: 40 } };
const labels = { new: "New (3)", lost: "Lost (2)", continuing: "Continuing (40)", total: "Total change", series: "Change" };

describe("margin bars", () => {
  it("draws new, lost, continuing and the total, adding up, each in its colour", () => {
    const parts = marginParts(margins);
    expect(parts.map((p) => p.part)).toEqual(["new", "lost", "continuing", "total"]);
    expect(parts[0].value + parts[1].value + parts[2].value).toBe(parts[3].value);
    const bars = marginBars(margins, labels);
    expect(bars.categories).toEqual([
      { id: "new", name: "New (3)", color: CHANGE_COLORS.gained },
      { id: "lost", name: "Lost (2)", color: CHANGE_COLORS.lost },
      { id: "continuing", name: "Continuing (40)", color: CHANGE_COLORS.continuing },
      { id: "total", name: "Total change", color: CHANGE_COLORS.total },
    ]);
    expect(bars.series).toEqual([{ id: "change", name: "Change", values: [30, -12, 7, 25] }]);
    expect(barsTable(bars, { category: "Part" }).rows).toEqual([
      ["new", "New (3)", 30],
      ["lost", "Lost (2)", -12],
      ["continuing", "Continuing (40)", 7],
      ["total", "Total change", 25],
    ]);
  });
});
