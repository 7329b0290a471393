import { redirectTarget } from "@/domain/auth/redirect";
import { splitLocale, type Locale } from "@/domain/i18n/locales";

type Param = string | string[] | undefined;

function first(value: Param): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Where the sign-in and sign-up pages send the visitor afterwards. `?redirect=` (our own links)
 * must be a same-site relative path; `?callbackUrl=` (next-auth's) may also be an absolute URL on
 * this site's origin. Anything else, or a sign-in page itself, means the locale's home page.
 */
export function signInTarget(search: { redirect?: Param; callbackUrl?: Param }, locale: Locale, origin: string): string {
  const home = `/${locale}`;
  const target = search.redirect !== undefined ? redirectTarget(first(search.redirect), home) : redirectTarget(first(search.callbackUrl), home, origin);
  const { rest } = splitLocale(target.split(/[?#]/)[0]);
  return /^\/(login|signup)(\/|$)/.test(rest) ? home : target;
}

export function firstParam(value: Param): string | null {
  return first(value) ?? null;
}
