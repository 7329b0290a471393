/**
 * The plans on the pricing page, as data. Prices are monthly, in US dollars; PREMIUM is priced
 * per organisation, so it has no list price and always goes through a conversation. Each plan
 * lists only what exists and is checked on the server: PRO opens the subnational profiles
 * (domain/billing/proAccess.ts, checked by the profile route) and raises the API key limit
 * (server/front/apiMeter.ts), PREMIUM opens the national and per-chapter bulk files
 * (server/bulk/files.ts). A feature joins a list when it is built, not before.
 */
export type PlanId = "free" | "pro" | "premium";

export interface Plan {
  id: PlanId;
  /** Monthly price in US cents; null when priced on request. */
  monthlyCents: number | null;
  /** The user role the plan gives (null: arranged by hand). */
  role: number | null;
  /** Message keys under "pricing.features". */
  features: string[];
  highlighted?: boolean;
}

/** Academic users (isAcademic) pay this much less for PRO. */
export const ACADEMIC_DISCOUNT_PERCENT = 50;

export const PLANS: Plan[] = [
  { id: "free", monthlyCents: 0, role: 0, features: ["profiles", "visualizations", "rankings", "internationalDownloads", "api"] },
  { id: "pro", monthlyCents: 1_000, role: 1, highlighted: true, features: ["everythingFree", "subnationalProfiles", "apiPro"] },
  { id: "premium", monthlyCents: null, role: null, features: ["everythingPro", "nationalDownloads", "productDownloads", "support"] },
];

export function priceFor(plan: Plan, academic: boolean): number | null {
  if (plan.monthlyCents === null) return null;
  if (!academic || plan.id !== "pro") return plan.monthlyCents;
  return Math.round((plan.monthlyCents * (100 - ACADEMIC_DISCOUNT_PERCENT)) / 100);
}
