import { describe, expect, it } from "vitest";
import en from "../../../messages/en.json";
import { internalNavPaths, NAV_MENUS } from "../shell/navigation";
import { PAGE_TITLE_KEYS, PLANNED_PAGES, plannedPageFor } from "@/domain/content/plannedPages";

const REAL_PAGES = new Set([
  "/tariff-simulator-report",
  "/explorer",
  "/trend-explorer",
  "/profile/world/wld",
  "/profile/hs",
  "/profile/country",
  "/profile/international_organization",
  "/profile/subnational",
  "/profile/bilateral-country",
  "/profile/bilateral-product",
  "/resources/about",
  "/blog",
  "/support",
  "/support/faq",
  "/resources/privacy",
  "/resources/terms",
  "/sitemap",
  "/login",
  "/signup",
  "/subscription",
  "/account",
  "/bulk-access",
  "/rankings/eci/latest",
  "/rankings/pci/latest",
  "/rankings/legacy/eci",
  "/country-rankings/latest/trade",
  "/product-rankings/latest/trade",
  "/resources/methods",
  "/data-availability",
  "/resources/api",
  "/data-sources",
  "/resources/publications",
  "/resources/notebooks",
  "/resources/bulk-download/international",
  "/resources/bulk-download/national",
  "/resources/bulk-download/products",
  "/resources/bulk-download/bill-of-lading",
  "/visualize/tree_map",
  "/visualize/stacked",
  "/visualize/scatter",
  "/visualize/network",
  "/visualize/geomap",
  "/games/tradle",
  "/games/pick-5",
  "/games/connectrade",
  "/games/export-holdem",
  "/resources/library",
  "/trending",
  "/profile/company",
  "/profile/digital-product",
  "/fund-manager-landing",
  "/resources/methods/eci-growth-predictions",
  "/chat",
  "/company-explorer",
]);

describe("planned pages", () => {
  it("every menu and menu entry has a label", () => {
    for (const menu of NAV_MENUS) {
      expect((en.nav.menus as Record<string, string>)[menu.id], menu.id).toBeTruthy();
      for (const item of menu.items) expect((en.nav.items as Record<string, string>)[item.id], item.id).toBeTruthy();
    }
  });
  it("cover every menu link that has no real page yet", () => {
    for (const path of internalNavPaths()) {
      expect(REAL_PAGES.has(path) || plannedPageFor(path) !== null, path).toBe(true);
    }
  });
  it("have a description in the messages and offer only pages that exist", () => {
    const planned = en.planned.pages as Record<string, string>;
    for (const page of Object.values(PLANNED_PAGES)) {
      expect(planned[page.id], page.id).toBeTruthy();
      expect((en.nav.items as Record<string, string>)[page.id], `title of ${page.id}`).toBeTruthy();
      for (const related of page.related) {
        expect(related in PAGE_TITLE_KEYS, related).toBe(true);
      }
    }
  });
  it("keep no description of a page that is built (it would be shipped and never shown)", () => {
    const ids = new Set(Object.values(PLANNED_PAGES).map((page) => page.id));
    expect(Object.keys(en.planned.pages).filter((id) => !ids.has(id))).toEqual([]);
  });
  it("list no page that is built (the company explorer is a real page now)", () => {
    expect(plannedPageFor("/company-explorer")).toBeNull();
    expect(plannedPageFor("/company-explorer/")).toBeNull();
    for (const path of Object.keys(PLANNED_PAGES)) expect(REAL_PAGES.has(path), path).toBe(false);
  });
  it("match nothing that is not listed", () => {
    expect(plannedPageFor("/company-explorer/x")).toBeNull();
    expect(plannedPageFor("/explorer")).toBeNull();
    expect(plannedPageFor("/chat")).toBeNull();
    expect(plannedPageFor("/constructor")).toBeNull();
  });
});
