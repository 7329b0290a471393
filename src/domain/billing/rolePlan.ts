/**
 * The plan a user role is on, so a gate can ask the one list of what each plan opens
 * (planFeatures.ts) instead of naming roles: PRO (1) is "pro"; PREMIUM (2) and the bulk-access
 * manager (10) are "premium"; free (0), unknown roles and anonymous visitors are "free".
 */
import { ROLE_BULK_MANAGER, ROLE_PREMIUM, ROLE_PRO } from "@/domain/auth/roles";
import { planOpens, type PlanFeatureId, type PlanId } from "./planFeatures";

export function planOfRole(role: number | null | undefined): PlanId {
  if (role === ROLE_PREMIUM || role === ROLE_BULK_MANAGER) return "premium";
  if (role === ROLE_PRO) return "pro";
  return "free";
}

/** Whether a user with `role` (null: anonymous) may open `feature`. */
export function roleOpens(role: number | null | undefined, feature: PlanFeatureId): boolean {
  return planOpens(planOfRole(role), feature);
}
