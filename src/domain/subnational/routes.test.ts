import { expect, it } from "vitest";
import { ALL_SUBNATIONAL_COUNTRIES } from "./config";
import { landingPaths, subnationalRoute } from "./routes";

it("routes every configured country's landing page, its levels and the index", () => {
  expect(subnationalRoute(["subnational"])).toEqual({ kind: "index" });
  for (const country of ALL_SUBNATIONAL_COUNTRIES) {
    const route = subnationalRoute([`subnational_${country.code}`]);
    expect(route?.kind, country.code).toBe("landing");
    for (const level of country.geoLevels) {
      expect(subnationalRoute([`subnational_${country.code}`, level.slug])).toEqual({ kind: "redirect", path: `/subnational_${country.code}#level-${level.slug}` });
    }
  }
  expect(subnationalRoute(["SUBNATIONAL_BRA"])).toEqual({ kind: "redirect", path: "/subnational_bra" });
});

it("leaves members, Spanish provinces and other reports to the profile codec", () => {
  for (const segments of [["subnational_esp", "28"], ["subnational_bra", "states", "31"], ["country", "chl"], ["subnational_xyz"], ["subnational_bra", "nope"], []]) {
    expect(subnationalRoute(segments), segments.join("/")).toBeNull();
  }
  expect(landingPaths(ALL_SUBNATIONAL_COUNTRIES)).toHaveLength(ALL_SUBNATIONAL_COUNTRIES.length + 1);
});
