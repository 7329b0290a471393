import { describe, expect, it } from "vitest";
import { simulate } from "./model";
import { changeBars, simulationCsv, topChanges } from "./output";

const sim = simulate([
  { id: "a", imports: 100, currentTariff: 0.1, newTariff: 0 },
  { id: "b", imports: 200, currentTariff: 0.1, newTariff: 0.1 },
]);

describe("simulation outputs", () => {
  it("CSV has one row per exporter and a total that adds up", () => {
    const lines = simulationCsv(sim, new Map([["a", "=Alpha"]])).trimEnd().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[1].startsWith("a,'=Alpha,100,10,0,")).toBe(true);
    const total = lines[3].split(",");
    expect(Number(total[7])).toBeCloseTo(sim.totals.totalChange, 9);
    expect(Number(total[9])).toBe(30);
  });
  it("the chart shows the biggest movers, largest at the top", () => {
    const rows = topChanges(sim.exporters, 1);
    expect(rows.map((r) => r.id)).toEqual(["a"]);
    const bars = changeBars({
      rows: sim.exporters.map((r) => ({ id: r.id, name: r.id.toUpperCase(), creation: r.tradeCreation, diversion: r.tradeDiversion })),
      labels: { creation: "Creation", diversion: "Diversion", total: "Total" },
    });
    expect(bars.stacked).toBe(true);
    expect(bars.format).toBe("usd");
    expect(bars.totalLabel).toBe("Total");
    expect(bars.series.map((s) => s.name)).toEqual(["Creation", "Diversion"]);
    // In the given order: the chart draws the first category on top.
    expect(bars.categories.map((c) => c.name)).toEqual(sim.exporters.map((r) => r.id.toUpperCase()));
    expect(bars.series[0].values[0]).toBeCloseTo(sim.exporters[0].tradeCreation, 9);
    expect(bars.series[1].values[1]).toBeCloseTo(sim.exporters[1].tradeDiversion, 9);
  });
});
