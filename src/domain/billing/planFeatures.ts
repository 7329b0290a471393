/**
 * What each plan opens: the one list the pricing cards, the menu badges and the PRO gates are made
 * from (docs/plans.md describes it). A feature sits here only when it exists and the server checks
 * it (proAccess for PRO pages and profiles, the API meter for key limits, the bulk files for
 * PREMIUM); a feature joins the list when it is built, not before, and a menu item carries a plan
 * badge only when it leads to one of these.
 */
export type PlanId = "free" | "pro" | "premium";

/** The plans in order: each opens everything of the ones before it. */
export const PLAN_ORDER: readonly PlanId[] = ["free", "pro", "premium"];

export type PlanFeatureId =
  | "profiles"
  | "visualizations"
  | "rankings"
  | "internationalDownloads"
  | "api"
  | "subnationalProfiles"
  | "trendExplorer"
  | "dataExplorer"
  | "apiPro"
  | "nationalDownloads"
  | "productDownloads"
  | "companyExplorer"
  | "support";

export interface PlanFeature {
  /** Message key under "pricing.features". */
  id: PlanFeatureId;
  /** The cheapest plan that opens it. */
  plan: PlanId;
  /** Menu items (navigation ids) that lead to it: they carry the plan's badge (not for free). */
  nav?: readonly string[];
  /** Where the server checks it (for docs/plans.md and reviewers). */
  checkedIn?: string;
}

export const PLAN_FEATURES: readonly PlanFeature[] = [
  { id: "profiles", plan: "free" },
  { id: "visualizations", plan: "free" },
  { id: "rankings", plan: "free" },
  { id: "internationalDownloads", plan: "free" },
  { id: "api", plan: "free" },
  { id: "subnationalProfiles", plan: "pro", nav: ["subnational"], checkedIn: "src/server/auth/proAccess.ts (profile route)" },
  { id: "trendExplorer", plan: "pro", nav: ["trendExplorer"], checkedIn: "src/server/auth/proAccess.ts (features/trends/TrendExplorerPage)" },
  { id: "dataExplorer", plan: "pro", nav: ["explorer"], checkedIn: "src/server/auth/proAccess.ts (features/queryBuilder/ExplorerPage)" },
  { id: "apiPro", plan: "pro", checkedIn: "src/server/front/apiMeter.ts" },
  { id: "nationalDownloads", plan: "premium", nav: ["bulkNational"], checkedIn: "src/server/bulk/files.ts" },
  { id: "productDownloads", plan: "premium", nav: ["bulkProducts"], checkedIn: "src/server/bulk/files.ts" },
  { id: "companyExplorer", plan: "premium", nav: ["companyExplorer"], checkedIn: "src/server/auth/featureAccess.ts (features/companyExplorer/CompanyExplorerPage, app/api/companies.csv)" },
  { id: "support", plan: "premium" },
];

/** The line that opens a paid plan's list ("Everything in Free"): message keys under "pricing.features". */
const EVERYTHING_BEFORE: Record<PlanId, string | null> = { free: null, pro: "everythingFree", premium: "everythingPro" };

/** A plan's card: "everything in the plan before" (when there is one), then its own features. */
export function planFeatureKeys(plan: PlanId): string[] {
  const before = EVERYTHING_BEFORE[plan];
  return [...(before ? [before] : []), ...PLAN_FEATURES.filter((f) => f.plan === plan).map((f) => f.id)];
}

/** Whether `plan` opens `feature` (a plan opens its own features and those of every plan before it). */
export function planOpens(plan: PlanId, feature: PlanFeatureId): boolean {
  const wanted = PLAN_FEATURES.find((f) => f.id === feature);
  return wanted !== undefined && PLAN_ORDER.indexOf(plan) >= PLAN_ORDER.indexOf(wanted.plan);
}

export type PlanBadge = "PRO" | "PREMIUM";

const BADGE: Record<PlanId, PlanBadge | null> = { free: null, pro: "PRO", premium: "PREMIUM" };

/** The badge of a plan (null for free). */
export function planBadge(plan: PlanId): PlanBadge | null {
  return BADGE[plan];
}

/** The plan badge of a menu item: the plan of the feature it leads to, or null when it is open. */
export function navPlanBadge(navId: string): PlanBadge | null {
  const feature = PLAN_FEATURES.find((f) => f.nav?.includes(navId));
  return feature ? BADGE[feature.plan] : null;
}

/** The feature a gated page belongs to, and so the plan its gate names. */
export function featurePlan(feature: PlanFeatureId): PlanId {
  return PLAN_FEATURES.find((f) => f.id === feature)?.plan ?? "free";
}

/**
 * Which plan feature a report's profiles belong to (explorer tiles carry its badge, spec section 1:
 * "A PRO badge (35 by 34) appears on company and subnational tiles"). Matched on the report slug;
 * company profiles join when they are built and gated (docs/plans.md), not before.
 */
const REPORT_FEATURES: readonly { feature: PlanFeatureId; matches: (slug: string) => boolean }[] = [
  { feature: "subnationalProfiles", matches: (slug) => slug.startsWith("subnational_") || slug === "subnational" },
];

/** The plan feature behind a report's profiles, or null when they are open to everyone. */
export function reportPlanFeature(reportSlug: string): PlanFeatureId | null {
  return REPORT_FEATURES.find((r) => r.matches(reportSlug))?.feature ?? null;
}

/** The badge a report's tiles carry (PRO for subnational reports), or null. */
export function reportPlanBadge(reportSlug: string): PlanBadge | null {
  const feature = reportPlanFeature(reportSlug);
  return feature ? BADGE[featurePlan(feature)] : null;
}
