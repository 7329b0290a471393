/**
 * User roles (spec sections 1 and 6). A role is a number; 10 is the bulk-access manager, who may
 * set other users' roles. What each paid tier unlocks is decided by the features that gate on it.
 */
export const ROLE_FREE = 0;
export const ROLE_PRO = 1;
/** PREMIUM (arranged by hand, per organisation): the national and per-chapter bulk files. */
export const ROLE_PREMIUM = 2;
export const ROLE_BULK_MANAGER = 10;

/** The roles a bulk-access manager (or an administrator's CLI) may assign. */
export const ASSIGNABLE_ROLES = [ROLE_FREE, ROLE_PRO, ROLE_PREMIUM, ROLE_BULK_MANAGER] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export type RoleLabelKey = "free" | "pro" | "premium" | "bulkManager" | "other";

/** Message key (under "account.roles") naming a role. */
export function roleLabelKey(role: number): RoleLabelKey {
  switch (role) {
    case ROLE_FREE:
      return "free";
    case ROLE_PRO:
      return "pro";
    case ROLE_PREMIUM:
      return "premium";
    case ROLE_BULK_MANAGER:
      return "bulkManager";
    default:
      return "other";
  }
}

export function isAssignableRole(value: unknown): value is AssignableRole {
  return typeof value === "number" && (ASSIGNABLE_ROLES as readonly number[]).includes(value);
}

/** PRO, PREMIUM, and the bulk-access manager: what a paid plan opens (the higher API limit). */
export function hasPaidPlan(role: number | null | undefined): boolean {
  return role === ROLE_PRO || role === ROLE_PREMIUM || role === ROLE_BULK_MANAGER;
}

export function canManageBulkAccess(role: number | null | undefined): boolean {
  return role === ROLE_BULK_MANAGER;
}
