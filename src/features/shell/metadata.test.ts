import { describe, expect, it } from "vitest";
import { localizedAlternates } from "./metadata";

describe("localizedAlternates", () => {
  it("gives a canonical and every language for a page", () => {
    expect(localizedAlternates("es", "/profile/country/chl")).toEqual({
      canonical: "/es/profile/country/chl",
      languages: {
        en: "/en/profile/country/chl",
        es: "/es/profile/country/chl",
        "zh-Hans": "/zh/profile/country/chl",
        "x-default": "/en/profile/country/chl",
      },
    });
  });
  it("uses the bare locale for the home page", () => {
    expect(localizedAlternates("zh", "/")).toMatchObject({ canonical: "/zh", languages: { en: "/en" } });
  });
});
