import { describe, expect, it } from "vitest";
import { chartPartsFor, partRegistry, type EChartsPart } from "./chartParts";
import type { ChartSpec } from "./spec";

const TYPES: ChartSpec["type"][] = ["treemap", "stacked", "line", "measureLine", "bars", "regionMap", "scatter", "network", "geomap"];

/** A registry over fake part imports that records what was imported and what was registered. */
function recording(fail: Set<string> = new Set()) {
  const imported: string[] = [];
  const used: string[][] = [];
  const importers = Object.fromEntries(
    (["treemap", "line", "bar", "scatter", "map", "graph", "svg"] as const).map((part) => [
      part,
      async () => {
        imported.push(part);
        if (fail.has(part)) throw new Error(`chunk ${part} failed`);
        return [`${part}-chart`, `${part}-component`];
      },
    ]),
  ) as Record<EChartsPart, () => Promise<string[]>>;
  const registry = partRegistry<EChartsPart, string>(importers, (extensions) => void used.push(extensions));
  return { registry, imported, used };
}

describe("which ECharts parts a chart needs", () => {
  it("names one chart module per type, never all of them, and never the SVG renderer", () => {
    for (const type of TYPES) {
      const parts = chartPartsFor(type);
      expect(parts.length, type).toBeGreaterThan(0);
      expect(parts.length, type).toBeLessThanOrEqual(2);
      expect(parts, type).not.toContain("svg");
    }
    expect(chartPartsFor("treemap")).toEqual(["treemap"]);
    expect(chartPartsFor("network")).toEqual(["graph"]);
    expect(chartPartsFor("geomap")).toEqual(["map"]);
    expect(chartPartsFor("scatter")).toEqual(["scatter"]);
    expect(chartPartsFor("bars")).toEqual(["bar"]);
  });

  it("draws stacked areas, lines and measure lines with the same part", () => {
    expect(chartPartsFor("stacked")).toEqual(["line"]);
    expect(chartPartsFor("line")).toEqual(["line"]);
    expect(chartPartsFor("measureLine")).toEqual(["line"]);
  });

  it("gives a region map the map and the scatter of its points", () => {
    expect([...chartPartsFor("regionMap")].sort()).toEqual(["map", "scatter"]);
  });
});

describe("registering parts on demand", () => {
  it("imports and registers a part once, however many charts of its type ask, at once or later", async () => {
    const { registry, imported, used } = recording();
    await Promise.all([registry.ensure(chartPartsFor("treemap")), registry.ensure(chartPartsFor("treemap"))]);
    await registry.ensure(chartPartsFor("treemap"));
    expect(imported).toEqual(["treemap"]);
    expect(used).toEqual([["treemap-chart", "treemap-component"]]);
  });

  it("imports only what a new type adds", async () => {
    const { registry, imported } = recording();
    await registry.ensure(chartPartsFor("scatter"));
    await registry.ensure(chartPartsFor("regionMap"));
    await registry.ensure(chartPartsFor("stacked"));
    await registry.ensure(chartPartsFor("line"));
    expect(imported).toEqual(["scatter", "map", "line"]);
  });

  it("forgets a failed import, so the next chart tries again", async () => {
    const fail = new Set(["map"]);
    const { registry, imported, used } = recording(fail);
    await expect(registry.ensure(chartPartsFor("geomap"))).rejects.toThrow("chunk map failed");
    expect(used).toEqual([]);
    fail.clear();
    await registry.ensure(chartPartsFor("geomap"));
    expect(imported).toEqual(["map", "map"]);
    expect(used).toEqual([["map-chart", "map-component"]]);
  });

  it("tells an instance made before its type's part was registered to be made anew, and no other", async () => {
    const { registry } = recording();
    expect(registry.generation()).toBe(0);
    await registry.ensure(["treemap"]);
    const madeForTreemap = registry.generation();
    expect(madeForTreemap).toBe(1);
    expect(registry.newerThan(["treemap"], madeForTreemap)).toBe(false);
    // Not registered at all: an instance cannot draw it either.
    expect(registry.newerThan(["line"], madeForTreemap)).toBe(true);
    await registry.ensure(["line", "svg"]);
    expect(registry.generation()).toBe(3);
    expect(registry.newerThan(["line"], madeForTreemap)).toBe(true);
    expect(registry.newerThan(["treemap"], madeForTreemap)).toBe(false);
    expect(registry.newerThan(["line"], registry.generation())).toBe(false);
  });
});
