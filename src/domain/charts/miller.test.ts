import { describe, expect, it } from "vitest";
import { millerProject, millerUnproject } from "./miller";

describe("Miller projection", () => {
  it("keeps the origin and maps longitude linearly", () => {
    const [x, y] = millerProject([0, 0]);
    expect(x).toBeCloseTo(0, 12);
    expect(y).toBeCloseTo(0, 12);
    expect(millerProject([180, 0])[0]).toBeCloseTo(Math.PI, 12);
    expect(millerProject([-90, 0])[0]).toBeCloseTo(-Math.PI / 2, 12);
  });
  it("matches the formula y = 1.25 ln tan(pi/4 + 0.4 phi), north up", () => {
    expect(-millerProject([0, 45])[1]).toBeCloseTo(0.84284, 4);
    expect(-millerProject([0, -45])[1]).toBeCloseTo(-0.84284, 4);
    // At 80 degrees Miller stretches far less than Mercator (2.436): y ≈ 1.8324.
    expect(-millerProject([10, 80])[1]).toBeCloseTo(1.83239, 4);
  });
  it("is symmetric about the equator and stays finite at the poles", () => {
    for (const lat of [10, 33.3, 60, 89]) expect(millerProject([0, lat])[1]).toBeCloseTo(-millerProject([0, -lat])[1], 12);
    expect(Number.isFinite(millerProject([0, 90])[1])).toBe(true);
    expect(Number.isFinite(millerProject([0, -90])[1])).toBe(true);
  });
  it("inverts", () => {
    for (const point of [[-70.6, -33.4], [116.4, 39.9], [0, 0], [179, 85], [-179, -85]]) {
      const [lon, lat] = millerUnproject(millerProject(point));
      expect(lon).toBeCloseTo(point[0], 9);
      expect(lat).toBeCloseTo(point[1], 9);
    }
  });
});
