/**
 * A page rendered for a plan, not for a person. The front door caches plan-dependent pages once
 * per plan (server/front/door.ts): it renders them by an anonymous internal request that names
 * the plan in one header, `x-oto-plan: <plan> <proof>`. The proof is a random value made once per
 * process and kept as process state (processState.ts), so the door (loaded by scripts/serve.ts)
 * and the pages (Next.js's bundles of the same process) share it; nothing outside the process can
 * know it, and the door removes the header from every client request anyway. A header without the proof counts for
 * nothing: the page then reads the session as always.
 */
import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { isRenderPlan, type RenderPlan } from "@/domain/billing/renderPlan";
import { processValue } from "@/server/processState";

export const RENDER_PLAN_HEADER = "x-oto-plan";

function proof(): Buffer {
  return processValue("auth/renderPlan:proof", () => Buffer.from(randomBytes(24).toString("base64url")));
}

/** The header value naming `plan` for an internal render. */
export function renderPlanHeader(plan: RenderPlan): string {
  return `${plan} ${proof().toString()}`;
}

/** The plan an internal render was asked for, or null (no header, or one this process did not write). */
export function renderedPlan(value: string | null | undefined): RenderPlan | null {
  if (!value) return null;
  const [plan, given, ...rest] = value.split(" ");
  if (rest.length || !given || !isRenderPlan(plan)) return null;
  const expected = proof();
  const presented = Buffer.from(given);
  return presented.length === expected.length && timingSafeEqual(presented, expected) ? plan : null;
}
