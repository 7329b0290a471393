/**
 * The data layer (window.dataLayer) and the tag that reads it. Events are plain objects in the
 * Google Tag Manager style; the container is loaded only when a container id is configured
 * (GTM_ID) and tracking is allowed. Without an id no external script is ever added.
 */
import { tagManagerScriptUrl } from "@/domain/consent/tag";

export type DataLayerEvent = Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

export function dataLayer(): DataLayerEvent[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}

export function pushEvent(event: DataLayerEvent): void {
  dataLayer().push(event);
}

/** Empties the data layer in place: a tag already loaded holds a reference to this array. */
export function clearDataLayer(): void {
  if (Array.isArray(window.dataLayer)) window.dataLayer.length = 0;
}

export function pageViewEvent(location: { pathname: string; href: string }, locale: string): DataLayerEvent {
  return { event: "page_view", page_path: location.pathname, page_location: location.href, page_locale: locale };
}

/** After sign-in: the user's id and role; on sign-out: the same event with both cleared. */
export function userEvent(user: { id: string; role: number } | null): DataLayerEvent {
  return { event: "user", user_id: user?.id ?? null, user_role: user?.role ?? null };
}

const SCRIPT_ATTRIBUTE = "data-ots-tag";

/** Adds the container script once; returns whether a script is (now) on the page. */
export function loadTagManager(id: string | null): boolean {
  const src = tagManagerScriptUrl(id);
  if (!src) return false;
  if (document.querySelector(`script[${SCRIPT_ATTRIBUTE}]`)) return true;
  pushEvent({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  script.setAttribute(SCRIPT_ATTRIBUTE, "");
  document.head.appendChild(script);
  return true;
}
