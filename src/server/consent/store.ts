/**
 * Saving a signed-in user's consent (spec section 4): the choice goes into the user's metadata,
 * and withdrawing functional storage deletes the profile history kept for them, in the same
 * transaction.
 */
import type { Consent } from "@/domain/consent/consent";
import { getDb, type AppDb } from "@/server/db/client";
import type { UserRow } from "@/server/db/schema";
import { setConsent } from "@/server/auth/users";
import { clearHistory } from "@/server/history/repository";

export function saveConsent(userId: string, consent: Consent, db: AppDb = getDb()): UserRow | undefined {
  return db.transaction((tx) => {
    const row = setConsent(userId, consent, tx);
    if (row && !(consent.checked && consent.functional)) clearHistory(userId, tx);
    return row;
  });
}

/** Whether the server may keep this user's profile history: only with functional consent. */
export function mayKeepHistory(row: Pick<UserRow, "bespokeUserMetadata">): boolean {
  const consent = row.bespokeUserMetadata?.consent;
  return Boolean(consent?.checked && consent.functional);
}
