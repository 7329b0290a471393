/**
 * The cookie-consent state machine (spec section 4, Consent). Pure: the browser and the server
 * carry out the effects it names; nothing here touches storage.
 */
export interface Consent {
  /** The visitor has decided (accept all, reject all or save); until then the dialog shows. */
  checked: boolean;
  functional: boolean;
  tracking: boolean;
}

export const UNCHECKED: Consent = Object.freeze({ checked: false, functional: false, tracking: false });

export type ConsentAction =
  | { type: "acceptAll" }
  | { type: "rejectAll" }
  | { type: "save"; functional: boolean; tracking: boolean }
  /** The consent stored on the server for the signed-in user replaces the local one. */
  | { type: "adopt"; consent: Consent };

/**
 * What a transition asks the browser to do. Removals are idempotent, so they run whenever the
 * new consent says "no", not only when it changed; the reload only when tracking was in force
 * (a tag script may have loaded, and only a reload unloads it).
 */
export type ConsentEffect = "removeChatSessions" | "removeProfileHistory" | "removeAnalyticsCookies" | "clearDataLayer" | "reload";

export function decide(current: Consent, action: ConsentAction): Consent {
  switch (action.type) {
    case "acceptAll":
      return { checked: true, functional: true, tracking: true };
    case "rejectAll":
      return { checked: true, functional: false, tracking: false };
    case "save":
      return { checked: true, functional: action.functional, tracking: action.tracking };
    case "adopt":
      return action.consent.checked ? { ...action.consent } : { ...current };
  }
}

export function functionalAllowed(consent: Consent): boolean {
  return consent.checked && consent.functional;
}

/** Tracking events go out only when consent is checked and tracking allowed. */
export function trackingAllowed(consent: Consent): boolean {
  return consent.checked && consent.tracking;
}

export function effectsOf(previous: Consent, next: Consent): ConsentEffect[] {
  const effects = new Set<ConsentEffect>();
  if (!next.checked) return [];
  if (!next.functional) {
    effects.add("removeChatSessions");
    effects.add("removeProfileHistory");
  }
  if (!next.tracking) {
    effects.add("removeChatSessions");
    effects.add("removeAnalyticsCookies");
    effects.add("clearDataLayer");
    if (trackingAllowed(previous)) effects.add("reload");
  }
  return [...effects];
}

export function transition(current: Consent, action: ConsentAction): { consent: Consent; effects: ConsentEffect[] } {
  const consent = decide(current, action);
  return { consent, effects: effectsOf(current, consent) };
}

export function sameConsent(a: Consent | null | undefined, b: Consent | null | undefined): boolean {
  if (!a || !b) return a === b;
  return a.checked === b.checked && a.functional === b.functional && a.tracking === b.tracking;
}

/**
 * Signed in: a decided consent on the server wins over the local one; a decided local consent
 * with none on the server is pushed up; otherwise nothing to do.
 */
export type Reconciliation = { kind: "adopt"; consent: Consent } | { kind: "push"; consent: Consent } | { kind: "none" };

export function reconcile(local: Consent, server: Consent | null | undefined): Reconciliation {
  if (server?.checked) return sameConsent(local, server) ? { kind: "none" } : { kind: "adopt", consent: { ...server } };
  if (local.checked) return { kind: "push", consent: { ...local } };
  return { kind: "none" };
}

/**
 * A consent value from outside (another tab, a request body): exactly {checked, functional,
 * tracking}, all booleans, and no choices while unchecked; anything else is null. Plain code, not
 * a schema library: this module is in every page's browser bundle.
 */
export function parseConsent(value: unknown): Consent | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const keys = Object.keys(value).sort();
  if (keys.join(",") !== "checked,functional,tracking") return null;
  const { checked, functional, tracking } = value as Record<string, unknown>;
  if (typeof checked !== "boolean" || typeof functional !== "boolean" || typeof tracking !== "boolean") return null;
  if (!checked && (functional || tracking)) return null;
  return { checked, functional, tracking };
}

/** The local record of the choice: a necessary cookie, so the server renders without the dialog. */
export const CONSENT_COOKIE = "ots-consent";
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

export function encodeConsentCookie(consent: Consent): string | null {
  if (!consent.checked) return null;
  return `f${consent.functional ? 1 : 0}t${consent.tracking ? 1 : 0}`;
}

export function parseConsentCookie(value: string | null | undefined): Consent {
  const match = /^f([01])t([01])$/.exec(value ?? "");
  if (!match) return { ...UNCHECKED };
  return { checked: true, functional: match[1] === "1", tracking: match[2] === "1" };
}
