/**
 * Decides what a click on a link should show while the next page loads (spec sections 2 and 9):
 * the top bar for any other path, and the full-page state for profile pages.
 */
export const LOADING_BAR_SPEED_MS = 1000;

export type RouteLoading = "none" | "bar" | "full-page";

/**
 * Marks a link whose click is handled in place (it opens the explore dialog, say) and so never
 * navigates: its href is only there for crawlers, readers without JavaScript and modified clicks.
 * Menu items that open the explore dialog carry it as `data-explore`.
 */
export const IN_PLACE_ATTRIBUTES = ["data-explore", "data-in-place"] as const;

/** Whether a clicked link opens something in place instead of navigating. */
export function opensInPlace(link: { hasAttribute(name: string): boolean }): boolean {
  return IN_PLACE_ATTRIBUTES.some((name) => link.hasAttribute(name));
}

export function loadingFor(current: URL, target: URL, inPlace = false): RouteLoading {
  if (inPlace) return "none";
  if (target.origin !== current.origin) return "none";
  if (target.pathname === current.pathname) return "none";
  if (/^\/(en|es|zh)\/profile\//.test(target.pathname)) return "full-page";
  return "bar";
}
