import { describe, expect, it } from "vitest";
import { sessionRefetchFor } from "./session";

describe("sessionRefetchFor", () => {
  it("polls daily and never on focus", () => {
    expect(sessionRefetchFor("/")).toEqual({ refetchInterval: 86_400, refetchOnWindowFocus: false });
    expect(sessionRefetchFor("/account")).toEqual({ refetchInterval: 86_400, refetchOnWindowFocus: false });
  });
  it("does not refetch on the CMS page", () => {
    expect(sessionRefetchFor("/cms")).toEqual({ refetchInterval: 0, refetchOnWindowFocus: false });
    expect(sessionRefetchFor("/cms/profile/country")).toEqual({ refetchInterval: 0, refetchOnWindowFocus: false });
    expect(sessionRefetchFor("/cmsx").refetchInterval).toBe(86_400);
  });
});
