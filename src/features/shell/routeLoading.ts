/**
 * Decides what a click on a link should show while the next page loads (spec sections 2 and 9):
 * the top bar for any other path, and the full-page state for profile pages.
 */
export const LOADING_BAR_SPEED_MS = 1000;

export type RouteLoading = "none" | "bar" | "full-page";

export function loadingFor(current: URL, target: URL): RouteLoading {
  if (target.origin !== current.origin) return "none";
  if (target.pathname === current.pathname) return "none";
  if (/^\/(en|es|zh)\/profile\//.test(target.pathname)) return "full-page";
  return "bar";
}
