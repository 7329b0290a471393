import { describe, expect, it } from "vitest";
import { CANARY_ISLANDS_INSET, makeProjection, mercatorY, millerLatitude, millerY, wrapLongitude } from "./projection";

describe("Miller projection", () => {
  it("follows Miller's formula: y = 1.25 ln(tan(π/4 + 0.4φ))", () => {
    expect(millerY(0)).toBeCloseTo(0, 12);
    // Known values of the Miller cylindrical projection (Snyder, Map Projections, table 10).
    expect(millerY(30)).toBeCloseTo(0.53962, 4);
    expect(millerY(60)).toBeCloseTo(1.19683, 4);
    expect(millerY(89.9)).toBeCloseTo(2.30, 1);
    expect(millerY(-45)).toBeCloseTo(-millerY(45), 12);
  });

  it("is flatter than Mercator towards the poles and finite at them", () => {
    expect(millerY(80)).toBeLessThan(mercatorY(80));
    expect(Number.isFinite(millerY(90))).toBe(true);
    expect(millerY(90)).toBe(millerY(89.9));
  });

  it("round-trips through unproject", () => {
    const p = makeProjection("miller");
    for (const [lon, lat] of [[-70.6, -33.4], [2.35, 48.85], [139.7, 35.7], [0, 0], [-179.5, 71]]) {
      const [x, y] = p.unproject(p.project([lon, lat]));
      expect(x).toBeCloseTo(lon, 9);
      expect(y).toBeCloseTo(lat, 9);
    }
    expect(millerLatitude(millerY(55.5))).toBeCloseTo(55.5, 12);
  });

  it("puts north up (screen y grows southwards) and east right", () => {
    const p = makeProjection();
    expect(p.project([0, 50])[1]).toBeLessThan(p.project([0, 10])[1]);
    expect(p.project([10, 0])[0]).toBeGreaterThan(p.project([0, 0])[0]);
  });

  it("centres on a rotated meridian so a country across 180° stays in one piece", () => {
    const p = makeProjection("miller", 100);
    // Chukotka's 191°E (= -169°) lies just east of 179°E, not at the far west.
    expect(p.project([-169, 65])[0]).toBeGreaterThan(p.project([179, 65])[0]);
    expect(wrapLongitude(191, 100)).toBe(91);
    const [lon] = p.unproject(p.project([-169, 65]));
    expect(lon).toBeCloseTo(-169, 9);
  });
});

describe("the Canary Islands inset", () => {
  const spain = makeProjection("miller-canaries");
  const plain = makeProjection("miller");
  const tenerife = [-16.5, 28.3];
  const madrid = [-3.7, 40.4];

  it("leaves the peninsula where Miller puts it", () => {
    expect(spain.project(madrid)).toEqual(plain.project(madrid));
  });

  it("moves the islands next to the peninsula, south of Cádiz, and back again", () => {
    const [x, y] = spain.project(tenerife);
    const [px, py] = plain.project(tenerife);
    expect(x).toBeGreaterThan(px);
    expect(y).toBeLessThan(py); // projected y grows southwards: the inset is further north
    const [cx, cy] = plain.project([-6.3, 36.5]); // Cádiz
    expect(Math.hypot(x - cx, y - cy)).toBeLessThan(Math.hypot(px - cx, py - cy) / 2);
    const back = spain.unproject([x, y]);
    expect(back[0]).toBeCloseTo(tenerife[0], 6);
    expect(back[1]).toBeCloseTo(tenerife[1], 6);
    expect(spain.unproject(spain.project(madrid))[1]).toBeCloseTo(madrid[1], 6);
  });

  it("draws the inset over sea, clear of the peninsula's southern tip (Tarifa, 36.0°N)", () => {
    const [, insetTop] = spain.project([CANARY_ISLANDS_INSET.box.east, CANARY_ISLANDS_INSET.box.north]);
    const [, tarifa] = plain.project([-5.6, 36.0]);
    expect(insetTop).toBeGreaterThan(tarifa);
  });
});
