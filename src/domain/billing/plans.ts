/**
 * The plans on the pricing page, as data. Prices are monthly, in US dollars; PREMIUM is priced
 * per organisation, so it has no list price and always goes through a conversation. What each
 * plan opens comes from the one list in planFeatures.ts (the menu badges and the PRO gates read it
 * too). No plan is called "most popular": we show no social proof we do not have.
 */
import { planFeatureKeys, type PlanId } from "./planFeatures";

export type { PlanId };

export interface Plan {
  id: PlanId;
  /** Monthly price in US cents; null when priced on request. */
  monthlyCents: number | null;
  /** The user role the plan gives (null: arranged by hand). */
  role: number | null;
  /** Message keys under "pricing.features" (from planFeatures.ts). */
  features: string[];
}

/** Academic users (isAcademic) pay this much less for PRO. */
export const ACADEMIC_DISCOUNT_PERCENT = 50;

export const PLANS: Plan[] = [
  { id: "free", monthlyCents: 0, role: 0, features: planFeatureKeys("free") },
  { id: "pro", monthlyCents: 1_000, role: 1, features: planFeatureKeys("pro") },
  { id: "premium", monthlyCents: null, role: null, features: planFeatureKeys("premium") },
];

export function priceFor(plan: Plan, academic: boolean): number | null {
  if (plan.monthlyCents === null) return null;
  if (!academic || plan.id !== "pro") return plan.monthlyCents;
  return Math.round((plan.monthlyCents * (100 - ACADEMIC_DISCOUNT_PERCENT)) / 100);
}
