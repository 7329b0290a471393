import { describe, expect, it } from "vitest";
import { ROLE_BULK_MANAGER, ROLE_FREE, ROLE_PREMIUM, ROLE_PRO } from "@/domain/auth/roles";
import { canOpenPro, isProGatedPath, isProProfile } from "./proAccess";

describe("canOpenPro", () => {
  it("opens PRO pages to PRO, PREMIUM and the bulk-access manager", () => {
    expect(canOpenPro(ROLE_PRO)).toBe(true);
    expect(canOpenPro(ROLE_PREMIUM)).toBe(true);
    expect(canOpenPro(ROLE_BULK_MANAGER)).toBe(true);
  });
  it("keeps them closed to free users, anonymous visitors and unknown roles", () => {
    expect(canOpenPro(ROLE_FREE)).toBe(false);
    expect(canOpenPro(null)).toBe(false);
    expect(canOpenPro(undefined)).toBe(false);
    for (const role of [-1, 3, 9, 11, 1.5, Number.NaN]) expect(canOpenPro(role), String(role)).toBe(false);
  });
});

describe("isProProfile", () => {
  it("gates the subnational reports only", () => {
    expect(isProProfile("subnational_esp")).toBe(true);
    expect(isProProfile("subnational_usa")).toBe(true);
    expect(isProProfile("subnational")).toBe(true);
    for (const report of ["country", "world", "hs", "bilateral-country", "bilateral-product", "international_organization"]) expect(isProProfile(report), report).toBe(false);
  });
});

describe("isProGatedPath", () => {
  it("matches a subnational member's profile in every language", () => {
    expect(isProGatedPath("/en/profile/subnational_esp/28")).toBe(true);
    expect(isProGatedPath("/es/profile/subnational_esp/madrid")).toBe(true);
    expect(isProGatedPath("/zh/profile/subnational_esp/28/")).toBe(true);
    expect(isProGatedPath("/en/profile/subnational_bra/states/31")).toBe(true);
    expect(isProGatedPath("/es/profile/subnational_aus/states/AU.NS")).toBe(true);
  });
  it("leaves the report's landing and every other page public", () => {
    for (const path of ["/en/profile/subnational_esp", "/en/profile/subnational_esp/", "/en/profile/country/esp", "/en/profile/hs/2603", "/en/subscription", "/fr/profile/subnational_esp/28", "/en/profile/subnational/28", "/en/profile/subnational_bra", "/zh/profile/subnational_aus"]) {
      expect(isProGatedPath(path), path).toBe(false);
    }
  });
});
