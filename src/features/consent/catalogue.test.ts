import { describe, expect, it } from "vitest";
import en from "../../../messages/en.json";
import { SESSION_MAX_AGE_SECONDS } from "@/server/auth/options";
import { COOKIE_CATALOGUE, COOKIE_CATEGORIES, durationParts } from "./catalogue";
import { cookieNamesWithPrefix, expireCookieAssignments, historyKey } from "@/domain/consent/storageKeys";

describe("the cookie catalogue", () => {
  const all = COOKIE_CATEGORIES.flatMap((category) => COOKIE_CATALOGUE[category].map((entry) => ({ category, ...entry })));

  it("covers payment, authentication, colour scheme, chatbot, profile history and analytics", () => {
    const purposes = new Set(all.map((entry) => entry.purpose));
    for (const purpose of ["payment", "authentication", "colorScheme", "chatbot", "profileHistory", "analytics"]) expect(purposes).toContain(purpose);
  });

  it("puts each purpose in its category", () => {
    const category = (purpose: string) => new Set(all.filter((e) => e.purpose === purpose).map((e) => e.category));
    expect(category("authentication")).toEqual(new Set(["necessary"]));
    expect(category("payment")).toEqual(new Set(["necessary"]));
    expect(category("colorScheme")).toEqual(new Set(["necessary"]));
    expect(category("chatbot")).toEqual(new Set(["functional"]));
    expect(category("profileHistory")).toEqual(new Set(["functional"]));
    expect(category("analytics")).toEqual(new Set(["tracking"]));
  });

  it("uses the spec's durations: session, no expiry, 1 year, and 1 year 1 month 4 days for analytics", () => {
    const byName = new Map(all.map((e) => [e.cookie, e]));
    expect(durationParts(byName.get("_ga")!.duration)).toEqual([
      { unit: "years", count: 1 },
      { unit: "months", count: 1 },
      { unit: "days", count: 4 },
    ]);
    expect(durationParts(byName.get("ots-color-scheme")!.duration)).toEqual([{ unit: "years", count: 1 }]);
    expect(durationParts(byName.get("ots-history:guest")!.duration)).toBe("never");
    expect(durationParts(byName.get("next-auth.csrf-token")!.duration)).toBe("session");
    // The session cookie's catalogue entry says what the auth configuration does.
    expect(byName.get("next-auth.session-token")!.duration).toEqual({ kind: "period", days: SESSION_MAX_AGE_SECONDS / 86_400 });
  });

  it("describes every entry in the messages", () => {
    const messages = en.consent.catalogue as Record<string, string>;
    for (const entry of all) expect(messages[entry.id], entry.id).toBeTruthy();
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
  });
});

describe("browser storage names", () => {
  it("keeps the guest's history apart from each user's", () => {
    expect(historyKey(null)).toBe("ots-history:guest");
    expect(historyKey("u1")).toBe("ots-history:user:u1");
  });

  it("finds analytics cookies by prefix", () => {
    expect(cookieNamesWithPrefix("_ga=GA1.1.1; ots-consent=f1t1; _ga_ABC123=GS1; x_ga=1; _gat=1", "_ga")).toEqual(["_ga", "_ga_ABC123", "_gat"]);
    expect(cookieNamesWithPrefix("", "_ga")).toEqual([]);
  });

  it("expires a cookie on the host and on every parent domain, never on a bare TLD", () => {
    const assignments = expireCookieAssignments("_ga", "www.trade.example.org");
    expect(assignments[0]).toBe("_ga=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT");
    const domains = assignments.slice(1).map((a) => a.split("domain=")[1]);
    expect(domains).toEqual(["www.trade.example.org", ".www.trade.example.org", "trade.example.org", ".trade.example.org", "example.org", ".example.org"]);
    expect(expireCookieAssignments("_ga", "localhost").map((a) => a.split("domain=")[1])).toEqual([undefined, "localhost", ".localhost"]);
    expect(expireCookieAssignments("_ga", "127.0.0.1")).toHaveLength(1);
  });
});
