import { describe, expect, it } from "vitest";
import { chromeFor, DEFAULT_CHROME } from "./chrome";

describe("chromeFor", () => {
  it("shows the whole frame by default", () => {
    expect(chromeFor("/")).toEqual(DEFAULT_CHROME);
    expect(chromeFor("/profile/country/chl")).toEqual(DEFAULT_CHROME);
  });
  it("hides header, banner and footer on embeds", () => {
    expect(chromeFor("/visualize/embed/tree_map/x")).toMatchObject({ header: false, banner: false, footer: false });
    expect(chromeFor("/visualize/tree_map/x").header).toBe(true);
  });
  it("marks PRO areas", () => {
    expect(chromeFor("/trend-explorer").pro).toBe(true);
    expect(chromeFor("/resources/bulk-download/national").pro).toBe(true);
    // The international files are free for everyone: no PRO bar.
    expect(chromeFor("/resources/bulk-download/international").pro).toBe(false);
    expect(chromeFor("/explorerish").pro).toBe(false);
  });
});
