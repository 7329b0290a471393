/**
 * The cookie catalogue (spec sections 3 and 9) as data: every cookie and browser-storage entry
 * the site sets or causes, by category, with what it is for and how long it lasts. The customise
 * modal and the privacy page render it; the consent effects remove what it names.
 */
import { CONSENT_COOKIE } from "@/domain/consent/consent";
import { COLOR_SCHEME_COOKIE, NEXTAUTH_BROADCAST_KEY, SIGNUP_WELCOME_KEY } from "@/domain/consent/storageKeys";
import { ANALYTICS_COOKIE_PREFIX, ANALYTICS_USER_KEY, CHAT_SESSION_PREFIX, GAMES_PREFIX, GUEST_HISTORY_KEY, USER_HISTORY_PREFIX } from "@/domain/consent/storageKeys";

export type CookieCategory = "necessary" | "functional" | "tracking";
export const COOKIE_CATEGORIES: readonly CookieCategory[] = ["necessary", "functional", "tracking"];

export type CookiePurpose = "consent" | "authentication" | "colorScheme" | "payment" | "chatbot" | "profileHistory" | "games" | "analytics";
export type CookieStorage = "cookie" | "localStorage" | "sessionStorage";

export type CookieDuration =
  | { kind: "session" }
  /** Kept until removed: browser storage has no expiry. */
  | { kind: "never" }
  | { kind: "period"; years?: number; months?: number; days?: number; minutes?: number };

export interface CookieEntry {
  /** The name as stored ("<...>" marks the variable part). */
  cookie: string;
  /** Message key under consent.catalogue. */
  id: string;
  purpose: CookiePurpose;
  storage: CookieStorage;
  duration: CookieDuration;
  /** Who sets it: the site itself or a third party. */
  provider: "site" | "stripe" | "google";
}

const ONE_YEAR: CookieDuration = { kind: "period", years: 1 };
/** 400 days: the longest a browser keeps a cookie, which Google Analytics asks for. */
const ANALYTICS_LIFETIME: CookieDuration = { kind: "period", years: 1, months: 1, days: 4 };

export const COOKIE_CATALOGUE: Record<CookieCategory, readonly CookieEntry[]> = {
  necessary: [
    { cookie: CONSENT_COOKIE, id: "consent", purpose: "consent", storage: "cookie", duration: ONE_YEAR, provider: "site" },
    // next-auth names them with a __Secure- or __Host- prefix over https.
    { cookie: "next-auth.session-token", id: "sessionToken", purpose: "authentication", storage: "cookie", duration: { kind: "period", days: 30 }, provider: "site" },
    { cookie: "next-auth.csrf-token", id: "csrfToken", purpose: "authentication", storage: "cookie", duration: { kind: "session" }, provider: "site" },
    { cookie: "next-auth.callback-url", id: "callbackUrl", purpose: "authentication", storage: "cookie", duration: { kind: "session" }, provider: "site" },
    // next-auth's signal to the other tabs (sign-in, sign-out, session refetch): local storage.
    { cookie: NEXTAUTH_BROADCAST_KEY, id: "sessionSync", purpose: "authentication", storage: "localStorage", duration: { kind: "never" }, provider: "site" },
    { cookie: SIGNUP_WELCOME_KEY, id: "signupWelcome", purpose: "authentication", storage: "sessionStorage", duration: { kind: "session" }, provider: "site" },
    { cookie: COLOR_SCHEME_COOKIE, id: "colorScheme", purpose: "colorScheme", storage: "cookie", duration: ONE_YEAR, provider: "site" },
    { cookie: "__stripe_mid", id: "stripeMid", purpose: "payment", storage: "cookie", duration: ONE_YEAR, provider: "stripe" },
    { cookie: "__stripe_sid", id: "stripeSid", purpose: "payment", storage: "cookie", duration: { kind: "period", minutes: 30 }, provider: "stripe" },
  ],
  functional: [
    { cookie: `${CHAT_SESSION_PREFIX}<id>`, id: "chatSessions", purpose: "chatbot", storage: "localStorage", duration: { kind: "never" }, provider: "site" },
    { cookie: GUEST_HISTORY_KEY, id: "historyGuest", purpose: "profileHistory", storage: "localStorage", duration: { kind: "never" }, provider: "site" },
    { cookie: `${USER_HISTORY_PREFIX}<id>`, id: "historyUser", purpose: "profileHistory", storage: "localStorage", duration: { kind: "never" }, provider: "site" },
    { cookie: `${USER_HISTORY_PREFIX}<id>:pending`, id: "historyPending", purpose: "profileHistory", storage: "localStorage", duration: { kind: "never" }, provider: "site" },
    { cookie: `${GAMES_PREFIX}<game>:…`, id: "gameStats", purpose: "games", storage: "localStorage", duration: { kind: "never" }, provider: "site" },
  ],
  tracking: [
    { cookie: ANALYTICS_COOKIE_PREFIX, id: "ga", purpose: "analytics", storage: "cookie", duration: ANALYTICS_LIFETIME, provider: "google" },
    { cookie: `${ANALYTICS_COOKIE_PREFIX}_<container-id>`, id: "gaContainer", purpose: "analytics", storage: "cookie", duration: ANALYTICS_LIFETIME, provider: "google" },
    { cookie: ANALYTICS_USER_KEY, id: "analyticsUser", purpose: "analytics", storage: "sessionStorage", duration: { kind: "session" }, provider: "site" },
  ],
};

export type DurationUnit = "years" | "months" | "days" | "minutes";

/** A duration as message parts: "session", "never", or counts of units, largest first. */
export function durationParts(duration: CookieDuration): "session" | "never" | Array<{ unit: DurationUnit; count: number }> {
  if (duration.kind !== "period") return duration.kind;
  const units: DurationUnit[] = ["years", "months", "days", "minutes"];
  return units.filter((unit) => (duration[unit] ?? 0) > 0).map((unit) => ({ unit, count: duration[unit]! }));
}
