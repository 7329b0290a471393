import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { attachLayout, parseProductSpaceLayout } from "./layout";
import { productSpaceBackbone } from "./backbone";
import { dataDir } from "./test-support/fixture";

describe("product-space backbone", () => {
  //      a    b    c    d    e
  const phi = Float64Array.from([
    1, 0.9, 0.2, 0.6, 0,
    0.9, 1, 0.7, 0.1, 0,
    0.2, 0.7, 1, 0.56, 0,
    0.6, 0.1, 0.56, 1, 0,
    0, 0, 0, 0, 1,
  ]);
  const ids = ["a", "b", "c", "d", "e"];

  it("is the maximum spanning tree plus links above the threshold; an isolated node stays isolated", () => {
    const edges = productSpaceBackbone(phi, ids, { threshold: 0.55 });
    expect(edges.filter((e) => e.kind === "tree")).toEqual([
      { source: "a", target: "b", weight: 0.9, kind: "tree" },
      { source: "b", target: "c", weight: 0.7, kind: "tree" },
      { source: "a", target: "d", weight: 0.6, kind: "tree" },
    ]);
    expect(edges.filter((e) => e.kind === "strong")).toEqual([{ source: "c", target: "d", weight: 0.56, kind: "strong" }]);
  });

  it("caps the extra links", () => {
    const edges = productSpaceBackbone(phi, ids, { threshold: 0.1, maxExtraEdges: 1 });
    expect(edges.filter((e) => e.kind === "strong")).toEqual([{ source: "c", target: "d", weight: 0.56, kind: "strong" }]);
  });
});

describe("product-space layout", () => {
  const layout = parseProductSpaceLayout({
    nodes: [{ id: "0101", x: 10, y: 20, section: "1", atlas_color: "#fff" }],
    edges: [],
  });

  it("attaches positions where the layout has the product and nulls elsewhere", () => {
    expect(attachLayout(["0101", "9999"], layout)).toEqual([
      { id: "0101", x: 10, y: 20, section: "1", color: "#fff" },
      { id: "9999", x: null, y: null, section: null, color: null },
    ]);
  });

  it("rejects a malformed layout", () => {
    expect(() => parseProductSpaceLayout({ nodes: [{ id: "0101", x: "10" }] })).toThrow();
  });

  const file = join(dataDir, "product_space_hs4.json");
  it.skipIf(!existsSync(file))("parses the data package's product_space_hs4.json", () => {
    const real = parseProductSpaceLayout(JSON.parse(readFileSync(file, "utf8")));
    expect(real.nodes).toHaveLength(866);
    const [cattle, unspecified] = attachLayout(["0102", "9999"], real);
    expect(cattle.x).toBeTypeOf("number");
    expect(cattle.section).toBe("1");
    expect(unspecified.x).toBeNull();
  });
});
