import { describe, expect, it } from "vitest";
import { clipRing, splitAntimeridian, splitPolygon, unwrapRing } from "./antimeridian";

// A square from 170°E to 170°W (crossing the antimeridian), written the world-atlas way.
const crossing = [
  [170, 10],
  [180, 10],
  [-170, 10],
  [-170, 0],
  [180, 0],
  [170, 0],
  [170, 10],
];

describe("antimeridian", () => {
  it("unwraps longitudes so a ring stays continuous", () => {
    expect(unwrapRing(crossing).map((p) => p[0])).toEqual([170, 180, 190, 190, 180, 170, 170]);
    expect(unwrapRing([[0, 0], [10, 0], [0, 0]])).toEqual([[0, 0], [10, 0], [0, 0]]);
  });
  it("clips a ring against a meridian", () => {
    const ring = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]];
    const left = clipRing(ring, 5, "left");
    expect(Math.max(...left.map((p) => p[0]))).toBe(5);
    expect(left[0]).toEqual(left[left.length - 1]);
    expect(clipRing(ring, -5, "left")).toEqual([]);
  });
  it("splits crossing polygons into an east and a west part within ±180", () => {
    const parts = splitPolygon([crossing]);
    expect(parts).toHaveLength(2);
    const [east, west] = parts;
    expect(east[0].every((p) => p[0] >= 170 && p[0] <= 180)).toBe(true);
    expect(west[0].every((p) => p[0] >= -180 && p[0] <= -170)).toBe(true);
    expect(west[0].some((p) => p[0] === -180)).toBe(true);
  });
  it("leaves other geometries alone", () => {
    const square = { type: "Polygon", coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] };
    expect(splitAntimeridian(square)).toBe(square);
    const point = { type: "Point", coordinates: [0, 0] };
    expect(splitAntimeridian(point)).toBe(point);
    const multi = { type: "MultiPolygon", coordinates: [[crossing], square.coordinates] };
    const split = splitAntimeridian(multi) as { type: string; coordinates: unknown[] };
    expect(split.type).toBe("MultiPolygon");
    expect(split.coordinates).toHaveLength(3);
    expect(splitAntimeridian({ type: "Polygon", coordinates: [crossing] }).type).toBe("MultiPolygon");
  });
});
