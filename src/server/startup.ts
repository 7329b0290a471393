/**
 * Checks run once when the server starts (from instrumentation.ts): a production server without
 * a session secret stops here with a message saying what to set, instead of failing at the first
 * sign-in; the app database is opened and migrated before the first request.
 */
import "server-only";
import { authOrigin, insecureOriginWarning } from "@/server/origin";
import { authSecret, MissingSecretError } from "@/server/auth/secret";
import { databasePath } from "@/server/db/config";
import { getDb } from "@/server/db/client";
import { parseTagId } from "@/domain/consent/tag";

export function startAccounts(): void {
  try {
    authSecret();
  } catch (error) {
    if (error instanceof MissingSecretError) {
      console.error(`\n[auth] Cannot start: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const warning = insecureOriginWarning();
  if (warning) console.warn(`[auth] ${warning}`);
  if (process.env.NODE_ENV === "production" && !process.env.SMTP_URL) {
    console.warn("[mail] SMTP_URL is not set: sign-in links are written to this log instead of being emailed.");
  }
  try {
    getDb();
  } catch (error) {
    console.error(`\n[db] Cannot open the app database at ${safePath()}: ${(error as Error).message}\n`);
    process.exit(1);
  }
  console.info(`[auth] site origin ${authOrigin().origin}; app database ${safePath()}`);
  const tag = process.env.GTM_ID?.trim();
  if (tag && !parseTagId(tag)) console.warn(`[analytics] GTM_ID is not a Tag Manager container id (GTM-XXXXXXX): no analytics tag will load.`);
}

function safePath(): string {
  try {
    return databasePath();
  } catch (error) {
    return `(${(error as Error).message})`;
  }
}
