/**
 * What the PRO plan opens, and who may open it. The server decides from the session's role
 * (server/auth/proAccess.ts); pages show everyone else a preview (features/shell/ProGate.tsx).
 * A gated page depends on the visitor's plan, so the page cache keeps it per plan, never per user
 * (isProGatedPath; server/front/pageCache.ts).
 */
import { hasPaidPlan } from "@/domain/auth/roles";
import { LOCALES } from "@/domain/i18n/locales";
import type { ProfileTarget } from "@/domain/profiles/path";

/** PRO (1), PREMIUM (2) and the bulk-access manager (10) open PRO pages; free (0) and anonymous visitors do not. */
export function canOpenPro(role: number | null | undefined): boolean {
  return hasPaidPlan(role);
}

/** Profile reports that are PRO: the subnational ones (a generic member's target report is "subnational"). */
export function isProProfile(report: ProfileTarget["report"] | string): boolean {
  return report === "subnational" || /^subnational_[a-z]{3}$/.test(report);
}

// A member's profile (/{locale}/profile/subnational_xxx/{member}); the report's landing
// (/{locale}/profile/subnational_xxx, a search for members) stays public.
const GATED_PATH = new RegExp(`^/(?:${LOCALES.join("|")})/profile/subnational_[a-z]{3}/[^/?#]+(?:/[^?#]*)?$`);

/** A path whose page depends on the visitor's plan: it must not be served from a shared cache. */
export function isProGatedPath(pathname: string): boolean {
  return GATED_PATH.test(pathname);
}
