/**
 * Whether the visitor of the request being rendered (a page or a route handler) may open a plan
 * feature: the session's role, read fresh from the app database (session.ts), against the one list
 * of what each plan opens (domain/billing/planFeatures.ts). PRO pages use proAccess.ts; this serves
 * any feature, PREMIUM ones included.
 */
import "server-only";
import type { PlanFeatureId, PlanId } from "@/domain/billing/planFeatures";
import { renderPlanOpens } from "@/domain/billing/renderPlan";
import { planOfRole, roleOpens } from "@/domain/billing/rolePlan";
import { headers } from "next/headers";
import { RENDER_PLAN_HEADER, renderedPlan } from "./renderPlan";
import { currentSession } from "./session";

export interface FeatureAccess {
  signedIn: boolean;
  /** The visitor's plan ("free" when not signed in). */
  plan: PlanId;
  allowed: boolean;
}

export async function featureAccess(feature: PlanFeatureId): Promise<FeatureAccess> {
  // The front door's render of a page for one plan (renderPlan.ts), as proAccess reads it: no
  // session, the plan it names. Without this a page cached per plan would show paying users the gate.
  const rendered = renderedPlan((await headers()).get(RENDER_PLAN_HEADER));
  if (rendered) return { signedIn: rendered !== "anonymous", plan: rendered === "anonymous" ? "free" : rendered, allowed: renderPlanOpens(rendered, feature) };
  const session = await currentSession();
  const role = session?.user.role;
  return { signedIn: session !== null, plan: planOfRole(role), allowed: roleOpens(role, feature) };
}
