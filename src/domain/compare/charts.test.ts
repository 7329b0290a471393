import { describe, expect, it } from "vitest";
import type { Provenance } from "@/domain/catalog/figure";
import { catalogEntry } from "@/domain/catalog/test-support";
import { measureLineOption } from "@/domain/charts/options/measureLine";
import type { ChartContext } from "@/domain/charts/types";
import { breakdownTreemaps, entityColor, lineChart } from "./charts";
import { commonYear, longestSeries, seriesRuns } from "./series";
import type { CompareBreakdown, CompareEntity, CompareRankYear, CountryTradeYear } from "./types";

const ots = (year: number): Provenance => ({ dataset: "ots_sections", vintage: "ots_trd", source: "ots", year });
const entities: CompareEntity[] = [
  { id: "chl", name: "Chile", kind: "country", profile: "/profile/country/chl" },
  { id: "per", name: "Peru", kind: "country", profile: "/profile/country/per" },
];
const labels = { measure: "Exports", year: "Year", name: "Name", source: "Source" };
const sourceLabel = (p: Provenance) => `${p.source} (${p.vintage})`;
const trade = (id: string, year: number, exports: number, imports: number): CountryTradeYear => ({ id, year, exports, imports, balance: exports - imports, provenance: ots(year) });

const ctx: ChartContext = {
  locale: "en",
  dark: false,
  labels: { tooltip: {} as ChartContext["labels"]["tooltip"], fallbacks: { unspecifiedTerritories: "", multipleItems: "", otherValues: "Other" }, total: "Total", measures: {}, worldTrade: "", noData: "", smallerItems: (count) => `${count}` },
};

describe("one dataset per chart", () => {
  const entries = [
    ...[1962, 1980, 2017].map((year) => catalogEntry({ dataset: "ots_hs4", year, vintage: "ots_ec2019" })),
    catalogEntry({ dataset: "ots_hs4", year: 2018, vintage: "ots_trd" }),
    catalogEntry({ dataset: "atlas_hs4", year: 2019, priority: 1, source: "atlas", flows: ["export"] }),
    ...Array.from({ length: 29 }, (_, i) => catalogEntry({ dataset: "atlas_world_hs4", year: 1995 + i, priority: 1, source: "atlas", scope: "world", reporters: 0, flows: ["export"] })),
  ];

  it("draws world exports of a product from the longest single dataset: the world series when imported", () => {
    const years = longestSeries(entries, { depth: "hs4", flow: "export", scope: "world" });
    expect(new Set(years.map((y) => y.dataset))).toEqual(new Set(["atlas_world_hs4"]));
    expect(years.map((y) => y.year)).toEqual(Array.from({ length: 29 }, (_, i) => 1995 + i));
  });

  it("falls back to the country dataset without it, keeping its change of release as a break", () => {
    const without = entries.filter((e) => e.dataset !== "atlas_world_hs4");
    const years = longestSeries(without, { depth: "hs4", flow: "export", scope: "world" });
    expect(years.map((y) => [y.dataset, y.year])).toEqual([
      ["ots_hs4", 1962],
      ["ots_hs4", 1980],
      ["ots_hs4", 2017],
      ["ots_hs4", 2018],
    ]);
    expect(seriesRuns(years).map((run) => run.map((y) => y.year))).toEqual([[1962, 1980, 2017], [2018]]);
    // A world-only dataset never answers a question about countries.
    expect(longestSeries(entries, { depth: "hs4", flow: "export" }).map((y) => y.dataset)).not.toContain("atlas_world_hs4");
  });

  it("compares everyone in the newest year all of them have, else the newest anyone has", () => {
    const years = [2016, 2017, 2018].map(ots);
    const has = (year: number) => (year === 2018 ? ["chl"] : ["chl", "per"]);
    expect(commonYear(years, has, ["chl", "per"])?.year).toBe(2017);
    expect(commonYear(years, () => ["chl"], ["chl", "per"])?.year).toBe(2018);
    expect(commonYear(years, () => [], ["chl", "per"])).toBeNull();
  });
});

describe("line charts of the compared entities", () => {
  it("draws one line per entity in its colour, with nulls for years it lacks, and a table of the same rows with their source", () => {
    const rows = [trade("chl", 2017, 60, 55), trade("chl", 2018, 75, 70), trade("per", 2018, 48, 41)];
    const chart = lineChart(entities, { years: [ots(2017), ots(2018)], rows }, (r) => r.exports, { format: "usd", labels, sourceLabel });
    const series = chart.spec.input.series;
    expect(series.map((s) => [s.id, s.name, s.color])).toEqual([
      ["chl", "Chile", entityColor(0)],
      ["per", "Peru", entityColor(1)],
    ]);
    expect(series[1].points).toEqual([
      { year: 2017, value: null },
      { year: 2018, value: 48 },
    ]);
    expect(chart.breaks).toEqual([]);
    expect(chart.years).toEqual([2017, 2018]);
    expect(chart.table.columns.map((c) => c.format)).toEqual(["text", "year", "usd", "text"]);
    expect(chart.table.rows).toEqual([
      ["Chile", 2017, 60, "ots (ots_trd)"],
      ["Chile", 2018, 75, "ots (ots_trd)"],
      ["Peru", 2018, 48, "ots (ots_trd)"],
    ]);
    // The balance is exports minus imports of the same rows.
    const balance = lineChart(entities, { years: [ots(2017), ots(2018)], rows }, (r) => r.balance, { format: "usd", labels, sourceLabel });
    expect(balance.spec.input.series[0].points.map((p) => p.value)).toEqual([5, 5]);
  });

  it("breaks the line where the release changes: one line per run, same name and colour, and says where", () => {
    const eciYears: Provenance[] = [
      ...[1962, 1980, 2017].map((year) => ({ dataset: "complexity_hs92_hs4", vintage: "ots_ec2019", source: "ots_hs4", year })),
      { dataset: "complexity_hs92_hs4", vintage: "ots_trd", source: "ots_hs4", year: 2018 },
      { dataset: "complexity_hs92_hs4", vintage: "atlas_2019", source: "atlas_hs4", year: 2019 },
    ];
    const rows: CompareRankYear[] = eciYears.flatMap((p, i) => [
      { id: "chl", year: p.year, value: 0.1 * i, rank: 40 + i, ranked: 120, provenance: p },
      { id: "per", year: p.year, value: -0.2 * i, rank: 80 + i, ranked: 120, provenance: p },
    ]);
    const chart = lineChart(entities, { years: eciYears, rows }, (r) => r.value, {
      format: "decimal",
      labels: { ...labels, measure: "ECI" },
      sourceLabel,
      extras: [{ key: "rank", label: "Rank", format: "number", value: (r) => r.rank, text: (r) => `${r.rank} of ${r.ranked}` }],
    });
    expect(chart.breaks).toEqual([2018, 2019]);
    const chile = chart.spec.input.series.filter((s) => s.name === "Chile");
    expect(chile.map((s) => s.points.map((p) => p.year))).toEqual([[1962, 1980, 2017], [2018], [2019]]);
    expect(new Set(chile.map((s) => s.color)).size).toBe(1);
    expect(new Set(chart.spec.input.series.map((s) => s.id)).size).toBe(chart.spec.input.series.length);
    expect(chile[1].points[0].extra).toEqual([{ label: "Rank", value: "43 of 120" }]);
    expect(chart.table.columns.map((c) => c.key)).toEqual(["name", "year", "value", "rank", "source"]);
    expect(chart.table.rows[3]).toEqual(["Chile", 2018, 0.30000000000000004, 43, "ots_hs4 (ots_trd)"]);
    // The option generator draws it: five lines of Chile and Peru, years on a value axis.
    const option = measureLineOption(chart.spec.input, ctx) as { series: { data: [number, number | null][] }[] };
    expect(option.series).toHaveLength(6);
    expect(option.series[0].data).toEqual([
      [1962, 0],
      [1980, 0.1],
      [2017, 0.2],
    ]);
  });

  it("leaves out an entity without any value and names it", () => {
    const chart = lineChart(entities, { years: [ots(2018)], rows: [trade("chl", 2018, 75, 70)] }, (r) => r.exports, { format: "usd", labels, sourceLabel });
    expect(chart.spec.input.series.map((s) => s.id)).toEqual(["chl"]);
    expect(chart.missing).toEqual(["per"]);
  });

  it("draws nothing from rows of entities not compared or values that are not numbers", () => {
    const rows = [trade("arg", 2018, 10, 5), { ...trade("chl", 2018, Number.NaN, 0) }];
    const chart = lineChart(entities, { years: [ots(2018)], rows }, (r) => r.exports, { format: "usd", labels, sourceLabel });
    expect(chart.spec.input.series).toEqual([]);
    expect(chart.table.rows).toEqual([]);
    expect(chart.missing).toEqual(["chl", "per"]);
  });
});

describe("breakdown treemaps", () => {
  const p = ots(2018);
  const breakdown: CompareBreakdown = {
    provenance: p,
    apiUrl: "/api/data?cube=x",
    totals: [
      { id: "chl", value: 100 },
      { id: "per", value: 0 },
    ],
    rows: [
      { id: "chl", partId: "5", partName: "Mineral Products", color: "#A0522D", value: 60, share: 0.6, provenance: p },
      { id: "chl", partId: "1", partName: "Animal Products", color: "#F2AA86", value: 40, share: 0.4, provenance: p },
    ],
  };
  const tableLabels = { name: "Name", value: "Exports", share: "Share", year: "Year", source: "Source" };

  it("gives every entity with a breakdown its own treemap of the one year, largest part first, with a table", () => {
    const maps = breakdownTreemaps(entities, breakdown, { dimension: "Section", kind: "section", labels: tableLabels, sourceLabel });
    expect(maps.map((m) => m.id)).toEqual(["chl"]);
    const [chile] = maps;
    expect(chile.spec.type).toBe("treemap");
    expect(chile.spec.input.year).toBe(2018);
    expect(chile.spec.input.rows.map((r) => [r.id, r.value, r.color])).toEqual([
      ["5", 60, "#A0522D"],
      ["1", 40, "#F2AA86"],
    ]);
    expect(chile.table.rows[0]).toEqual(["5", "Mineral Products", 60, 0.6, 2018, "ots (ots_trd)"]);
  });

  it("draws nothing when no year answers", () => {
    expect(breakdownTreemaps(entities, { ...breakdown, provenance: null }, { dimension: "Section", kind: "section", labels: tableLabels, sourceLabel })).toEqual([]);
  });
});
