import { describe, expect, it } from "vitest";
import { blocHistoryChart, memberTreemap, productHistoryChart, type HistoryPoint } from "./deepCharts";

const point = (year: number, dataset: string, vintage: string, value: number): HistoryPoint => ({ year, dataset, vintage, source: dataset.split("_")[0], value, worldShare: 0.1, rca: 2 });
const labels = { measure: "Exports", year: "Year", worldShare: "Share", rca: "RCA", source: "Source" };

describe("productHistoryChart", () => {
  it("draws one series per run of one dataset and release, a point per year, and keeps each year's source in the table", () => {
    const points = [point(2019, "atlas_hs4", "atlas_2019", 5), point(1962, "ots_hs4", "ots_ec2019", 1), point(1980, "ots_hs4", "ots_ec2019", 2), point(2018, "ots_hs4", "ots_trd", 4)];
    const chart = productHistoryChart(points, labels, ({ first, last, point: p }) => `${p.vintage} ${first}-${last}`);
    expect(chart.spec.input.series.map((s) => s.name)).toEqual(["ots_ec2019 1962-1980", "ots_trd 2018-2018", "atlas_2019 2019-2019"]);
    expect(chart.points).toBe(4);
    expect(chart.table.rows.map((r) => r[0])).toEqual([1962, 1980, 2018, 2019]);
    expect(chart.table.rows[3]).toEqual([2019, 5, 0.1, 2, "atlas_2019 2019-2019"]);
  });
});

describe("blocHistoryChart", () => {
  it("stacks intra- and extra-bloc exports per year, with the total and source in the table", () => {
    const chart = blocHistoryChart(
      [
        { year: 2018, intra: 3, extra: 7, total: 10 },
        { year: 2017, intra: 2, extra: 6, total: 8 },
      ],
      { intra: "To members", extra: "To the rest", total: "Total", year: "Year", source: "Source" },
      (y) => `OTS ${y}`,
    );
    expect(chart.spec.input.years).toEqual([2017, 2018]);
    expect(chart.spec.input.rows.filter((r) => r.id === "intra").map((r) => r.value)).toEqual([2, 3]);
    expect(chart.table.rows).toEqual([
      [2017, 2, 6, 8, "OTS 2017"],
      [2018, 3, 7, 10, "OTS 2018"],
    ]);
    expect(chart.points).toBe(2);
  });
});

describe("memberTreemap", () => {
  it("draws the largest members with value, nested in the groups they use", () => {
    const { input } = memberTreemap(
      [
        { id: "chn", name: "China", value: 10, color: "#c00", group: "as" },
        { id: "bra", name: "Brazil", value: 5, color: "#0c0", group: "sa" },
        { id: "zzz", name: "Nothing", value: 0, color: "#ccc", group: "eu" },
      ],
      { kind: "country", year: 2018, groups: [{ id: "as", name: "Asia", color: "#c00", kind: "continent" }, { id: "sa", name: "South America", color: "#0c0", kind: "continent" }, { id: "eu", name: "Europe", color: "#00c", kind: "continent" }], max: 1 },
    );
    expect(input.rows.map((r) => r.id)).toEqual(["chn"]);
    expect(input.groups.map((g) => g.id)).toEqual(["as"]);
  });
});
