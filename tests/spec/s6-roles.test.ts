/** Spec section 6: roles and permissions. */
import { describe, expect } from "vitest";
import { sessionRequiredPath } from "@/domain/auth/paths";
import { canManageBulkAccess, ROLE_BULK_MANAGER, ROLE_FREE, ROLE_PREMIUM, ROLE_PRO, roleLabelKey } from "@/domain/auth/roles";
import { GUEST_HISTORY_KEY, historyKey } from "@/domain/consent/storageKeys";
import { LOCALE_LIST, message, route, source, spec } from "./support";

describe("6. Roles and permissions", () => {
  spec("s6.anonymous", () => {
    const group = source("src/features/shell/UserGroup.tsx");
    expect(group).toContain("`/${locale}/login?redirect=${encodeURIComponent(pathname)}`");
    expect(group).toContain("href={`/${locale}/subscription`}");
    for (const l of LOCALE_LIST) expect(message(l, "nav.pricing")).toBeTruthy();
  });

  spec("s6.signed-in", () => {
    for (const role of [0, 1, 2, 10, 5]) for (const l of LOCALE_LIST) expect(message(l, `account.roles.${roleLabelKey(role)}`), `${l} ${role}`).toBeTruthy();
    const menu = source("src/features/account/AccountMenu.tsx");
    expect(menu).toContain("href={`/${locale}/account`}");
    expect(menu).toContain("signOut({ callbackUrl: `/${locale}` })");
  });

  spec("s6.role10", () => {
    expect(canManageBulkAccess(ROLE_BULK_MANAGER)).toBe(true);
    expect(canManageBulkAccess(ROLE_PREMIUM)).toBe(false);
    expect(source("src/features/account/AccountMenu.tsx")).toMatch(/bulk && <NavLink component=\{Link\} href=\{`\/\$\{locale\}\/bulk-access`\}/);
    expect(route("[locale]/bulk-access/page.tsx")).toBe(true);
  });

  spec("s6.academic", () => {
    const badge = source("src/features/account/AcademicBadge.tsx");
    expect(badge).toContain("<Tooltip label={label}");
    expect(badge).toContain("<ThemeIcon");
  });

  spec("s6.demand-auth", () => {
    expect(sessionRequiredPath("en", "/en/account")).toBe("/en/login?error=SessionRequired&callbackUrl=%2Fen%2Faccount");
  });

  spec("s6.per-user", () => {
    expect(historyKey(undefined)).toBe(GUEST_HISTORY_KEY);
    expect(historyKey("1")).not.toBe(historyKey("2"));
    // Consent is stored in the user's metadata on the server (bespoke_user_metadata.consent).
    expect(source("src/server/auth/consentApi.ts")).toMatch(/consent/);
  });

  spec("s6.badges", () => {
    for (const l of LOCALE_LIST) for (const badge of ["PRO", "PREMIUM", "NEW"]) expect(message(l, `nav.badges.${badge}`)).toBeTruthy();
    expect(source("src/features/shell/NavBadge.tsx")).toMatch(/PRO: \{[^}]+\},\s*PREMIUM: \{[^}]+\},\s*NEW: \{/);
  });

  spec("s6.other-roles", () => {
    expect([ROLE_FREE, ROLE_PRO, ROLE_PREMIUM, ROLE_BULK_MANAGER]).toEqual([0, 1, 2, 10]);
    expect(roleLabelKey(5)).toBe("other");
  });
});
