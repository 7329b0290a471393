/**
 * Whether the visitor of the request being rendered may open a PRO page: decided on the server
 * from the session's role, read fresh from the app database (session.ts), so a role given by the
 * Stripe webhook or a bulk-access manager applies on the next request. The page cache's render of
 * a page for one plan (server/auth/renderPlan.ts) is answered for that plan instead.
 */
import "server-only";
import { headers } from "next/headers";
import { canOpenPro } from "@/domain/billing/proAccess";
import { renderPlanOpens } from "@/domain/billing/renderPlan";
import { RENDER_PLAN_HEADER, renderedPlan } from "./renderPlan";
import { currentSession } from "./session";

export interface ProAccess {
  signedIn: boolean;
  /** PRO, PREMIUM or the bulk-access manager. */
  allowed: boolean;
}

export async function proAccess(): Promise<ProAccess> {
  // The front door's render of this page for one plan (renderPlan.ts): no session, the plan it names.
  const plan = renderedPlan((await headers()).get(RENDER_PLAN_HEADER));
  if (plan) return { signedIn: plan !== "anonymous", allowed: renderPlanOpens(plan, "subnationalProfiles") };
  const session = await currentSession();
  return { signedIn: session !== null, allowed: canOpenPro(session?.user.role) };
}
