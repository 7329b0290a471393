/** Spec section 1: what the product does and for whom. */
import { describe, expect } from "vitest";
import { canManageBulkAccess, ROLE_BULK_MANAGER, ROLE_PRO } from "@/domain/auth/roles";
import type { SessionUser } from "@/domain/auth/user";
import { PLAN_ORDER, planBadge, reportPlanBadge } from "@/domain/billing/planFeatures";
import { PROFILE_PREFIX, profilePath, REGISTERED_WITHOUT_MEMBERS, reportBySlug } from "@/domain/explorer/reports";
import { PRO_BADGE_SIZE, tileMembers } from "@/domain/explorer/tileMember";
import type { ProfileResult } from "@/domain/explorer/types";
import { DEFAULT_LOCALE, LOCALE_NATIVE_NAMES, LOCALES } from "@/domain/i18n/locales";
import { memberImageUrl } from "@/features/explorer/images";
import { parseColorScheme } from "@/features/shell/colorScheme";
import { NAV_MENUS } from "@/features/shell/navigation";
import { route, source, spec } from "./support";

const chile: ProfileResult = {
  id: "country:country:chl",
  path: "/country/chl",
  report: { id: 1, name: "Country" },
  members: [{ id: "country:chl", name: "Chile", metadata: { id: 3, dimension: { id: 1, name: "Geography" }, variant: { id: 3, name: "Country" } } }],
};

describe("1. What the product does and for whom", () => {
  spec("s1.tiles", () => {
    const [member] = tileMembers(chile, memberImageUrl);
    expect(member.image.src).toBe("/api/cms/member-image?member=country%3Achl&size=thumb");
    expect(PROFILE_PREFIX + profilePath(reportBySlug("country")!, [{ kind: "country", id: "chl" }])).toBe("/profile/country/chl");
  });

  spec("s1.role10", () => {
    expect(ROLE_BULK_MANAGER).toBe(10);
    expect(canManageBulkAccess(10)).toBe(true);
    for (const role of [0, 1, 2, 3, 9, 11]) expect(canManageBulkAccess(role)).toBe(false);
  });

  spec("s1.academic", () => {
    const user: SessionUser = { id: "1", name: "A", email: "a@example.org", role: 0, isAcademic: true, sso_logo: null, bespoke_user_metadata: {} };
    expect(user.isAcademic).toBe(true);
    const menu = source("src/features/account/AccountMenu.tsx");
    expect(menu).toMatch(/user\.isAcademic && <AcademicBadge/);
  });

  spec("s1.locales", () => {
    expect([...LOCALES]).toEqual(["en", "es", "zh"]);
    expect(DEFAULT_LOCALE).toBe("en");
    expect(LOCALE_NATIVE_NAMES).toEqual({ en: "English", es: "Español", zh: "中文" });
  });

  spec("s1.schemes", () => {
    expect(parseColorScheme("dark")).toBe("dark");
    expect(parseColorScheme("light")).toBe("light");
    expect(["light", "dark"]).toContain(parseColorScheme("purple"));
  });

  spec("s1.badges", () => {
    const badges = new Set(NAV_MENUS.flatMap((m) => m.items).flatMap((i) => (i.badge ? [i.badge] : [])));
    expect([...badges].sort()).toEqual(["NEW", "PREMIUM", "PRO"]);
  });

  spec("s1.pro-tier", () => {
    expect(PLAN_ORDER).toContain("pro");
    expect(planBadge("pro")).toBe("PRO");
    expect(ROLE_PRO).toBe(1);
    // Paid by card: Stripe Checkout and its webhook.
    expect(route("api/subscription/checkout/route.ts")).toBe(true);
    expect(route("api/subscription/webhook/route.ts")).toBe(true);
  });

  spec("s1.pro-badge-tiles", () => {
    expect(PRO_BADGE_SIZE).toEqual({ width: 35, height: 34 });
    expect(reportPlanBadge("subnational_esp")).toBe("PRO");
    expect(reportPlanBadge("subnational_bra")).toBe("PRO");
    const province: ProfileResult = {
      id: "subnational_esp:province:28",
      path: "/subnational_esp/28",
      report: { id: reportBySlug("subnational_esp")!.id, name: "Spanish Province" },
      members: [{ id: "province:28", name: "Madrid", metadata: { id: 5, dimension: { id: 8, name: "Province" }, variant: { id: 5, name: "Province" } } }],
    };
    expect(tileMembers(province, memberImageUrl)[0].extraBadge).toBe("PRO");
    expect(tileMembers(chile, memberImageUrl)[0].extraBadge).toBeNull();
    // Why company tiles carry none: company profiles are registered without members (not built).
    expect(REGISTERED_WITHOUT_MEMBERS).toContain("company");
    expect(reportPlanBadge("company")).toBeNull();
  });

  spec("s1.features", () => {
    expect(route("[locale]/chat/page.tsx")).toBe(true);
    expect(route("[locale]/blog/page.tsx")).toBe(true);
    expect(route("api/blog/rss.xml/route.ts")).toBe(true);
    expect(source("src/features/consent/ConsentBanner.tsx")).toContain("export function CookiePreferencesLink");
  });
});
