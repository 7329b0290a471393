/**
 * The plan a page is rendered for: what the front door's page cache keys a plan-dependent page or
 * answer on (a PRO subnational profile, the trend explorer, /api/trends), so such a page is
 * rendered once per plan and never once per user. "anonymous" and "free" are apart because a gate
 * says different words to a visitor who is not signed in ("sign in") and to a free account
 * ("upgrade"); PRO and PREMIUM are apart so a PREMIUM-only gate can never hand its page to PRO.
 */
import { PLAN_ORDER, planOpens, type PlanFeatureId, type PlanId } from "./planFeatures";
import { planOfRole } from "./rolePlan";

export type RenderPlan = "anonymous" | PlanId;

export const RENDER_PLANS: readonly RenderPlan[] = ["anonymous", ...PLAN_ORDER];

/** The plan of a session's user (null: nobody signed in). */
export function renderPlanOf(user: { role: number | null | undefined } | null): RenderPlan {
  return user ? planOfRole(user.role) : "anonymous";
}

export function isRenderPlan(value: unknown): value is RenderPlan {
  return typeof value === "string" && (RENDER_PLANS as readonly string[]).includes(value);
}

/** Whether a page rendered for `plan` opens `feature` (an anonymous visitor opens what free opens). */
export function renderPlanOpens(plan: RenderPlan, feature: PlanFeatureId): boolean {
  return planOpens(plan === "anonymous" ? "free" : plan, feature);
}
