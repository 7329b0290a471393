import fs from "node:fs";
import path from "node:path";
import { profileView } from "@/domain/visualize/profileViews";
import { loadView, viewKey } from "@/server/visualize/view";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHARTS } from "@/domain/visualize/state";
import { coveredYears } from "@/domain/visualize/coverage";
import { defaultState, parseVizPath } from "@/domain/visualize/urlCodec";
import { planView } from "@/domain/visualize/views";
import { closeWarehouse } from "@/server/warehouse/db";
import { importTiny, tempDir, TINY_PACKAGE } from "@/server/warehouse/__tests__/helpers";
import { encodeVizState, viewApiUrl } from "@/domain/visualize/stateCodec";
import { handleAssetRequest, productSpaceIds } from "../assets";
import { handleViewRequest } from "../viewApi";
import { loadVisualization, mainQuery } from "../load";
import { vizCatalog, vizMembers } from "../members";

const dir = tempDir("visualize-test-");
const saved = { warehouse: process.env.WAREHOUSE_PATH, data: process.env.TRADE_DATA_DIR };
beforeAll(async () => {
  process.env.WAREHOUSE_PATH = path.join(dir, "w.duckdb");
  process.env.TRADE_DATA_DIR = TINY_PACKAGE;
  await importTiny(process.env.WAREHOUSE_PATH);
});
afterAll(() => {
  closeWarehouse();
  process.env.WAREHOUSE_PATH = saved.warehouse;
  process.env.TRADE_DATA_DIR = saved.data;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("catalog and members", () => {
  it("resolve countries and products from the warehouse", async () => {
    const catalog = await vizCatalog();
    expect(catalog.country("CL")).toBe("chl");
    expect(catalog.country("chile")).toBe("chl");
    expect(catalog.product("2603")).toEqual({ level: "hs4", code: "2603", section: "5" });
    const years = (flow: "export" | "import", depth: "section" | "hs4" | "hs6", bilateral = false) => coveredYears(catalog.coverage, { classification: "hs92", flow, depth, bilateral });
    expect(catalog.coverage.classifications).toEqual(["hs92"]);
    expect(years("export", "hs4")).toEqual([1962, 1980, 2017, 2018, 2019]);
    // HS4 imports exist for 2018 only in the package; no HS6, no bilateral HS4.
    expect(years("import", "hs4")).toEqual([2018]);
    expect(years("export", "hs6")).toEqual([]);
    expect(years("export", "hs4", true)).toEqual([]);
    expect(years("export", "section", true).length).toBeGreaterThan(0);
    const members = await vizMembers("zh");
    expect(members.countries.get("chl")?.name).toBe("智利");
    expect(members.sections.get("5")?.color).toMatch(/^#/);
  });
});

describe("loadVisualization", () => {
  it("loads every chart's default view (or the view suggested instead) with its API queries", async () => {
    const catalog = await vizCatalog();
    for (const chart of CHARTS) {
      const planned = planView(defaultState(chart, catalog.coverage), catalog.coverage);
      const plan = planned.ok ? planned.plan : (() => {
        const again = planView(planned.suggestion!, catalog.coverage);
        if (!again.ok) throw new Error(`${chart}: no view to load`);
        return again.plan;
      })();
      const data = await loadVisualization(plan, "en");
      expect(data.chart, chart).toBe(chart);
      expect(data.rows.length, chart).toBeGreaterThan(0);
      expect(data.queries.length, chart).toBeGreaterThan(0);
      for (const q of data.queries) {
        expect(q.api.startsWith("/api/data?cube="), chart).toBe(true);
        expect(q.csv).toContain("format=csv");
      }
      for (const row of data.rows) expect(row.color, chart).toMatch(/^#[0-9a-f]{6}$/i);
    }
  });

  it("breaks Chile's exports down by HS4 with section colours and groups", async () => {
    const catalog = await vizCatalog();
    const parsed = parseVizPath("tree_map/hs92/export/chl/all/show/2018".split("/"), {}, catalog);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const planned = planView(parsed.state, catalog.coverage);
    if (!planned.ok) throw new Error("no plan");
    expect(mainQuery(planned.plan, { cube: "trade_i_ots_a_hs4", bilateral: false, years: [2018] })).toMatchObject({ cube: "trade_i_ots_a_hs4", drilldowns: ["HS4"], parents: true });
    const data = await loadVisualization(planned.plan, "es");
    expect(data.rows[0]).toMatchObject({ id: "2603", kind: "hs4", group: "5", value: 19_248_140_501 });
    expect(data.groups.some((g) => g.id === "5")).toBe(true);
    expect(data.nested).toBe(true);
    expect(data.queries[0].api).toContain("locale=es");
  });

  it("draws product detail from whichever dataset the catalogue names for each year, and says so", async () => {
    const catalog = await vizCatalog();
    const parsed = parseVizPath("stacked/hs92/export/chl/all/show/2017-2019".split("/"), { depth: "hs4" }, catalog);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const planned = planView(parsed.state, catalog.coverage);
    if (!planned.ok) throw new Error(JSON.stringify(planned.problems));
    const data = await loadVisualization(planned.plan, "en");
    expect([...new Set(data.rows.map((r) => r.year))].sort()).toEqual([2017, 2018, 2019]);
    // Two cubes (OTS 2017-2018, the Atlas 2019): two queries, both sources named.
    expect(data.queries.map((q) => new URL(q.api, "http://x").searchParams.get("cube")).sort()).toEqual(["trade_i_atlas_a_hs4", "trade_i_ots_a_hs4"]);
    // Source keys, named on the page in its language (charts.attributions).
    expect(data.sources).toEqual(expect.arrayContaining(["atlas", "ots"]));
  });

  it("loads a typed view state through the view service, or explains why it cannot", async () => {
    const state = profileView({ chart: "tree_map", country: "chl", product: "show", time: 2018 });
    const view = await loadView(state, "en");
    if (view.kind !== "ok") throw new Error(JSON.stringify(view));
    expect(view.data.rows[0]).toMatchObject({ id: "2603", kind: "hs4" });
    // The same state with its fields in another order is the same view (one cache entry per render).
    const reordered = Object.fromEntries(Object.entries(state).reverse()) as typeof state;
    expect(Object.keys(reordered)).not.toEqual(Object.keys(state));
    expect(viewKey(reordered)).toBe(viewKey(state));
    const wrong = await loadView(profileView({ chart: "network", country: null, time: 2018 }), "en");
    expect(wrong.kind).toBe("problems");
    if (wrong.kind === "problems") expect(wrong.problems.map((p) => p.code)).toContain("networkNeedsProducts");
  });

  it("gives the product space RCA and world trade for the layout's products only", async () => {
    const catalog = await vizCatalog();
    const planned = planView(defaultState("network", catalog.coverage), catalog.coverage);
    if (!planned.ok) throw new Error("no plan");
    const data = await loadVisualization(planned.plan, "en");
    const layout = await productSpaceIds();
    expect(data.rows.every((r) => layout!.has(r.id))).toBe(true);
    expect(data.rows.some((r) => typeof r.rca === "number" && r.rca > 1)).toBe(true);
    expect(data.rows.every((r) => r.measures && "world_trade" in r.measures)).toBe(true);
    expect(data.queries.map((q) => q.role)).toEqual(["main", "world"]);
  });
});

describe("GET /api/assets/{name}", () => {
  const request = (headers: HeadersInit = {}) => new Request("http://x/api/assets/product_space_hs4.json", { headers });

  it("serves the product space with cache headers and an ETag", async () => {
    const response = await handleAssetRequest(request(), "product_space_hs4.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("max-age=604800");
    const etag = response.headers.get("etag")!;
    expect(etag).toMatch(/^"[a-z0-9]+-[a-z0-9]+"$/);
    const body = (await response.json()) as { nodes: unknown[] };
    expect(body.nodes.length).toBeGreaterThan(0);
    const again = await handleAssetRequest(request({ "If-None-Match": etag }), "product_space_hs4.json");
    expect(again.status).toBe(304);
  });

  it("refuses names outside the allowlist, and says when the package lacks a file", async () => {
    for (const name of ["../datapackage.json", "countries.csv", "geo/ury_corridors.topojson", "%2e%2e%2fsecret"]) {
      const response = await handleAssetRequest(request(), name);
      expect(response.status, name).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
    const missing = await handleAssetRequest(request(), "world_countries_110m.topojson");
    expect(missing.status).toBe(503);
  });
});

describe("GET /api/view?locale=&state=", () => {
  const get = (query: string) => handleViewRequest(new Request(`http://localhost/api/view${query}`));
  const chile = profileView({ chart: "tree_map", country: "chl", product: "show", time: 2018 });

  it("answers a typed state's rows, from its canonical address", async () => {
    const response = await get(viewApiUrl(chile, "en").slice("/api/view".length));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("public");
    expect(response.headers.get("content-language")).toBe("en");
    const { data } = (await response.json()) as { data: { chart: string; rows: { id: string }[] } };
    expect(data.chart).toBe("tree_map");
    expect(data.rows[0]).toMatchObject({ id: "2603", kind: "hs4" });
  });

  it("refuses the old path form, unknown or repeated parameters, bad locales, hostile and non-canonical states with a JSON 400", async () => {
    const text = encodeVizState(chile);
    const state = (value: string) => `?locale=en&state=${encodeURIComponent(value)}`;
    const cases: [string, string][] = [
      [`?path=${encodeURIComponent("/en/visualize/tree_map/hs92/export/chl/all/show/2018")}`, "unknown_parameter"],
      [`${state(text)}&depth=hs4`, "unknown_parameter"],
      [`${state(text)}&state=${encodeURIComponent(text)}`, "invalid_parameter"],
      [`?locale=xx&state=${encodeURIComponent(text)}`, "invalid_parameter"],
      ["?locale=en", "invalid_parameter"],
      [state("{"), "invalid_parameter"],
      [state(text.replace('"chl"', '"../etc"')), "invalid_parameter"],
      [state(text.replace("2018", "-1")), "invalid_parameter"],
      [state(`${text} `), "invalid_parameter"],
      [state("x".repeat(100_000)), "invalid_parameter"],
      [state(text.replace('"chl"', '"zzz"')), "unknown_country"],
      [state(encodeVizState(profileView({ chart: "geomap", country: "show", product: { level: "hs4", code: "2603", section: "6" }, time: 2018 }))), "unknown_product"],
    ];
    for (const [query, code] of cases) {
      const response = await get(query);
      expect(response.status, query.slice(0, 100)).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code, query.slice(0, 100)).toBe(code);
    }
  });

  it("says 422 no_view for a state the catalogue cannot plan", async () => {
    const response = await get(viewApiUrl(profileView({ chart: "network", country: null, time: 2018 }), "en").slice("/api/view".length));
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("no_view");
    expect(body.error.message).toContain("networkNeedsProducts");
  });
});
