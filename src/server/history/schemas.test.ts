import { describe, expect, it } from "vitest";
import { historyVisitBodySchema } from "./schemas";

describe("POST /api/history body", () => {
  it("validates a visit: a profile link and a bounded title", () => {
    expect(historyVisitBodySchema.safeParse({ visit: { link: "/profile/country/chl", title: "Chile" } }).success).toBe(true);
    expect(historyVisitBodySchema.parse({ visit: { link: "/profile/world/wld", title: "  The\nWorld " } }).visit.title).toBe("The World");
    for (const link of ["/en/profile/country/chl", "https://evil.example/profile/x", "/profile", "/profile/../../etc", "//profile/x", "/profile/a b"]) {
      expect(historyVisitBodySchema.safeParse({ visit: { link, title: "x" } }).success, link).toBe(false);
    }
    expect(historyVisitBodySchema.safeParse({ visit: { link: "/profile/country/chl", title: "" } }).success).toBe(false);
    expect(historyVisitBodySchema.safeParse({ visit: { link: "/profile/country/chl", title: "x".repeat(201) } }).success).toBe(false);
  });
});
