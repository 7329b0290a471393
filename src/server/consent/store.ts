/**
 * Saving a signed-in user's consent (spec section 4): the choice goes into the user's metadata,
 * and withdrawing functional storage deletes the profile history and game results kept for them,
 * in the same transaction.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { cookies } from "next/headers";
import { CONSENT_COOKIE, parseConsentCookie, type Consent } from "@/domain/consent/consent";
import { getDb, type AppDb } from "@/server/db/client";
import type { BespokeUserMetadata, UserRow } from "@/server/db/schema";
import { clearResultsIn } from "@/server/gameResults/repository";
import { clearChatSessionsIn } from "@/server/chatSessions/repository";
import { clearHistoryIn, type InTx } from "@/server/history/repository";

/** Stores the choice in the user's metadata, keeping the rest of it (inside the caller's transaction). */
async function setConsentIn(id: string, consent: NonNullable<BespokeUserMetadata["consent"]>, { orm, t }: InTx): Promise<UserRow | undefined> {
  const { users } = t;
  const [row] = await orm.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) return undefined;
  const [updated] = await orm
    .update(users)
    .set({ bespokeUserMetadata: { ...row.bespokeUserMetadata, consent }, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return updated;
}

export function setConsent(id: string, consent: NonNullable<BespokeUserMetadata["consent"]>, db: AppDb = getDb()): Promise<UserRow | undefined> {
  return db.tx((orm) => setConsentIn(id, consent, { orm, t: db.t }));
}

/** Saves the choice; withdrawing functional storage deletes the history and game results in the same transaction. */
export function saveConsent(userId: string, consent: Consent, db: AppDb = getDb()): Promise<UserRow | undefined> {
  return db.tx(async (orm) => {
    const row = await setConsentIn(userId, consent, { orm, t: db.t });
    if (row && !(consent.checked && consent.functional)) {
      await clearHistoryIn(userId, { orm, t: db.t });
      await clearResultsIn(userId, { orm, t: db.t });
    }
    // Chatbot conversations go when functional or tracking storage is withdrawn (spec section 4).
    if (row && !(consent.checked && consent.functional && consent.tracking)) await clearChatSessionsIn(userId, { orm, t: db.t });
    return row;
  });
}

/** Whether the server may keep this user's profile history: only with functional consent. */
export function mayKeepHistory(row: Pick<UserRow, "bespokeUserMetadata">): boolean {
  const consent = row.bespokeUserMetadata?.consent;
  return Boolean(consent?.checked && consent.functional);
}

/**
 * At sign-in: the choice this browser made (its consent cookie) is saved with the account when
 * the account has none yet (spec section 4: local consent with none on the server is pushed
 * up). Done with the sign-in itself, so the first session already carries it. A stored choice
 * is never overwritten here: it wins, and the browser adopts it.
 */
export async function pushLocalConsentAtSignIn(row: Pick<UserRow, "id" | "bespokeUserMetadata">): Promise<void> {
  if (row.bespokeUserMetadata?.consent?.checked) return;
  let local: Consent;
  try {
    local = parseConsentCookie((await cookies()).get(CONSENT_COOKIE)?.value);
  } catch {
    return; // Not within a request (scripts, tests): nothing to push.
  }
  if (local.checked) await saveConsent(row.id, local);
}
