/**
 * Error codes the account pages turn into messages (under "auth.errors"). A unit test checks
 * that each has a message in every language.
 */

/** next-auth's ?error= codes (and ours) on the sign-in page, mapped to message keys. */
export const SIGN_IN_ERROR_KEYS: Record<string, string> = {
  CredentialsSignin: "wrongCredentials",
  RateLimited: "rateLimited",
  Verification: "linkExpired",
  AccessDenied: "accessDenied",
  EmailSignin: "emailFailed",
  EmailCreateAccount: "accessDenied",
  SessionRequired: "sessionRequired",
  Expired: "formExpired",
};

/** `error.code` values of our API that have a message of their own. */
export const API_ERROR_CODES = [
  "email_taken",
  "wrong_password",
  "wrong_email",
  "rate_limited",
  "csrf",
  "unauthenticated",
  "forbidden",
  "no_emails",
  "already_subscribed",
  "payment_unavailable",
  "not_configured",
] as const;

/** Messages shown for client-side checks and failures without a code. */
export const OTHER_ERROR_KEYS = ["invalidEmail", "invalidName", "weakPassword", "network", "unknown"] as const;

export function signInErrorKey(code: string | null | undefined): string | null {
  if (!code) return null;
  return SIGN_IN_ERROR_KEYS[code] ?? "unknown";
}
