/**
 * Checks run once when the server starts (from instrumentation.ts): a malformed setting, or a
 * production server without a session secret, stops here with a message saying what to set,
 * instead of failing at the first request that needs it; the app database is opened and migrated
 * before the first request.
 */
import "server-only";
import { authOrigin, insecureOriginWarning } from "@/server/origin";
import { authSecret, MissingSecretError } from "@/server/auth/secret";
import { getDb } from "@/server/db/client";
import { parseTagId } from "@/domain/consent/tag";
import { checkSettings, settings, SettingsError } from "@/server/settings";

export function startAccounts(): void {
  try {
    checkSettings();
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(`\n[settings] Cannot start: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
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
  const current = settings();
  if (current.production && !current.smtpUrl) {
    console.warn("[mail] SMTP_URL is not set: sign-in links are written to this log instead of being emailed.");
  }
  let where = "(not configured)";
  try {
    const db = getDb();
    where = db.where;
    // PostgreSQL is reached (and migrated) asynchronously: a server that cannot reach it stops.
    db.ping().catch((error: unknown) => {
      console.error(`\n[db] Cannot use the app database at ${where}: ${(error as Error).message}\n`);
      process.exit(1);
    });
  } catch (error) {
    console.error(`\n[db] Cannot open the app database: ${(error as Error).message}\n`);
    process.exit(1);
  }
  console.info(`[auth] site origin ${authOrigin().origin}; app database ${where}`);
  const tag = current.gtmId;
  if (tag && !parseTagId(tag)) console.warn(`[analytics] GTM_ID is not a Tag Manager container id (GTM-XXXXXXX): no analytics tag will load.`);
}
