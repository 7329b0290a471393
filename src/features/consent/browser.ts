/**
 * Carrying out consent in the browser: the consent cookie, and the removals the state machine
 * asks for (spec section 4). The reload is left to the caller, after the server has the choice.
 */
import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE_SECONDS, encodeConsentCookie, parseConsentCookie, type Consent, type ConsentEffect } from "@/domain/consent/consent";
import { clearDataLayer } from "./analytics";
import { announceFunctionalConsentWithdrawn } from "./withdrawal";
import { ANALYTICS_COOKIE_PREFIX, ANALYTICS_USER_KEY, CHAT_SESSION_PREFIX, GAMES_PREFIX, HISTORY_PREFIX, cookieNamesWithPrefix, expireCookieAssignments } from "@/domain/consent/storageKeys";

export function readConsentCookie(): Consent {
  const prefix = `${CONSENT_COOKIE}=`;
  const part = document.cookie.split("; ").find((c) => c.startsWith(prefix));
  return parseConsentCookie(part?.slice(prefix.length));
}

export function writeConsentCookie(consent: Consent) {
  const value = encodeConsentCookie(consent);
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  document.cookie = value
    ? `${CONSENT_COOKIE}=${value}; path=/; max-age=${CONSENT_COOKIE_MAX_AGE_SECONDS}; samesite=lax${secure}`
    : `${CONSENT_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`;
}

function removeKeys(store: Storage | undefined, prefix: string) {
  if (!store) return;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}

function safely(action: () => void) {
  try {
    action();
  } catch {
    // Storage disabled: nothing was kept there either.
  }
}

export function removeChatSessions() {
  safely(() => removeKeys(window.localStorage, CHAT_SESSION_PREFIX));
  safely(() => removeKeys(window.sessionStorage, CHAT_SESSION_PREFIX));
}

export function removeAnalyticsCookies() {
  for (const name of cookieNamesWithPrefix(document.cookie, ANALYTICS_COOKIE_PREFIX)) {
    for (const assignment of expireCookieAssignments(name, window.location.hostname)) document.cookie = assignment;
  }
  safely(() => window.sessionStorage.removeItem(ANALYTICS_USER_KEY));
}

/** Runs every effect except the reload. */
export function runRemovals(effects: readonly ConsentEffect[]) {
  for (const effect of effects) {
    if (effect === "removeChatSessions") removeChatSessions();
    else if (effect === "removeProfileHistory") {
      // Functional storage withdrawn: every profile history kept in this browser (the guest's and
      // each user's) and the games' results and settings; then this tab's readers are told.
      safely(() => removeKeys(window.localStorage, HISTORY_PREFIX));
      safely(() => removeKeys(window.localStorage, GAMES_PREFIX));
      announceFunctionalConsentWithdrawn();
    }
    else if (effect === "removeAnalyticsCookies") removeAnalyticsCookies();
    else if (effect === "clearDataLayer") clearDataLayer();
  }
}
