import type { Locale } from "@/domain/i18n/locales";

/**
 * The sign-in page for a visitor sent there by a page that needs a session (spec section 4:
 * error=SessionRequired and callbackUrl, the page to come back to).
 */
export function sessionRequiredPath(locale: Locale, callbackPath: string): string {
  const query = new URLSearchParams({ error: "SessionRequired", callbackUrl: callbackPath });
  return `/${locale}/login?${query}`;
}

/** Sign in and come back here (the anonymous user group's Sign in button). */
export function loginPath(locale: Locale, redirectPath?: string): string {
  return redirectPath ? `/${locale}/login?${new URLSearchParams({ redirect: redirectPath })}` : `/${locale}/login`;
}
