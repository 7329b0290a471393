import fs from "node:fs";
import path from "node:path";
import { feature } from "topojson-client";
import { describe, expect, it } from "vitest";
import { ALL_SUBNATIONAL_COUNTRIES, geoLevel, type GeoLevel } from "./config";
import { mapLayout, prepareFeatures, projectedAspect, subnationalMapOption, valuePieces, type GeoCollection } from "./map";
import { makeProjection } from "./projection";

const GEO = path.resolve(__dirname, "../../../../shared/data/geo");
const hasGeo = fs.existsSync(GEO);

function load(level: GeoLevel): GeoCollection {
  const text = fs.readFileSync(path.join(GEO, level.geometry!.file), "utf8");
  const json = JSON.parse(text);
  if (json.type === "Topology") return feature(json, Object.values(json.objects)[0] as never) as unknown as GeoCollection;
  return json as GeoCollection;
}

describe("subnational map features", () => {
  it.runIf(hasGeo)("reads every configured level's map: members keyed, ignored features left out", () => {
    for (const country of ALL_SUBNATIONAL_COUNTRIES) {
      for (const level of country.geoLevels) {
        if (!level.geometry) continue;
        const prepared = prepareFeatures(load(level), level);
        expect(prepared.keys.length, level.geometry.file).toBeGreaterThan(0);
        expect(new Set(prepared.keys).size, level.geometry.file).toBe(prepared.keys.length);
        for (const id of level.ignoreIdsList ?? []) expect(prepared.keys, level.geometry.file).not.toContain(id);
      }
    }
  });

  it.runIf(hasGeo)("compares ids as integers where the file mixes '05' and 5, and drops collided ids by name", () => {
    const jpn = prepareFeatures(load(geoLevel("jpn", "prefectures")!), geoLevel("jpn", "prefectures")!);
    expect(jpn.keys).toContain("5");
    expect(jpn.keys.some((k) => /^0\d/.test(k))).toBe(false);
    expect(jpn.keys).toHaveLength(47);
    const aus = prepareFeatures(load(geoLevel("aus", "states")!), geoLevel("aus", "states")!);
    expect([...aus.keys].sort()).toEqual(["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"].concat(aus.keys.filter((k) => k.startsWith("AU."))).sort());
    expect(aus.keys).toContain("NSW");
    const names = aus.areas.features.map((f) => f.properties?.name);
    expect(names).not.toContain("Norfolk Island");
    expect(names).not.toContain("Macquarie Island");
    expect(names).toContain("New South Wales");
    const chl = prepareFeatures(load(geoLevel("chl", "regions")!), geoLevel("chl", "regions")!);
    expect(chl.keys).toHaveLength(16);
  });

  it.runIf(hasGeo)("draws ports as points over the country's outline", () => {
    const level = geoLevel("usa", "ports")!;
    const prepared = prepareFeatures(load(level), level);
    expect(prepared.points.length).toBe(399);
    expect(prepared.areas.features).toHaveLength(1);
    expect(prepared.points.every((p) => p.name && Number.isFinite(p.coord[0]))).toBe(true);
  });
});

// The parts of the option these tests read.
type Opt = {
  series: { type: string; data: unknown; projection: { project(p: number[]): number[] }; tooltip: { formatter(p: { name: string }): string }; itemStyle: { areaColor: string } }[];
  visualMap?: { pieces: { label: string }[] };
};

describe("subnational map option", () => {
  const level = geoLevel("esp", "provinces")!;
  const areas: GeoCollection = {
    type: "FeatureCollection",
    features: [
      { type: "Feature", properties: { id: "08", name: "Barcelona" }, geometry: { type: "Polygon", coordinates: [[[2, 41], [2.5, 41], [2.5, 42], [2, 41]]] } },
      { type: "Feature", properties: { id: 28, name: "Madrid" }, geometry: { type: "Polygon", coordinates: [[[-4, 40], [-3, 40], [-3, 41], [-4, 40]]] } },
      { type: "Feature", properties: { id: 46, name: "<b>Valencia</b>" }, geometry: { type: "Polygon", coordinates: [[[-1, 39], [0, 39], [0, 40], [-1, 39]]] } },
    ],
  };
  const prepared = prepareFeatures(areas, level);

  it("joins values on normalised ids, uses the Miller projection and labels the currency", () => {
    const option = subnationalMapOption({ mapName: "m", level, prepared, values: [{ id: "8", value: 500 }, { id: "28", value: 100 }], locale: "en", currency: "EUR", dark: false, noDataLabel: "No data" }) as unknown as Opt;
    const series = option.series[0];
    expect(series.type).toBe("map");
    expect(series.data).toEqual([{ name: "8", value: 500 }, { name: "28", value: 100 }, { name: "46", value: Number.NaN }]);
    const [x, y] = series.projection.project([0, 60]);
    expect(x).toBe(0);
    expect(y).toBeCloseTo(-1.1968, 3);
    expect(option.visualMap!.pieces.map((p) => p.label).join(" ")).toContain("EUR");
    const tip = series.tooltip.formatter({ name: "46" });
    expect(tip).toContain("&lt;b&gt;Valencia&lt;/b&gt;");
    expect(tip).toContain("No data");
  });

  it("has no legend without values and dark colours in dark mode", () => {
    const light = subnationalMapOption({ mapName: "m", level, prepared, locale: "es", currency: "EUR", dark: false, noDataLabel: "-" }) as unknown as Opt;
    const dark = subnationalMapOption({ mapName: "m", level, prepared, locale: "es", currency: "EUR", dark: true, noDataLabel: "-" }) as unknown as Opt;
    expect(light.visualMap).toBeUndefined();
    expect(dark.series[0].itemStyle.areaColor).not.toBe(light.series[0].itemStyle.areaColor);
  });

  it("makes classes from the values", () => {
    const values = Array.from({ length: 30 }, (_, i) => (i + 1) * 1000);
    const pieces = valuePieces(values, "en", "AUD");
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.length).toBeLessThanOrEqual(7);
    expect(pieces[0].gte).toBeUndefined();
    expect(pieces.at(-1)!.lt).toBeUndefined();
    expect(valuePieces([0, 0], "en", "USD")).toEqual([]);
  });
});

describe("subnational map layout", () => {
  it("keeps the map's proportions inside the drawing", () => {
    // A wide map in a wide box is limited by the height; a tall one by the height too.
    expect(mapLayout(2, { width: 1000, height: 416 }, 0)).toEqual({ layoutCenter: [500, 208], layoutSize: 800 });
    expect(mapLayout(0.25, { width: 1000, height: 416 }, 0)).toEqual({ layoutCenter: [500, 208], layoutSize: 400 });
    expect(mapLayout(3, { width: 316, height: 416 }, 56).layoutSize).toBe(300);
    expect(mapLayout(1, undefined, 0)).toEqual({ layoutCenter: ["50%", "50%"], layoutSize: "90%" });
  });

  it.runIf(hasGeo)("measures a level's aspect in its projection (Russia, centred on 100°E, is wide)", () => {
    const russia = geoLevel("rus", "regions")!;
    const germany = geoLevel("deu", "regions")!;
    expect(projectedAspect(prepareFeatures(load(russia), russia), russia)).toBeGreaterThan(1.5);
    expect(projectedAspect(prepareFeatures(load(germany), germany), germany)).toBeLessThan(1);
  });

  it.runIf(hasGeo)("keeps Spain compact: with the Canary Islands in their inset the drawing's box is much smaller", () => {
    const spain = geoLevel("esp", "provinces")!;
    const prepared = prepareFeatures(load(spain), spain);
    const area = (kind: "miller" | "miller-canaries") => {
      const projection = makeProjection(kind);
      let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
      const visit = (c: unknown): void => {
        if (Array.isArray(c) && typeof c[0] === "number") {
          const [x, y] = projection.project(c as number[]);
          [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
        } else if (Array.isArray(c)) c.forEach(visit);
      };
      for (const f of prepared.areas.features) visit(f.geometry?.coordinates);
      return (x1 - x0) * (y1 - y0);
    };
    // Drawn in place, the islands make the box about twice the size, and the peninsula half as big on the card.
    expect(area("miller-canaries")).toBeLessThan(area("miller") * 0.65);
  });
});
