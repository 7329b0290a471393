import { SUPPORT_EMAIL } from "./support";

/**
 * The top bar's menus as data (spec section 2, "Shell navigation"). Labels are message keys under
 * "nav.items"; hrefs are given without the locale, which link building adds (withLocale).
 */
export type NavBadge = "PRO" | "PREMIUM" | "NEW";

/** Reports the explore dialog can open with; ids match the explorer's report registry. */
export type ExploreReport = "country" | "subnational" | "international_organization";

export interface NavItem {
  id: string;
  href?: string;
  /** Opens the explore dialog with this report preselected instead of navigating. */
  explore?: ExploreReport;
  badge?: NavBadge;
  external?: boolean;
}

export interface NavMenu {
  id: "profiles" | "tools" | "data" | "complexity" | "games" | "about";
  items: NavItem[];
}


export const NAV_MENUS: NavMenu[] = [
  {
    id: "profiles",
    items: [
      { id: "trending", href: "/trending" },
      { id: "world", href: "/profile/world/wld" },
      { id: "countries", explore: "country", href: "/profile/country" },
      { id: "subnational", explore: "subnational", href: "/profile/subnational", badge: "PRO" },
      { id: "digitalProducts", href: "/profile/digital-product" },
      { id: "organizations", explore: "international_organization", href: "/profile/international_organization" },
      { id: "companies", href: "/profile/company", badge: "PRO" },
      { id: "products", href: "/profile/hs" },
      { id: "bilateralCountry", href: "/profile/bilateral-country" },
      { id: "bilateralProduct", href: "/profile/bilateral-product" },
      { id: "funds", href: "/fund-manager-landing", badge: "NEW" },
    ],
  },
  {
    id: "tools",
    items: [
      { id: "chat", href: "/chat" },
      { id: "tariffSimulator", href: "/tariff-simulator-report", badge: "NEW" },
      { id: "trendExplorer", href: "/trend-explorer", badge: "PRO" },
      { id: "companyExplorer", href: "/company-explorer", badge: "PREMIUM" },
      { id: "explorer", href: "/explorer", badge: "PRO" },
      { id: "countryRankings", href: "/country-rankings/latest/trade", badge: "NEW" },
      { id: "productRankings", href: "/product-rankings/latest/trade", badge: "NEW" },
      { id: "treeMap", href: "/visualize/tree_map" },
      { id: "stacked", href: "/visualize/stacked" },
      { id: "scatter", href: "/visualize/scatter" },
      { id: "network", href: "/visualize/network" },
      { id: "geomap", href: "/visualize/geomap" },
    ],
  },
  {
    id: "data",
    items: [
      { id: "dataAvailability", href: "/data-availability" },
      { id: "dataSources", href: "/data-sources", badge: "PRO" },
      { id: "bulkBillOfLading", href: "/resources/bulk-download/bill-of-lading", badge: "PREMIUM" },
      { id: "bulkNational", href: "/resources/bulk-download/national", badge: "PREMIUM" },
      { id: "bulkProducts", href: "/resources/bulk-download/products", badge: "PREMIUM" },
      { id: "bulkInternational", href: "/resources/bulk-download/international" },
      { id: "api", href: "/resources/api" },
      { id: "notebooks", href: "/resources/notebooks" },
    ],
  },
  {
    id: "complexity",
    items: [
      { id: "eciRankings", href: "/rankings/eci/latest" },
      { id: "pciRankings", href: "/rankings/pci/latest" },
      { id: "legacyEci", href: "/rankings/legacy/eci" },
      { id: "growthPredictions", href: "/resources/methods/eci-growth-predictions" },
      { id: "publications", href: "/resources/publications" },
      { id: "library", href: "/resources/library", badge: "NEW" },
    ],
  },
  {
    id: "games",
    items: [
      { id: "exportHoldem", href: "/games/export-holdem" },
      { id: "pick5", href: "/games/pick-5" },
      { id: "connectrade", href: "/games/connectrade" },
      { id: "tradle", href: "/games/tradle" },
    ],
  },
  {
    id: "about",
    items: [
      { id: "about", href: "/resources/about" },
      { id: "blog", href: "/blog" },
      { id: "support", href: "/support" },
      { id: "faq", href: "/support/faq" },
      { id: "methods", href: "/resources/methods" },
      { id: "contact", href: `mailto:${SUPPORT_EMAIL}`, external: true },
    ],
  },
];

/** Every internal page the menus lead to (for the no-dead-ends test and the sitemap). */
export function internalNavPaths(): string[] {
  return NAV_MENUS.flatMap((menu) => menu.items)
    .filter((item) => item.href && !item.external)
    .map((item) => item.href as string);
}
