import { describe, expect, it } from "vitest";
import { loadingFor, opensInPlace } from "./routeLoading";

const here = new URL("http://localhost/en/visualize");

describe("loadingFor", () => {
  it("shows nothing for the same path or another site", () => {
    expect(loadingFor(here, new URL("http://localhost/en/visualize?x=1"))).toBe("none");
    expect(loadingFor(here, new URL("http://localhost/en/visualize#top"))).toBe("none");
    expect(loadingFor(here, new URL("https://example.org/en/blog"))).toBe("none");
  });
  it("shows the bar for another path", () => {
    expect(loadingFor(here, new URL("http://localhost/en/blog"))).toBe("bar");
  });
  it("shows the full-page state for profiles", () => {
    expect(loadingFor(here, new URL("http://localhost/es/profile/country/chl"))).toBe("full-page");
    expect(loadingFor(here, new URL("http://localhost/zh/profile/hs/0101"))).toBe("full-page");
  });
  it("shows nothing for a link that opens the explore dialog in place", () => {
    expect(loadingFor(here, new URL("http://localhost/en/profile/country"), true)).toBe("none");
    expect(loadingFor(here, new URL("http://localhost/en/profile/subnational"), true)).toBe("none");
  });
});

describe("opensInPlace", () => {
  const link = (...attributes: string[]) => ({ hasAttribute: (name: string) => attributes.includes(name) });
  it("recognises the explore menu items and explicit in-place links", () => {
    expect(opensInPlace(link("data-explore", "href"))).toBe(true);
    expect(opensInPlace(link("data-in-place"))).toBe(true);
  });
  it("leaves ordinary links alone", () => {
    expect(opensInPlace(link("href", "data-nav-link"))).toBe(false);
  });
});
