/** Spec section 4: states and transitions (explorer, session, consent, other). */
import { describe, expect } from "vitest";
import { sessionRequiredPath } from "@/domain/auth/paths";
import { decide, effectsOf, reconcile, trackingAllowed, UNCHECKED, type Consent } from "@/domain/consent/consent";
import { ANALYTICS_COOKIE_PREFIX, cookieNamesWithPrefix } from "@/domain/consent/storageKeys";
import { effectiveReport, pageOffset, toggleReport, toggleVariant } from "@/domain/explorer/filters";
import { combinedVariants, withVariantCounts } from "@/domain/explorer/variants";
import type { ReportMetadata } from "@/domain/explorer/types";
import { SUBNATIONAL_COUNTRIES } from "@/domain/subnational/config";
import { userEvent } from "@/features/consent/analytics";
import { COOKIE_CATALOGUE } from "@/features/consent/catalogue";
import { parseColorScheme } from "@/features/shell/colorScheme";
import { loadingFor } from "@/features/shell/routeLoading";
import { SESSION_REFETCH_SECONDS, sessionRefetchFor } from "@/features/shell/session";
import { source, spec } from "./support";

const yes: Consent = { checked: true, functional: true, tracking: true };

describe("4. States and transitions", () => {
  describe("Explorer", () => {
    spec("s4.metadata-once", () => {
      // One effect, keyed by the language and an explicit retry only.
      const hook = source("src/features/explorer/useExplorer.ts");
      expect(hook.match(/fetchMetadata\(/g)).toHaveLength(1);
      expect(hook).toContain("}, [locale, metadataAttempt]);");
    });
    spec("s4.initial", () => {
      const hook = source("src/features/explorer/useExplorer.ts");
      expect(hook).toContain("useState<ExplorerFilters>({ profile: initialReport, variant: initialReport ? initialVariant : null })");
      expect(hook).toContain("useState(initialQuery)");
    });
    spec("s4.search-reset", () => {
      expect(pageOffset(1, 10)).toBe(0);
      const hook = source("src/features/explorer/useExplorer.ts");
      expect(hook).toMatch(/if \(metadata && searchKey !== lastKey\) \{\s*setLastKey\(searchKey\);\s*setPage\(1\);/);
    });
    spec("s4.page-offset", () => {
      expect(pageOffset(3, 10)).toBe(20);
      expect(pageOffset(2, 12)).toBe(12);
    });
    spec("s4.toggle-report", () => {
      expect(toggleReport({ profile: null, variant: "3" }, 1)).toEqual({ profile: 1, variant: null });
      expect(toggleReport({ profile: 1, variant: "3" }, 1)).toEqual({ profile: null, variant: null });
    });
    spec("s4.toggle-variant", () => {
      expect(toggleVariant({ profile: 1, variant: null }, "3")).toEqual({ profile: 1, variant: "3" });
      expect(toggleVariant({ profile: 1, variant: "3" }, "3")).toEqual({ profile: 1, variant: null });
    });
    spec("s4.one-report", () => {
      expect(effectiveReport({ profile: null, variant: null }, [7])).toBe(7);
      expect(effectiveReport({ profile: null, variant: null }, [1, 2])).toBeNull();
    });
    spec("s4.variant-count", () => {
      const report: ReportMetadata = { id: 1, name: "Country", slug: "country", dimensions: [{ name: "Geography", variants: [{ id: 2, name: "Continent", ordering: 1, members_count: 6 }, { id: 3, name: "Country", ordering: 2, members_count: 200 }] }] };
      const entries = combinedVariants(report, "All");
      expect(withVariantCounts(entries, "chi", { "3": 4 }).map((e) => e.members_count)).toEqual([4, 0, 4]);
      expect(withVariantCounts(entries, "  ", { "3": 4 })).toEqual(entries);
    });
  });

  describe("Session", () => {
    spec("s4.modal", () => {
      const modal = source("src/features/explorer/ExplorerModal.tsx");
      expect(modal).toContain("onClick={open}");
      expect(modal).toContain("onClose={close}");
      expect(source("src/features/shell/explore.tsx")).toContain("onSelect={close}");
    });
    spec("s4.session-status", () => {
      const client = source("node_modules/next-auth/react/index.js");
      expect(client).toContain('status: loading ? "loading" : session ? "authenticated" : "unauthenticated"');
    });
    spec("s4.session-refetch-events", () => {
      const client = source("node_modules/next-auth/react/index.js");
      expect(client).toContain("broadcast.receive(");
      expect(client).toContain("refetchOnWindowFocus = _props$refetchOnWindo === void 0 ? true : _props$refetchOnWindo;");
      expect(client).toContain('document.visibilityState === "visible"');
      expect(client).toContain("var shouldRefetch = refetchWhenOffline !== false || isOnline;");
    });
    spec("s4.session-refetch", () => {
      expect(SESSION_REFETCH_SECONDS).toBe(86400);
      expect(sessionRefetchFor("/blog")).toEqual({ refetchInterval: 86400, refetchOnWindowFocus: false });
      expect(sessionRefetchFor("/cms")).toEqual({ refetchInterval: 0, refetchOnWindowFocus: false });
    });
    spec("s4.signout-broadcast", () => {
      const client = source("node_modules/next-auth/react/index.js");
      expect(client).toMatch(/broadcast\.post\(\{\s*event: "session",\s*data: \{\s*trigger: "signout"/);
    });
    spec("s4.shell-signout", () => {
      expect(source("src/features/account/AccountMenu.tsx")).toContain("signOut({ callbackUrl: `/${locale}` })");
    });
    spec("s4.signin-redirect", () => {
      const client = source("node_modules/next-auth/react/index.js");
      expect(client).toContain("isSupportingReturn = isCredentials || isEmail;");
      expect(client).toContain("if (!(redirect || !isSupportingReturn))");
      expect(client).toContain("url = (_data$url = data.url) !== null && _data$url !== void 0 ? _data$url : callbackUrl;");
    });
    spec("s4.session-required", () => {
      const url = new URL(sessionRequiredPath("es", "/es/account"), "http://x");
      expect(url.pathname).toBe("/es/login");
      expect(Object.fromEntries(url.searchParams)).toEqual({ error: "SessionRequired", callbackUrl: "/es/account" });
    });
  });

  describe("Consent", () => {
    spec("s4.consent-actions", () => {
      expect(decide(UNCHECKED, { type: "acceptAll" })).toEqual(yes);
      expect(decide(yes, { type: "rejectAll" })).toEqual({ checked: true, functional: false, tracking: false });
      expect(decide(UNCHECKED, { type: "save", functional: true, tracking: false })).toEqual({ checked: true, functional: true, tracking: false });
      expect(COOKIE_CATALOGUE.necessary.length).toBeGreaterThan(0);
    });
    spec("s4.functional-false", () => {
      const effects = effectsOf(yes, { checked: true, functional: false, tracking: true });
      expect(effects).toEqual(expect.arrayContaining(["removeChatSessions", "removeProfileHistory"]));
      expect(effects).not.toContain("reload");
    });
    spec("s4.tracking-false", () => {
      expect(effectsOf(yes, { checked: true, functional: true, tracking: false })).toEqual(expect.arrayContaining(["removeChatSessions", "removeAnalyticsCookies", "clearDataLayer", "reload"]));
      // The difference: nothing to unload when tracking was never allowed.
      expect(effectsOf(UNCHECKED, { checked: true, functional: false, tracking: false })).not.toContain("reload");
      expect(ANALYTICS_COOKIE_PREFIX).toBe("_ga");
      expect(cookieNamesWithPrefix("_ga=1; _ga_X=2; ots-consent=3", ANALYTICS_COOKIE_PREFIX)).toEqual(["_ga", "_ga_X"]);
    });
    spec("s4.consent-server", () => {
      const local: Consent = { checked: true, functional: true, tracking: false };
      expect(reconcile(local, yes)).toEqual({ kind: "adopt", consent: yes });
      expect(reconcile(local, null)).toEqual({ kind: "push", consent: local });
      expect(reconcile(UNCHECKED, null)).toEqual({ kind: "none" });
    });
    spec("s4.tracking-events", () => {
      expect(trackingAllowed(yes)).toBe(true);
      expect(trackingAllowed({ checked: false, functional: true, tracking: true })).toBe(false);
      expect(trackingAllowed({ checked: true, functional: true, tracking: false })).toBe(false);
    });
    spec("s4.user-event", () => {
      expect(userEvent({ id: "7", role: 10 })).toEqual({ event: "user", user_id: "7", user_role: 10 });
      expect(userEvent(null)).toEqual({ event: "user", user_id: null, user_role: null });
    });
  });

  describe("Other", () => {
    spec("s4.loading-bar", () => {
      const here = new URL("http://x/en/blog");
      expect(loadingFor(here, new URL("http://x/en/blog"))).toBe("none");
      expect(loadingFor(here, new URL("http://x/en/support"))).toBe("bar");
    });
    spec("s4.subnational-availability", () => {
      const unavailable = SUBNATIONAL_COUNTRIES.filter((c) => !c.available).map((c) => c.name);
      expect(unavailable.sort()).toEqual(["Bolivia", "Ecuador", "France", "Saudi Arabia", "Turkey", "Uruguay"]);
    });
    spec("s4.scheme", () => {
      expect(new Set(["dark", "light", undefined, "x"].map((v) => parseColorScheme(v)))).toEqual(new Set(["dark", "light"]));
    });
  });
});
