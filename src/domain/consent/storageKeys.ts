/**
 * Names of what the site keeps in the browser, in one place: the catalogue lists them and the
 * consent effects remove them by these names and prefixes.
 */
/** The remembered colour scheme (a cookie, so the server renders it with no flash). */
export const COLOR_SCHEME_COOKIE = "ots-color-scheme";
/**
 * next-auth's cross-tab signal (local storage): written when the session is fetched, signed in or
 * out, so other tabs refetch. Necessary (authentication): kept whatever the cookie choice.
 */
export const NEXTAUTH_BROADCAST_KEY = "nextauth.message";
/** Chatbot conversations (local storage), one key per session. */
export const CHAT_SESSION_PREFIX = "ots-chat:";
/** Profile history (local storage): the guest's list and one per signed-in user. */
export const HISTORY_PREFIX = "ots-history:";
export const GUEST_HISTORY_KEY = `${HISTORY_PREFIX}guest`;
export const USER_HISTORY_PREFIX = `${HISTORY_PREFIX}user:`;
/** Games (local storage): each game's results and whether its instructions were seen. */
export const GAMES_PREFIX = "ots-games:";

/** A game's finished puzzles in this browser: the guest's, or a signed-in player's copy. */
export function gameResultsKey(game: string, userId: string | null | undefined): string {
  return `${GAMES_PREFIX}${game}:${userId ? `user:${userId}` : "guest"}`;
}

/** Set once a game's instructions have been shown (so they open only on the first play). */
export function gameIntroKey(game: string): string {
  return `${GAMES_PREFIX}${game}:intro`;
}
/** Analytics cookies all start with this (Google's _ga, _ga_<container>, _gat...). */
export const ANALYTICS_COOKIE_PREFIX = "_ga";
/** Set by sign-up for the next page: the welcome note and keeping the guest's history (session storage). */
export const SIGNUP_WELCOME_KEY = "ots-welcome";
/** The signed-in user last announced to the data layer in this tab (session storage). */
export const ANALYTICS_USER_KEY = "ots-analytics-user";

export function historyKey(userId: string | null | undefined): string {
  return userId ? `${USER_HISTORY_PREFIX}${userId}` : GUEST_HISTORY_KEY;
}

/** A signed-in user's visits not yet on the server (local storage, part of their history). */
export function pendingHistoryKey(userId: string): string {
  return `${USER_HISTORY_PREFIX}${userId}:pending`;
}

/** Cookie names in a `document.cookie` string that start with `prefix`. */
export function cookieNamesWithPrefix(cookieString: string, prefix: string): string[] {
  const names = new Set<string>();
  for (const part of cookieString.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name && name.startsWith(prefix)) names.add(name);
  }
  return [...names];
}

/**
 * The `document.cookie` assignments that expire a cookie wherever a tag may have set it: on this
 * host and on each parent domain (Google's tags set theirs on the widest one they can).
 */
export function expireCookieAssignments(name: string, hostname: string): string[] {
  const base = `${name}=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  const out = [base];
  const isIp = /^[\d.]+$/.test(hostname) || hostname.includes(":");
  if (!isIp && hostname) {
    const labels = hostname.split(".");
    for (let i = 0; i < labels.length; i++) {
      const domain = labels.slice(i).join(".");
      // A bare top-level domain cannot hold cookies, except a single-label host such as localhost.
      if (i > 0 && i === labels.length - 1) break;
      out.push(`${base}; domain=${domain}`, `${base}; domain=.${domain}`);
    }
  }
  return out;
}
