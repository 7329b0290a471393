/**
 * A subnational level's map is fetched and read once per page for the chart and the wrapper that
 * counts its valued members; a failed fetch is not kept, so the next map asks again. The geometry
 * is the data package's own (skipped without it).
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { geoLevel } from "@/domain/subnational/config";
import { prepareRegion, regionMapName } from "./regionMaps";

const GEO = path.resolve(__dirname, "../../../../shared/data/geo");
const hasGeo = fs.existsSync(GEO);

afterEach(() => vi.unstubAllGlobals());

describe("region maps", () => {
  it("names a level's map by country and level", () => {
    expect(regionMapName("esp", "provinces")).toBe("subnational-esp/provinces");
  });

  it.runIf(hasGeo)("reads a level's geometry once, however many ask", async () => {
    const level = geoLevel("esp", "provinces")!;
    const fetched: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      fetched.push(url);
      return new Response(fs.readFileSync(path.join(GEO, level.geometry!.file), "utf8"), { status: 200 });
    });
    const name = regionMapName("esp", "provinces");
    const [a, b] = await Promise.all([prepareRegion(name, level), prepareRegion(name, level)]);
    expect(a).toBe(b);
    expect(fetched).toEqual([`/api/assets/${level.geometry!.file}`]);
    // Spain's 50 provinces and two autonomous cities are drawn, keyed by their ids.
    expect(a.keys.length).toBeGreaterThanOrEqual(50);
    expect(a.keys).toContain("8");
  });

  it("forgets a failed fetch, so the next request tries again", async () => {
    const level = geoLevel("aus", "states")!;
    let calls = 0;
    vi.stubGlobal("fetch", async () => {
      calls++;
      return new Response("gone", { status: 503 });
    });
    const name = "subnational-test/failing";
    await expect(prepareRegion(name, level)).rejects.toThrow(/HTTP 503/);
    await expect(prepareRegion(name, level)).rejects.toThrow(/HTTP 503/);
    expect(calls).toBe(2);
  });

  it("refuses a level without a map", async () => {
    const level = { ...geoLevel("aus", "states")!, geometry: null };
    await expect(prepareRegion("subnational-test/none", level)).rejects.toThrow(/no map/);
  });
});
