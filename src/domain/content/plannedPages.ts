/**
 * Pages the navigation promises that are not built yet. Each says plainly what it will hold and
 * links to what exists (no dead ends). A real route for the same path replaces the entry: Next.js
 * prefers a concrete route over the catch-all that renders these.
 */
export interface PlannedPage {
  /** Message key under "planned.pages"; the title is the nav label "nav.items.{id}". */
  id: string;
  /** Existing pages to offer meanwhile (paths without locale). */
  related: string[];
}

/** Empty while every page the menus promise is built; a page planned again is listed here with its related pages. */
export const PLANNED_PAGES: Record<string, PlannedPage> = {};

/** The titles of related pages come from the nav labels or the pages' own titles. */
export const PAGE_TITLE_KEYS: Record<string, string> = {
  "/": "common.home",
  "/resources/about": "about.title",
  "/resources/privacy": "privacy.title",
  "/resources/terms": "terms.title",
  "/support": "supportPage.title",
  "/support/faq": "faq.title",
  "/blog": "blog.title",
  "/subscription": "nav.pricing",
  "/sitemap": "sitemapPage.title",
  "/resources/methods": "methods.title",
  "/rankings/legacy/eci": "rankings.legacy.title",
};

export function plannedPageFor(pathWithoutLocale: string): PlannedPage | null {
  const normalised = pathWithoutLocale.replace(/\/+$/, "") || "/";
  return Object.hasOwn(PLANNED_PAGES, normalised) ? PLANNED_PAGES[normalised] : null;
}
