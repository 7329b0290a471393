import { describe, expect, it } from "vitest";
import { defaultPeriod, newestComparablePeriod, parseTrendParams, periodInOneSeries, periodProblem, trendSearch, yearsWithin } from "./params";

// The package: OTS HS4 joins two releases (1962, 1980, 2017 from the older; 2018 from the newer).
const YEARS = [
  { year: 1962, dataset: "ots_hs4", vintage: "ots_ec2019" },
  { year: 1980, dataset: "ots_hs4", vintage: "ots_ec2019" },
  { year: 2017, dataset: "ots_hs4", vintage: "ots_ec2019" },
  { year: 2018, dataset: "ots_hs4", vintage: "ots_trd" },
  { year: 2019, dataset: "atlas_hs4", vintage: "atlas_2019" },
];
const SECTIONS = [2015, 2016, 2017, 2018].map((year) => ({ year, dataset: "ots_sections", vintage: "ots_trd" }));

describe("parseTrendParams", () => {
  it("reads a full selection and round-trips it through the URL", () => {
    const r = parseTrendParams(new URLSearchParams("reporter=DEU&flow=import&by=partners&depth=section&from=2000&to=2018&min=1000&section=16&sort=cagr&dir=asc&page=2"));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.params).toEqual({ reporter: "deu", flow: "import", by: "partners", depth: "section", from: 2000, to: 2018, min: 1000, section: "16", sort: "cagr", dir: "asc", page: 2 });
    const again = parseTrendParams(new URLSearchParams(trendSearch(r.params)));
    expect(again).toEqual(r);
  });

  it("fills defaults and leaves them out of the URL", () => {
    const r = parseTrendParams({ reporter: "world", from: "2017", to: "2018", section: "" });
    expect(r).toEqual({ ok: true, params: { reporter: "world", flow: "export", by: "products", depth: "hs4", from: 2017, to: 2018, min: 0, sort: "change", dir: "desc", page: 1 } });
    if (r.ok) expect(trendSearch(r.params)).toBe("reporter=world&flow=export&by=products&depth=hs4&from=2017&to=2018");
  });

  it("says which field is wrong", () => {
    const bad = (q: string) => parseTrendParams(new URLSearchParams(q));
    expect(bad("reporter=deu&from=2018&to=2018")).toMatchObject({ ok: false, field: "to" });
    expect(bad("reporter=deu&from=2018&to=2017")).toMatchObject({ ok: false, field: "to", message: expect.stringContaining("earlier") });
    expect(bad("reporter=deu&to=2018")).toMatchObject({ ok: false, field: "from", message: "from: required" });
    expect(bad("reporter=<script>&from=2017&to=2018")).toMatchObject({ ok: false, field: "reporter" });
    expect(bad("reporter=deu&from=abc&to=2018")).toMatchObject({ ok: false, field: "from" });
    expect(bad("reporter=deu&from=2017&to=2018&depth=hs8")).toMatchObject({ ok: false, field: "depth" });
    expect(bad("reporter=deu&from=2017&to=2018&min=-5")).toMatchObject({ ok: false, field: "min" });
    expect(bad("reporter=deu&from=2017&to=2018&section=x1")).toMatchObject({ ok: false, field: "section" });
    expect(bad("reporter=deu&from=2017&to=2018&sort=name;drop")).toMatchObject({ ok: false, field: "sort" });
  });
});

describe("periods", () => {
  it("finds what is wrong with a period", () => {
    expect(periodProblem(YEARS, 2017, 2018)).toBeNull();
    expect(periodProblem(YEARS, 1962, 2019)).toBeNull();
    expect(periodProblem(YEARS, 2018, 2018)).toBe("order");
    expect(periodProblem(YEARS, 2000, 2018)).toBe("fromMissing");
    expect(periodProblem(YEARS, 2017, 2020)).toBe("toMissing");
    expect(periodProblem(YEARS.slice(0, 1), 1962, 1980)).toBe("empty");
  });

  it("defaults to the newest pair of years within one series (dataset and release)", () => {
    // 2017 -> 2018 would cross the two OTS releases: the newest pair of one release is 1980 -> 2017.
    expect(defaultPeriod(YEARS)).toEqual({ from: 1980, to: 2017 });
    expect(defaultPeriod([{ year: 2002, dataset: "baci" }, { year: 2004, dataset: "baci" }])).toEqual({ from: 2002, to: 2004 });
    // Two datasets, or two releases of one, never make a default period.
    expect(defaultPeriod([{ year: 2002, dataset: "a" }, { year: 2004, dataset: "b" }])).toBeNull();
    expect(defaultPeriod([{ year: 2002, dataset: "a", vintage: "x" }, { year: 2004, dataset: "a", vintage: "y" }])).toBeNull();
    expect(defaultPeriod([{ year: 2002, dataset: "a" }])).toBeNull();
  });

  it("previews the newest comparable period of any depth, the finest on a tie", () => {
    expect(newestComparablePeriod([{ depth: "section", years: SECTIONS }, { depth: "hs4", years: YEARS }])).toEqual({ depth: "section", from: 2017, to: 2018 });
    const hs4 = [2017, 2018].map((year) => ({ year, dataset: "baci", vintage: "b" }));
    expect(newestComparablePeriod([{ depth: "section", years: SECTIONS }, { depth: "hs4", years: hs4 }])).toEqual({ depth: "hs4", from: 2017, to: 2018 });
    expect(newestComparablePeriod([{ depth: "hs4", years: YEARS.slice(3) }])).toBeNull();
  });

  it("lists the years in a period and tells a period inside one series", () => {
    expect(yearsWithin(YEARS, 1970, 2018)).toEqual([1980, 2017, 2018]);
    expect(periodInOneSeries(YEARS, 2018, 2019)).toBe(false);
    expect(periodInOneSeries(YEARS, 2017, 2018)).toBe(false);
    expect(periodInOneSeries(YEARS, 1962, 2017)).toBe(true);
    expect(periodInOneSeries(SECTIONS, 2017, 2018)).toBe(true);
    expect(periodInOneSeries(YEARS, 1962, 2000)).toBe(false);
  });
});
