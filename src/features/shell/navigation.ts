import { navPlanBadge } from "@/domain/billing/planFeatures";
import { SUPPORT_EMAIL } from "./support";

/**
 * The top bar's menus as data (spec section 2, "Shell navigation"). Labels are message keys under
 * "nav.items"; hrefs are given without the locale, which link building adds (withLocale).
 */
export type NavBadge = "PRO" | "PREMIUM" | "NEW";

/** Reports the explore dialog can open with; ids match the explorer's report registry. */
export type ExploreReport = "country" | "subnational" | "digital-product" | "international_organization";

export interface NavItem {
  id: string;
  href?: string;
  /** Opens the explore dialog with this report preselected instead of navigating. */
  explore?: ExploreReport;
  /** PRO and PREMIUM come from what the plans open (domain/billing/planFeatures.ts), never set here. */
  badge?: NavBadge;
  external?: boolean;
}

type NavItemDef = Omit<NavItem, "badge"> & { badge?: "NEW" };

export interface NavMenu {
  id: "profiles" | "tools" | "data" | "complexity" | "games" | "about";
  items: NavItem[];
}


const MENUS: { id: NavMenu["id"]; items: NavItemDef[] }[] = [
  {
    id: "profiles",
    items: [
      { id: "trending", href: "/trending" },
      { id: "world", href: "/profile/world/wld" },
      { id: "countries", explore: "country", href: "/profile/country" },
      { id: "subnational", explore: "subnational", href: "/profile/subnational" },
      { id: "digitalProducts", explore: "digital-product", href: "/profile/digital-product" },
      { id: "organizations", explore: "international_organization", href: "/profile/international_organization" },
      { id: "companies", href: "/profile/company" },
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
      { id: "trendExplorer", href: "/trend-explorer" },
      { id: "companyExplorer", href: "/company-explorer" },
      { id: "explorer", href: "/explorer" },
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
      { id: "dataSources", href: "/data-sources" },
      { id: "bulkBillOfLading", href: "/resources/bulk-download/bill-of-lading" },
      { id: "bulkNational", href: "/resources/bulk-download/national" },
      { id: "bulkProducts", href: "/resources/bulk-download/products" },
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

/** The menus with their badges: a plan's badge where the item leads to what a plan opens, else its own (NEW). */
export const NAV_MENUS: NavMenu[] = MENUS.map((menu) => ({
  id: menu.id,
  items: menu.items.map((item) => {
    const badge = navPlanBadge(item.id) ?? item.badge;
    return badge ? { ...item, badge } : { ...item };
  }),
}));

/** Every internal page the menus lead to (for the no-dead-ends test and the sitemap). */
export function internalNavPaths(): string[] {
  return NAV_MENUS.flatMap((menu) => menu.items)
    .filter((item) => item.href && !item.external)
    .map((item) => item.href as string);
}

/** Links that exist only when configured (README, "Configuration"): STORE_URL. */
export interface ConfiguredLinks {
  storeUrl?: string | null;
}

/** The menus with the configured links: the About menu ends with the external store when STORE_URL is set. */
export function navMenus(links: ConfiguredLinks = {}): NavMenu[] {
  const { storeUrl } = links;
  if (!storeUrl) return NAV_MENUS;
  return NAV_MENUS.map((menu) => (menu.id === "about" ? { ...menu, items: [...menu.items, { id: "store", href: storeUrl, external: true }] } : menu));
}
