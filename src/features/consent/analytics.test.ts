import { describe, expect, it } from "vitest";
import { parseTagId, tagManagerScriptUrl } from "@/domain/consent/tag";
import { pageViewEvent, userEvent } from "./analytics";

describe("analytics configuration", () => {
  it("loads nothing without a well-formed container id", () => {
    for (const value of [undefined, null, "", "  ", "G-12345", "GTM-", "GTM-abc def", "https://evil.example/x.js", "GTM-ABCD\"><script>"]) {
      expect(tagManagerScriptUrl(value), String(value)).toBeNull();
    }
  });
  it("builds the container URL from a valid id", () => {
    expect(parseTagId(" gtm-ab12cd ")).toBe("GTM-AB12CD");
    expect(tagManagerScriptUrl("GTM-AB12CD")).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD");
  });
});

describe("data layer events", () => {
  it("page views carry the path, the location and the locale", () => {
    expect(pageViewEvent({ pathname: "/es/profile/country/chl", href: "http://x/es/profile/country/chl?a=1" }, "es")).toEqual({
      event: "page_view",
      page_path: "/es/profile/country/chl",
      page_location: "http://x/es/profile/country/chl?a=1",
      page_locale: "es",
    });
  });
  it("the user event carries id and role, and clears both on sign-out", () => {
    expect(userEvent({ id: "u1", role: 10 })).toEqual({ event: "user", user_id: "u1", user_role: 10 });
    expect(userEvent(null)).toEqual({ event: "user", user_id: null, user_role: null });
  });
});
