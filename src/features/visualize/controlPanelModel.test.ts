import { describe, expect, it } from "vitest";
import { ALL, SHOW, type VizState } from "@/domain/visualize/state";
import { fixtureCatalog } from "@/domain/visualize/test-support";
import type { YearCoverage } from "@/domain/visualize/coverage";
import { applyControl, breakdownOf, controlView, geoSlot, geoValue, withBreakdown, withFrom, withTo } from "./controlPanelModel";

const coverage = fixtureCatalog().coverage;
const chl = { kind: "country", id: "chl" } as const;
const base: VizState = { chart: "tree_map", classification: "hs92", flow: "export", country: chl, partner: ALL, product: SHOW, time: { kind: "year", year: 2018 } };
const withProvinces: YearCoverage = {
  ...coverage,
  regions: [{ country: "esp", level: "provinces", years: [2020, 2021, 2022], flows: ["export"], depths: ["section"] }],
};

describe("breakdownOf and withBreakdown", () => {
  it("reads what the view breaks down, product first", () => {
    expect(breakdownOf(base)).toBe("product");
    expect(breakdownOf({ ...base, product: ALL, partner: SHOW })).toBe("partner");
    expect(breakdownOf({ ...base, product: ALL, country: SHOW })).toBe("country");
    expect(breakdownOf({ ...base, product: ALL })).toBe("total");
  });

  it("moves the breakdown and keeps every filter that still applies", () => {
    const copper = { kind: "product", product: { level: "hs4", code: "2603", section: "5" } } as const;
    const partners = withBreakdown({ ...base, product: copper }, "partner");
    expect(partners).toMatchObject({ country: chl, partner: SHOW, product: copper });
    const countries = withBreakdown({ ...base, product: copper, partner: { kind: "country", id: "deu" } }, "country");
    expect(countries).toMatchObject({ country: SHOW, partner: { kind: "country", id: "deu" }, product: copper });
    expect(withBreakdown(partners, "total")).toMatchObject({ country: chl, partner: ALL, product: copper });
  });

  it("falls back to the default country when every country was shown, and drops scatter axes", () => {
    const next = withBreakdown({ ...base, product: ALL, country: SHOW, x: "gdp_per_capita", y: "trade_value" }, "product");
    expect(next).toMatchObject({ country: chl, partner: ALL, product: SHOW });
    expect(next).not.toHaveProperty("x");
    expect(next).not.toHaveProperty("y");
  });
});

describe("geo select values", () => {
  it("round-trips a country and treats empty or 'all' as no filter", () => {
    expect(geoValue(chl)).toBe("chl");
    expect(geoValue(ALL)).toBe("all");
    expect(geoValue(SHOW)).toBe("all");
    expect(geoSlot("deu")).toEqual({ kind: "country", id: "deu" });
    expect(geoSlot("all")).toBe(ALL);
    expect(geoSlot(null)).toBe(ALL);
    expect(geoSlot("")).toBe(ALL);
  });
});

describe("ranges", () => {
  const range: VizState = { ...base, chart: "stacked", time: { kind: "range", from: 2000, to: 2010 } };
  it("keeps a range in order when either end moves", () => {
    expect(withFrom(range, 2005).time).toEqual({ kind: "range", from: 2005, to: 2010 });
    expect(withTo(range, 2015).time).toEqual({ kind: "range", from: 2000, to: 2015 });
  });
  it("keeps at least one year between the ends when they cross or meet", () => {
    expect(withFrom(range, 2010).time).toEqual({ kind: "range", from: 2009, to: 2010 });
    expect(withFrom(range, 2012).time).toEqual({ kind: "range", from: 2009, to: 2012 });
    expect(withTo(range, 2000).time).toEqual({ kind: "range", from: 2000, to: 2001 });
    expect(withTo(range, 1995).time).toEqual({ kind: "range", from: 1995, to: 2001 });
  });
  it("starts a range from a single year", () => {
    expect(withFrom(base, 2010).time).toEqual({ kind: "range", from: 2010, to: 2018 });
    expect(withTo(base, 2010).time).toEqual({ kind: "range", from: 2010, to: 2019 });
  });
});

describe("applyControl", () => {
  it("ignores a cleared chart, classification or scatter axis", () => {
    for (const control of ["chart", "classification", "x", "y"] as const) expect(applyControl(base, { control, value: null }, coverage), control).toBeNull();
  });

  it("sets the simple fields", () => {
    expect(applyControl(base, { control: "flow", value: "import" }, coverage)?.flow).toBe("import");
    expect(applyControl({ ...base, depth: "hs4" }, { control: "classification", value: "hs96" }, coverage)).toMatchObject({ classification: "hs96", depth: undefined });
    expect(applyControl(base, { control: "depth", value: "section" }, coverage)?.depth).toBe("section");
    expect(applyControl(base, { control: "year", value: "2001" }, coverage)?.time).toEqual({ kind: "year", year: 2001 });
    expect(applyControl(base, { control: "x", value: "rca" }, coverage)?.x).toBe("rca");
    expect(applyControl(base, { control: "country", value: "all" }, coverage)?.country).toBe(ALL);
    expect(applyControl(base, { control: "partner", value: "deu" }, coverage)?.partner).toEqual({ kind: "country", id: "deu" });
    expect(applyControl(base, { control: "breakdown", value: "partner" }, coverage)).toMatchObject({ partner: SHOW, product: ALL });
    expect(applyControl(base, { control: "from", value: "2000" }, coverage)?.time).toEqual({ kind: "range", from: 2000, to: 2018 });
  });

  it("reads a product id, and treats 'all' or a malformed id as every product", () => {
    const state = { ...base, product: ALL };
    expect(applyControl(state, { control: "product", value: "52603" }, coverage)?.product).toEqual({ kind: "product", product: { level: "hs4", code: "2603", section: "5" } });
    expect(applyControl(state, { control: "product", value: "all" }, coverage)?.product).toBe(ALL);
    expect(applyControl(state, { control: "product", value: "<x>" }, coverage)?.product).toBe(ALL);
  });

  it("switches chart through the planner", () => {
    const next = applyControl(base, { control: "chart", value: "stacked" }, coverage);
    expect(next?.chart).toBe("stacked");
    expect(next?.time.kind).toBe("range");
  });

  it("maps a level's regions, and 'world' or a malformed token goes back to countries", () => {
    const map: VizState = { ...base, chart: "geomap", product: ALL, partner: SHOW };
    const regions = applyControl(map, { control: "regions", value: "esp.provinces" }, withProvinces);
    expect(regions).toMatchObject({ regions: { country: "esp", level: "provinces" }, country: { kind: "country", id: "esp" }, time: { kind: "year", year: 2022 } });
    for (const value of ["world", "not a token", null]) {
      const back = applyControl(regions!, { control: "regions", value }, withProvinces);
      expect(back).not.toHaveProperty("regions");
      expect(back).toMatchObject({ partner: SHOW, product: ALL });
    }
  });
});

describe("controlView", () => {
  it("shows the controls a product breakdown needs", () => {
    const view = controlView(base, coverage);
    expect(view).toMatchObject({ breakdown: "product", breakdowns: ["product", "partner", "country"], showCountry: true, showPartner: true, showProduct: false, showDepth: true, rangeChart: false, year: "2018", entity: "product", country: "chl", partner: "all", productValue: "all" });
    expect(view.years[0]).toBe("2018");
    expect(view.years.at(-1)).toBe("1962");
    expect(view.depths).toContain("section");
    expect(view.depths).toContain("hs4");
  });

  it("offers 'total' on a line chart or when it is the current breakdown", () => {
    expect(controlView({ ...base, chart: "line" }, coverage).breakdowns).toContain("total");
    expect(controlView({ ...base, product: ALL }, coverage).breakdowns).toEqual(["product", "partner", "country", "total"]);
  });

  it("shows the ends of a range, or the last year of a range as the single year", () => {
    const state: VizState = { ...base, chart: "stacked", time: { kind: "range", from: 1995, to: 2010 } };
    expect(controlView(state, coverage)).toMatchObject({ rangeChart: true, from: "1995", to: "2010", year: "2010" });
    expect(controlView(base, coverage)).toMatchObject({ from: "2018", to: "2018" });
  });

  it("uses the default scatter axes of the entity shown unless chosen", () => {
    const countries = controlView({ ...base, chart: "scatter", product: ALL, country: SHOW }, coverage);
    expect(countries).toMatchObject({ entity: "country", x: "gdp_per_capita", y: "trade_value", showDepth: false });
    expect(controlView({ ...base, chart: "scatter", x: "rca" }, coverage)).toMatchObject({ entity: "product", x: "rca", y: "rca" });
  });

  it("hides the breakdown and member controls on a map of regions, listing its years newest first", () => {
    const view = controlView({ ...base, chart: "geomap", product: ALL, partner: ALL, regions: { country: "esp", level: "provinces" } }, withProvinces);
    expect(view).toMatchObject({ years: ["2022", "2021", "2020"], regionsValue: "esp.provinces", showCountry: false, showPartner: false, showProduct: true });
    expect(view.regional?.country).toBe("esp");
  });
});
