import { describe, expect, it } from "vitest";
import { CHANGE_COLORS } from "@/domain/charts/presentation";
import { bars, barsChart, chartChoices, chartRows, chartYears, pickChart } from "./chart";
import { decodeState, encodeState, explorerPath } from "./codec";
import { curlSnippet, pythonSnippet } from "./snippets";
import { dataParams, dataUrl, defaultPivot, emptyState, pivotUrl, stateProblems, type BuilderState } from "./state";

const full: BuilderState = {
  cube: "trade_i_ots_a_sections",
  drilldowns: ["Year", "Section"],
  measures: ["Trade Value"],
  cuts: [
    { level: "Exporter Country", ids: ["deu", "fra"] },
    { level: "Section", ids: ["16"] },
  ],
  time: "2010-2015",
  growth: true,
  rca: null,
  sort: "Trade Value.desc",
  pageSize: 100,
  page: 3,
  chart: "line",
  view: "pivot",
  pivot: { rows: "Section", columns: "Year" },
};

describe("shareable URL codec", () => {
  it("restores every part of the query", () => {
    expect(decodeState(encodeState(full))).toEqual(full);
    expect(decodeState(new URLSearchParams(explorerPath(full).split("?")[1]))).toEqual(full);
    const rca = { ...emptyState("trade_i_comtrade_a_hs4_sample"), drilldowns: ["Exporter Country", "HS4"], measures: ["Trade Value"], rca: ["Exporter Country", "HS4"] as [string, string] };
    expect(decodeState(encodeState(rca))).toEqual(rca);
  });

  it("leaves defaults out of the URL", () => {
    expect(explorerPath(emptyState())).toBe("/explorer");
    expect(encodeState(emptyState("c")).toString()).toBe("cube=c");
  });

  it("reads a Next.js searchParams record as well as URLSearchParams", () => {
    const record = { cube: "x", cut: ["Section=01,02", "Year=2018"], drilldowns: "Section" };
    const s = decodeState(record);
    expect(s.cuts).toEqual([
      { level: "Section", ids: ["01", "02"] },
      { level: "Year", ids: ["2018"] },
    ]);
    expect(s.drilldowns).toEqual(["Section"]);
  });

  it("drops hostile and malformed values instead of throwing", () => {
    const s = decodeState(
      new URLSearchParams({
        cube: "<script>alert(1)</script>",
        drilldowns: "Section,,Section,a\u0000b",
        measures: "x".repeat(500),
        time: "2015-2010",
        size: "99999",
        page: "-4",
        chart: "pie",
        view: "admin",
        prows: "Year",
        pcols: "Year",
        sort: "Trade Value.sideways",
      }),
    );
    expect(s.cube).toBe("");
    expect(s.drilldowns).toEqual(["Section"]);
    expect(s.measures).toEqual([]);
    expect(s.time).toBe("");
    expect(s.pageSize).toBe(50);
    expect(s.page).toBe(1);
    expect(s.chart).toBeNull();
    expect(s.view).toBe("table");
    expect(s.pivot).toBeNull();
    expect(s.sort).toBe("");
    const cuts = decodeState(new URLSearchParams([["cut", "Section=01,'; DROP TABLE x;--,02"], ["cut", "=01"], ["cut", "Section=03"]])).cuts;
    expect(cuts).toEqual([{ level: "Section", ids: ["01", "02"] }]);
  });

  it("keeps the documented time forms", () => {
    for (const t of ["latest", "oldest", "2018", "2010-2015", "2016,2017"]) expect(decodeState(new URLSearchParams({ time: t })).time).toBe(t);
  });
});

describe("API parameters", () => {
  it("speaks /api/data's vocabulary, growth and RCA on the first measure", () => {
    const p = dataParams(full, "Year", "es");
    expect(p.get("drilldowns")).toBe("Year,Section");
    expect(p.getAll("cut")).toEqual(["Exporter Country=deu,fra", "Section=16"]);
    expect(p.get("growth")).toBe("Year,Trade Value");
    expect(p.get("locale")).toBe("es");
    const rca = dataParams({ ...full, growth: false, rca: ["Exporter Country", "Section"] }, "Year", "en");
    expect(rca.get("rca")).toBe("Exporter Country,Section,Trade Value");
    expect(rca.has("locale")).toBe(false);
  });

  it("pages with limit and offset, downloads in a format", () => {
    const url = new URL(dataUrl(full, "Year", "en"), "http://x");
    expect(url.pathname).toBe("/api/data");
    expect(url.searchParams.get("limit")).toBe("100");
    expect(url.searchParams.get("offset")).toBe("200");
    const parquet = new URL(dataUrl(full, "Year", "en", { format: "parquet", page: false }), "http://x");
    expect(parquet.searchParams.get("format")).toBe("parquet");
    expect(parquet.searchParams.has("limit")).toBe(false);
  });

  it("builds the pivot URL from the two pivot levels, without drilldowns", () => {
    const url = new URL(pivotUrl(full, "Year", "en", 2)!, "http://x");
    expect(url.pathname).toBe("/api/pivot");
    expect(url.searchParams.get("rows")).toBe("Section");
    expect(url.searchParams.get("columns")).toBe("Year");
    expect(url.searchParams.has("drilldowns")).toBe(false);
    expect(url.searchParams.get("offset")).toBe("100");
    expect(pivotUrl({ ...full, pivot: null }, "Year", "en")).toBeNull();
    expect(defaultPivot(full, "Year")).toEqual({ rows: "Section", columns: "Year" });
    expect(defaultPivot({ ...full, drilldowns: ["Section"] }, "Year")).toBeNull();
    const levels = ["Year", "Exporter Country", "Section"];
    expect(defaultPivot({ ...full, drilldowns: ["Section"] }, "Year", levels)).toEqual({ rows: "Section", columns: "Year" });
    expect(defaultPivot({ ...full, drilldowns: ["Year"] }, "Year", levels)).toEqual({ rows: "Exporter Country", columns: "Year" });
    expect(defaultPivot({ ...full, drilldowns: [] }, null, ["Province", "Section"])).toEqual({ rows: "Province", columns: "Section" });
  });

  it("names what is missing before asking the warehouse", () => {
    expect(stateProblems(emptyState(), "Year")).toEqual(["noCube"]);
    expect(stateProblems(emptyState("c"), "Year")).toEqual(["noMeasure"]);
    expect(stateProblems({ ...full, drilldowns: ["Section"], pivot: null }, "Year")).toEqual(["growthNeedsTime", "pivotNeedsTwo"]);
    expect(stateProblems({ ...full, growth: false, rca: ["Section", "Section"] }, "Year")).toContain("rcaNeedsLevels");
    expect(stateProblems(full, "Year")).toEqual([]);
  });
});

describe("snippets", () => {
  it("quotes the URL for the shell and writes repeated parameters as Python lists", () => {
    expect(curlSnippet("https://x/api/data?a='b'")).toBe(`curl -s 'https://x/api/data?a='\\''b'\\'''`);
    const py = pythonSnippet("https://x", dataUrl(full, "Year", "en"));
    expect(py).toContain('requests.get("https://x/api/data", params=params');
    expect(py).toContain('"cut": ["Exporter Country=deu,fra", "Section=16"],');
    expect(py).toContain('"time": "2010-2015",');
  });
});

describe("chart choice", () => {
  it("treemap for one category, stacked for Year and one level, line for Year alone, bars otherwise", () => {
    expect(pickChart({ drilldowns: ["Section"], timeLevel: "Year", money: true })).toBe("treemap");
    expect(pickChart({ drilldowns: ["Year", "Section"], timeLevel: "Year", money: true })).toBe("stacked");
    expect(pickChart({ drilldowns: ["Year"], timeLevel: "Year", money: true })).toBe("line");
    expect(pickChart({ drilldowns: ["Exporter Country", "Section"], timeLevel: "Year", money: true })).toBe("bar");
    expect(pickChart({ drilldowns: ["Section"], timeLevel: "Year", money: false })).toBe("bar");
    expect(pickChart({ drilldowns: ["Year", "Section"], timeLevel: "Year", money: true }, "line")).toBe("line");
    expect(pickChart({ drilldowns: ["Section"], timeLevel: "Year", money: true }, "line")).toBe("treemap");
    expect(chartChoices({ drilldowns: ["Year", "Section"], timeLevel: "Year", money: true })).toEqual(["line", "stacked", "bar"]);
  });

  it("turns records into chart rows and bars", () => {
    const records = [
      { "Year ID": 2017, Year: 2017, "Section ID": "16", Section: "Machines", "Trade Value": 10 },
      { "Year ID": 2018, Year: 2018, "Section ID": "16", Section: "Machines", "Trade Value": 30 },
      { "Year ID": 2018, Year: 2018, "Section ID": "05", Section: "Minerals", "Trade Value": -60 },
    ];
    const shape = { drilldowns: ["Year", "Section"], timeLevel: "Year", money: true };
    const rows = chartRows(records, shape, "Trade Value");
    expect(rows.map((r) => [r.id, r.year, r.value, r.kind])).toEqual([
      ["16", 2017, 10, "section"],
      ["16", 2018, 30, "section"],
      ["05", 2018, -60, "section"],
    ]);
    expect(rows[0].color).toBe(rows[1].color);
    expect(rows[0].color).not.toBe(rows[2].color);
    expect(chartYears(rows)).toEqual([2017, 2018]);
    const b = bars(records, ["Year", "Section"], "Trade Value");
    expect(b[0]).toEqual({ label: "2018 · Minerals", value: -60, share: 1 });
    expect(b[1].share).toBeCloseTo(0.5);
    // The same bars for the one chart component: red below zero, dollars for a money measure.
    const chart = barsChart(records, ["Year", "Section"], "Trade Value", true);
    expect(chart.categories.map((c) => c.name)).toEqual(["2018 · Minerals", "2018 · Machines", "2017 · Machines"]);
    expect(chart.categories.map((c) => c.color)).toEqual([CHANGE_COLORS.lost, CHANGE_COLORS.gained, CHANGE_COLORS.gained]);
    expect(chart.series).toEqual([{ id: "Trade Value", name: "Trade Value", values: [-60, 30, 10] }]);
    expect(chart.format).toBe("usd");
    expect(barsChart(records, ["Section"], "Trade Value Growth", false).format).toBe("percent");
    expect(barsChart(records, ["Section"], "RCA", false).format).toBe("decimal");
    expect(barsChart(records, ["Section"], "Quantity", false).format).toBe("number");
  });
});
