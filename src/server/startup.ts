/**
 * Checks run once when the server starts (from instrumentation.ts): a malformed setting, or a
 * production server without a session secret, stops here with a message saying what to set,
 * instead of failing at the first request that needs it. The app database is opened and migrated in
 * the background, retried with back-off while it cannot be reached (the node serves everything
 * that needs no app database meanwhile, and health says not ready).
 */
import "server-only";
import { authOrigin, insecureOriginWarning } from "@/server/origin";
import { authSecret, MissingSecretError } from "@/server/auth/secret";
import { getDb } from "@/server/db/client";
import { DatabaseConfigError, databaseTarget, redactedUrl } from "@/server/db/config";
import { describeCause } from "@/server/db/unavailable";
import { waitForDatabase } from "@/server/db/waitForDatabase";
import { parseTagId } from "@/domain/consent/tag";
import { checkSettings, settings, SettingsError } from "@/server/settings";

/** Where the app database is configured to be, for the log (a path, or the URL without its password). */
function databaseWhere(): string {
  try {
    const target = databaseTarget();
    return target.kind === "sqlite" ? target.path : redactedUrl(target.url);
  } catch (error) {
    return `(not configured: ${(error as Error).message})`;
  }
}

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
  let where = databaseWhere();
  // The app database is tried in the background until it answers (waitForDatabase): a node
  // started while it is away serves pages, data, search and bulk files, and turns ready when it
  // returns. Only a malformed DATABASE_URL (nothing a retry mends) stops the process.
  void waitForDatabase(
    async () => {
      const db = getDb();
      where = db.where;
      await db.ping();
    },
    { where: () => where, fatal: (error) => error instanceof DatabaseConfigError },
  ).catch((error: unknown) => {
    console.error(`\n[db] Cannot start: ${describeCause(error)}\n`);
    process.exit(1);
  });
  console.info(`[auth] site origin ${authOrigin().origin}; app database ${where}`);
  const tag = current.gtmId;
  if (tag && !parseTagId(tag)) console.warn(`[analytics] GTM_ID is not a Tag Manager container id (GTM-XXXXXXX): no analytics tag will load.`);
}
