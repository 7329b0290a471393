import { describe, expect, it } from "vitest";
import { AUS_STATE_CODES, ausGeoId, ausStateOfGeo, parseAusStateCode } from "./ausStates";

describe("Australian state codes and their map features", () => {
  it("maps the eight states and territories both ways, and RX and CND to no feature", () => {
    for (const code of AUS_STATE_CODES) expect(ausStateOfGeo(ausGeoId(code)!, code === "ACT" ? "Australian Capital Territory" : undefined)).toBe(code);
    expect(ausGeoId("RX")).toBeNull();
    expect(ausGeoId("CND")).toBeNull();
    expect(ausStateOfGeo("AU")).toBeNull();
  });
  it("does not take Norfolk Island (AU.CT too) for the ACT", () => {
    expect(ausStateOfGeo("AU.CT", "Norfolk Island")).toBeNull();
  });
  it("parses URL segments case-insensitively and rejects the rest", () => {
    expect(parseAusStateCode("wa")).toBe("WA");
    expect(parseAusStateCode("NSW")).toBe("NSW");
    for (const bad of ["rx", "cnd", "", "x".repeat(500), "<b>", null, undefined]) expect(parseAusStateCode(bad)).toBeNull();
  });
});
