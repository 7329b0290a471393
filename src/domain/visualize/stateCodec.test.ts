import { describe, expect, it } from "vitest";
import { profileView } from "./profileViews";
import type { VizState } from "./state";
import { decodeVizState, encodeVizState, MAX_STATE_CHARS, unknownMember, viewApiUrl } from "./stateCodec";
import { fixtureCatalog } from "./test-support";

const STATES: VizState[] = [
  profileView({ chart: "tree_map", country: "chl", product: "show", time: 2018 }),
  profileView({ chart: "tree_map", flow: "import", country: "chl", product: "show", time: 2018, depth: "section" }),
  profileView({ chart: "geomap", country: "show", product: { level: "hs4", code: "2603", section: "5" }, time: 2018, classification: "hs12" }),
  profileView({ chart: "line", country: "deu", partner: "usa", time: { from: 1995, to: 2018 } }),
  profileView({ chart: "stacked", country: null, product: "show", time: { from: 1962, to: 2018 }, depth: "hs2" }),
  profileView({ chart: "tree_map", country: "chl", product: { level: "section", code: "10", section: "10" }, partner: "show", time: 2018 }),
  profileView({ chart: "tree_map", country: "arg", product: { level: "hs6", code: "260300", section: "5" }, partner: "show", time: 2004 }),
  { ...profileView({ chart: "scatter", country: "show", time: 2018 }), x: "gdp", y: "population" },
  { ...profileView({ chart: "geomap", country: "usa", time: 2018 }), regions: { country: "usa", level: "states" } },
];

const decode = (value: unknown) => decodeVizState(typeof value === "string" ? value : JSON.stringify(value));
const base = JSON.parse(encodeVizState(STATES[0]!)) as Record<string, unknown>;

describe("the view state codec", () => {
  it("reads back every state it writes", () => {
    for (const state of STATES) {
      const text = encodeVizState(state);
      expect(decodeVizState(text), text).toEqual({ ok: true, state });
    }
  });

  it("writes one text per state, whatever the order of its fields", () => {
    for (const state of STATES) {
      const reordered = Object.fromEntries(Object.entries(state).reverse()) as VizState;
      expect(Object.keys(reordered)).not.toEqual(Object.keys(state));
      expect(encodeVizState(reordered)).toBe(encodeVizState(state));
    }
    expect(encodeVizState(STATES[0]!)).toBe(
      '{"chart":"tree_map","classification":"hs92","flow":"export","country":{"kind":"country","id":"chl"},"partner":{"kind":"all"},"product":{"kind":"show"},"time":{"kind":"year","year":2018}}',
    );
  });

  it("gives the rows' address, the same for the same state and language", () => {
    const url = viewApiUrl(STATES[0]!, "es");
    expect(url).toBe(viewApiUrl({ ...STATES[0]! }, "es"));
    const params = new URL(url, "http://x").searchParams;
    expect([...params.keys()]).toEqual(["locale", "state"]);
    expect(params.get("locale")).toBe("es");
    expect(decodeVizState(params.get("state")!)).toEqual({ ok: true, state: STATES[0] });
  });

  it("refuses what is not a state, saying why", () => {
    const hostile: [unknown, RegExp][] = [
      ["", /required/],
      ["not json", /not JSON/],
      ["null", /object/],
      ["[]", /object/],
      ['"tree_map"', /object/],
      [{ ...base, extra: 1 }, /unknown field "extra"/],
      [`{"__proto__":{"chart":"line"},${JSON.stringify(base).slice(1)}`, /unknown field "__proto__"/],
      [Object.fromEntries(Object.entries(base).filter(([k]) => k !== "time")), /missing field "time"/],
      [{ ...base, chart: "pie" }, /chart/],
      [{ ...base, chart: ["tree_map"] }, /chart/],
      [{ ...base, classification: "HS92" }, /classification/],
      [{ ...base, flow: 2 }, /flow/],
      [{ ...base, country: { kind: "country", id: "chl' OR 1=1--" } }, /country.id/],
      [{ ...base, country: { kind: "country", id: "CHL" } }, /country.id/],
      [{ ...base, country: { kind: "all", id: "chl" } }, /unknown field "id"/],
      [{ ...base, country: "chl" }, /country must be an object/],
      [{ ...base, partner: { kind: "everyone" } }, /partner.kind/],
      [{ ...base, product: { kind: "product", product: { level: "hs4", code: "26030", section: "5" } } }, /code/],
      [{ ...base, product: { kind: "product", product: { level: "hs4", code: 2603, section: "5" } } }, /code/],
      [{ ...base, product: { kind: "product", product: { level: "section", code: "5", section: "6" } } }, /section/],
      [{ ...base, product: { kind: "product", product: { level: "hs4", code: "2603", section: "5", name: "x" } } }, /unknown field "name"/],
      [{ ...base, time: { kind: "year", year: "2018" } }, /time.year/],
      [{ ...base, time: { kind: "year", year: 2018.5 } }, /time.year/],
      [{ ...base, time: { kind: "year", year: 1e308 } }, /time.year/],
      [{ ...base, time: { kind: "range", from: 2018, to: 1995 } }, /range/],
      [{ ...base, time: { kind: "range", from: 2018, to: 2018 } }, /range/],
      [{ ...base, depth: "hs8" }, /depth/],
      [{ ...base, x: "constructor" }, /unknown measure/],
      [{ ...base, regions: { country: "esp", level: "../../etc" } }, /regions.level/],
      [`{"chart":"${"a".repeat(MAX_STATE_CHARS)}"}`, /longer than/],
    ];
    for (const [value, reason] of hostile) {
      const result = decode(value);
      expect(result.ok, JSON.stringify(value)?.slice(0, 80)).toBe(false);
      if (!result.ok) expect(result.message, JSON.stringify(value)?.slice(0, 80)).toMatch(reason);
    }
  });

  it("refuses another spelling of a good state, so one state has one URL", () => {
    const text = encodeVizState(STATES[3]!);
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(text) as object).reverse()));
    for (const spelling of [reordered, JSON.stringify(JSON.parse(text), null, 1), text.replace('"line"', '"\\u006cine"')]) {
      const result = decodeVizState(spelling);
      expect(result.ok, spelling).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/canonical/);
    }
  });

  it("names a country or product the catalogue does not know", () => {
    const catalog = fixtureCatalog();
    expect(unknownMember(STATES[0]!, catalog)).toBeNull();
    expect(unknownMember(STATES[2]!, catalog)).toBeNull();
    expect(unknownMember(STATES[5]!, catalog)).toBeNull();
    expect(unknownMember(profileView({ chart: "tree_map", country: "zzz", product: "show", time: 2018 }), catalog)).toEqual({ code: "unknown_country", value: "zzz" });
    expect(unknownMember(profileView({ chart: "line", country: "chl", partner: "xyz", time: 2018 }), catalog)).toEqual({ code: "unknown_country", value: "xyz" });
    // A heading under the wrong section, and a code the catalogue lacks.
    expect(unknownMember(profileView({ chart: "geomap", country: "show", product: { level: "hs4", code: "2603", section: "6" }, time: 2018 }), catalog)).toMatchObject({ code: "unknown_product" });
    expect(unknownMember(profileView({ chart: "geomap", country: "show", product: { level: "hs4", code: "9999", section: "21" }, time: 2018 }), catalog)).toMatchObject({ code: "unknown_product" });
  });
});
