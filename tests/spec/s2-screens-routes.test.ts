/** Spec section 2: screens and routes (locale rule, explorer screen, shell navigation, routes). */
import { describe, expect } from "vitest";
import { navPlanBadge, PLAN_FEATURES } from "@/domain/billing/planFeatures";
import { pageCount } from "@/domain/explorer/filters";
import { PROFILE_PREFIX, profilePath, REGISTERED_WITHOUT_MEMBERS, REPORTS, reportBySlug } from "@/domain/explorer/reports";
import { TILE_IMAGE_HEIGHT } from "@/domain/explorer/tileMember";
import { LOCALE_NATIVE_NAMES, switchLocale, tileLocalePrefix, withLocale } from "@/domain/i18n/locales";
import { loginPath } from "@/domain/auth/paths";
import { parseRankingPath, rankingPath } from "@/domain/rankings/routes";
import { parseSubstitution, withSubstitution } from "@/domain/rankings/substitution";
import { fixtureCatalog } from "@/domain/visualize/test-support";
import { parseVizPath } from "@/domain/visualize/urlCodec";
import { chromeFor } from "@/features/shell/chrome";
import { navMenus, type NavItem } from "@/features/shell/navigation";
import { loadingFor } from "@/features/shell/routeLoading";
import { parseSettings } from "@/server/settings";
import { exists, LOCALE_LIST, message, route, source, spec } from "./support";

const STORE = "https://store.example.org/";
const menus = navMenus({ storeUrl: STORE });
const menu = (id: string) => menus.find((m) => m.id === id)!.items;
const item = (id: string): NavItem => {
  const found = menus.flatMap((m) => m.items).find((i) => i.id === id);
  if (!found) throw new Error(`no menu item ${id}`);
  return found;
};
/** Every internal href answers with a route of its own or the catch-all's planned pages (e2e: no dead ends). */
const hrefs = (ids: string[]) => ids.map((id) => item(id).href);

describe("2. Screens and routes", () => {
  describe("Locale rule", () => {
    spec("s2.tile-locale", () => {
      expect(tileLocalePrefix("en")).toBe("");
      expect(tileLocalePrefix("es")).toBe("/es");
      expect(tileLocalePrefix("zh")).toBe("/zh");
    });
    spec("s2.shell-locale", () => {
      expect(withLocale("/blog", "es")).toBe("/es/blog");
      expect(withLocale("/es/blog", "es")).toBe("/es/blog");
      expect(withLocale("/", "zh")).toMatch(/^\/zh\/?$/);
    });
  });

  describe("Explorer screen", () => {
    spec("s2.explore-modal", () => {
      expect(message("en", "explorer.clickToExplore")).toBe("Click to Explore");
      for (const l of LOCALE_LIST) expect(message(l, "explorer.clickToExplore")).toBeTruthy();
      const modal = source("src/features/explorer/ExplorerModal.tsx");
      expect(modal).toContain("fullScreen");
      expect(modal).toContain('<Tooltip label={tooltip ?? t("clickToExplore")}>');
    });
    spec("s2.search-box", () => {
      const explorer = source("src/features/explorer/Explorer.tsx");
      expect(explorer).toMatch(/<TextInput\s+ref=\{inputRef\}\s+size="lg"/);
      expect(explorer).toContain("leftSection={<SearchIcon />}");
      expect(explorer).toContain('<Loader size="sm" data-testid="search-spinner" />');
      expect(explorer).toContain('{query && <CloseButton aria-label={t("clear")}');
    });
    spec("s2.read-only", () => {
      const explorer = source("src/features/explorer/Explorer.tsx");
      expect(explorer).toContain("readOnly={busy}");
      expect(explorer).toMatch(/inputRef\.current\?\.focus\(/);
    });
    spec("s2.selector-shown", () => {
      expect(source("src/features/explorer/Explorer.tsx")).toContain("metadata && metadata.length > 1 &&");
    });
    spec("s2.wide", () => {
      const selector = source("src/features/explorer/ReportSelector.tsx");
      expect(selector.match(/w=\{450\}/g)).toHaveLength(2);
      expect(source("src/features/explorer/Explorer.module.css")).toContain("@media (max-width: 1000px)");
    });
    spec("s2.variant-dropdown", () => {
      expect(source("src/features/explorer/ReportSelector.tsx")).toContain("realVariants.length > 2");
    });
    spec("s2.narrow", () => {
      const selector = source("src/features/explorer/ReportSelector.tsx");
      expect(selector).toContain('variant={selected ? "outline" : "subtle"}');
      expect(selector).toContain("leftSection={selected ? <CheckIcon /> : undefined}");
    });
    spec("s2.selector-labels", () => {
      expect(message("en", "explorer.selectReport")).toBe("Select Report");
      expect(message("en", "explorer.selectVariant")).toBe("Select Variant");
      expect(message("en", "explorer.all")).toBe("All");
      for (const l of ["es", "zh"] as const) for (const k of ["selectReport", "selectVariant", "all"]) expect(message(l, `explorer.${k}`)).not.toBe(message("en", `explorer.${k}`));
    });
    spec("s2.grid", () => {
      expect(source("src/features/explorer/Explorer.tsx")).toContain("span={{ base: 12, xs: 12, sm: 6, md: 4, lg: 4, xl: 3 }}");
    });
    spec("s2.height", () => {
      const explorer = source("src/features/explorer/Explorer.tsx");
      expect(explorer).toContain("const RESULT_HEIGHT_OFFSET = 50;");
      expect(explorer).toContain("window.innerHeight - top - RESULT_HEIGHT_OFFSET");
    });
    spec("s2.empty", () => {
      expect(message("en", "explorer.noResults")).toBe("No Results");
      expect(message("en", "explorer.noResultsText")).toBe("Try another search or filter.");
    });
    spec("s2.pages", () => {
      expect(pageCount(21, 10)).toBe(3);
      expect(pageCount(20, 10)).toBe(2);
      expect(pageCount(1, 12)).toBe(1);
      expect(source("src/features/explorer/Explorer.tsx")).toContain("<Pagination total={pageCount(total, pageSize)}");
    });
    spec("s2.tile", () => {
      expect(TILE_IMAGE_HEIGHT).toBe(160);
      expect(source("src/features/explorer/Explorer.module.css")).toMatch(/\.thumbs \{[^}]*height: 160px;/);
      expect(source("src/features/explorer/ResultTile.tsx")).toContain('<Badge color="green"');
      expect(message("en", "explorer.seeReport")).toBe("See {report} Report");
    });
    spec("s2.tile-link", () => {
      const path = profilePath(reportBySlug("hs")!, [{ kind: "hs4", id: "52601" }]);
      expect(`${tileLocalePrefix("en")}${PROFILE_PREFIX}${path}`).toMatch(/^\/profile\/hs\//);
      expect(`${tileLocalePrefix("es")}${PROFILE_PREFIX}/country/chl`).toBe("/es/profile/country/chl");
      expect(source("src/features/explorer/ResultTile.tsx")).toContain("component={Link} href={href}");
    });
  });

  describe("Shell navigation (top bar)", () => {
    spec("s2.nav-profiles-trending", () => {
      expect(menu("profiles").slice(0, 2).map((i) => i.href)).toEqual(["/trending", "/profile/world/wld"]);
      expect(route("[locale]/trending/page.tsx")).toBe(true);
    });
    spec("s2.nav-profiles-explore", () => {
      expect(item("countries").explore).toBe("country");
      expect(item("subnational")).toMatchObject({ explore: "subnational", badge: "PRO" });
      expect(item("digitalProducts").explore).toBe("digital-product");
      expect(item("organizations").explore).toBe("international_organization");
      expect(message("en", "nav.items.digitalProducts")).toBe("Digital products");
    });
    spec("s2.nav-profiles-preselected", () => {
      // The dialog preselects the report of the entry (ExplorerDialogBody: reportBySlug of the entry).
      expect(reportBySlug("country")).toBeDefined();
      expect(reportBySlug("subnational_esp")).toBeDefined();
      expect(reportBySlug("international_organization")).toBeDefined();
      // Digital products: registered without members, so the dialog says so and links the landing page.
      expect(reportBySlug("digital-product")).toBeUndefined();
      expect(REGISTERED_WITHOUT_MEMBERS).toContain("digital-product");
      const body = source("src/features/explorer/ExplorerDialogBody.tsx");
      expect(body).toContain('initialReport === "digital-product" && report === null');
      expect(body).toContain("/profile/digital-product");
      for (const l of LOCALE_LIST) expect(message(l, "explorer.digitalProducts.none")).toBeTruthy();
    });
    spec("s2.nav-company", () => {
      expect(item("companies").href).toBe("/profile/company");
      expect(item("companies").badge).toBeUndefined();
      expect(navPlanBadge("companies")).toBeNull();
      expect(PLAN_FEATURES.some((f) => f.nav?.includes("companies"))).toBe(false);
    });
    spec("s2.nav-hs", () => {
      expect(hrefs(["products", "bilateralCountry", "bilateralProduct", "funds"])).toEqual(["/profile/hs", "/profile/bilateral-country", "/profile/bilateral-product", "/fund-manager-landing"]);
      expect(item("funds").badge).toBe("NEW");
      expect(route("[locale]/fund-manager-landing/page.tsx")).toBe(true);
    });
    spec("s2.nav-tools", () => {
      expect(menu("tools").slice(0, 3).map((i) => [i.href, i.badge])).toEqual([
        ["/chat", undefined],
        ["/tariff-simulator-report", "NEW"],
        ["/trend-explorer", "PRO"],
      ]);
    });
    spec("s2.nav-company-explorer", () => {
      expect(item("companyExplorer").href).toBe("/company-explorer");
      expect(item("companyExplorer").badge).toBe("PREMIUM");
      expect(route("[locale]/company-explorer/page.tsx")).toBe(true);
    });
    spec("s2.nav-explorer", () => {
      expect(item("explorer")).toMatchObject({ href: "/explorer", badge: "PRO" });
    });
    spec("s2.nav-trade-rankings", () => {
      expect(item("countryRankings")).toMatchObject({ href: "/country-rankings/latest/trade", badge: "NEW" });
      expect(item("productRankings")).toMatchObject({ href: "/product-rankings/latest/trade", badge: "NEW" });
      expect(route("[locale]/country-rankings/[year]/trade/page.tsx")).toBe(true);
      expect(route("[locale]/product-rankings/[year]/trade/page.tsx")).toBe(true);
    });
    spec("s2.nav-visualize", () => {
      expect(hrefs(["treeMap", "stacked", "scatter", "network", "geomap"])).toEqual(["tree_map", "stacked", "scatter", "network", "geomap"].map((c) => `/visualize/${c}`));
      expect(route("[locale]/visualize/[...params]/page.tsx")).toBe(true);
    });
    spec("s2.nav-data", () => {
      expect(menu("data")[0].href).toBe("/data-availability");
      expect(route("[locale]/data-availability/page.tsx")).toBe(true);
    });
    spec("s2.nav-data-sources", () => {
      expect(item("dataSources").href).toBe("/data-sources");
      expect(item("dataSources").badge).toBeUndefined();
    });
    spec("s2.nav-bill-of-lading", () => {
      expect(item("bulkBillOfLading").href).toBe("/resources/bulk-download/bill-of-lading");
      expect(item("bulkBillOfLading").badge).toBeUndefined();
      expect(route("[locale]/resources/bulk-download/bill-of-lading/page.tsx")).toBe(true);
    });
    spec("s2.nav-bulk", () => {
      expect(menu("data").slice(3).map((i) => [i.href, i.badge])).toEqual([
        ["/resources/bulk-download/national", "PREMIUM"],
        ["/resources/bulk-download/products", "PREMIUM"],
        ["/resources/bulk-download/international", undefined],
        ["/resources/api", undefined],
        ["/resources/notebooks", undefined],
      ]);
    });
    spec("s2.nav-eci", () => {
      expect(item("eciRankings").href).toBe("/rankings/eci/latest");
      expect(parseRankingPath("eci", "hs6", "hs96")).toEqual({ kind: "eci", depth: "hs6", revision: "hs96" });
      // The redirect names what was asked for, and the page reads it back to say why.
      const target = withSubstitution(rankingPath("eci", "hs4", "hs92"), { depth: "hs6", revision: "hs96" });
      expect(target).toBe("/rankings/eci/hs4/hs92?requested=hs6-hs96");
      expect(withSubstitution(rankingPath("eci", "hs4", "hs92", 2017), { depth: "hs6", revision: "hs96" })).toBe("/rankings/eci/hs4/hs92?year=2017&requested=hs6-hs96");
      expect(parseSubstitution("hs6-hs96")).toEqual({ depth: "hs6", revision: "hs96" });
      for (const bad of ["hs5-hs96", "hs6-hs99", "<script>", "", undefined, ["hs6-hs96"]]) expect(parseSubstitution(bad as string)).toBeNull();
      const page = source("src/app/[locale]/rankings/[kind]/[depth]/[revision]/page.tsx");
      expect(page).toContain("withSubstitution(rankingPath(parsed.kind, latest.depth, latest.revision), parsed)");
      expect(source("src/features/rankings/ComplexityRankingPage.tsx")).toContain("<SubstitutionNote");
      for (const l of LOCALE_LIST) {
        expect(message(l, "rankings.substituted.title")).toContain("{requested}");
        expect(message(l, "rankings.substituted.shown")).toContain("{classification}");
      }
    });
    spec("s2.nav-pci", () => {
      expect(item("pciRankings").href).toBe("/rankings/pci/latest");
      expect(parseRankingPath("pci", "hs4", "hs92")).toEqual({ kind: "pci", depth: "hs4", revision: "hs92" });
      expect(route("[locale]/rankings/[kind]/[depth]/[revision]/page.tsx")).toBe(true);
    });
    spec("s2.nav-complexity-rest", () => {
      expect(menu("complexity").slice(2).map((i) => [i.href, i.badge])).toEqual([
        ["/rankings/legacy/eci", undefined],
        ["/resources/methods/eci-growth-predictions", undefined],
        ["/resources/publications", undefined],
        ["/resources/library", "NEW"],
      ]);
    });
    spec("s2.nav-games", () => {
      expect(menu("games").map((i) => i.href)).toEqual(["/games/export-holdem", "/games/pick-5", "/games/connectrade", "/games/tradle"]);
      for (const game of ["export-holdem", "pick-5", "connectrade", "tradle"]) expect(route(`[locale]/games/${game}/page.tsx`)).toBe(true);
    });
    spec("s2.nav-about", () => {
      const about = menu("about");
      expect(about.slice(0, 5).map((i) => i.href)).toEqual(["/resources/about", "/blog", "/support", "/support/faq", "/resources/methods"]);
      expect(about[5].href).toMatch(/^mailto:/);
      // The store: external, and only when STORE_URL is set.
      expect(about[6]).toEqual({ id: "store", href: STORE, external: true });
      expect(navMenus({}).find((m) => m.id === "about")!.items.some((i) => i.id === "store")).toBe(false);
      expect(parseSettings({ STORE_URL: STORE }).storeUrl).toBe(STORE);
      expect(parseSettings({}).storeUrl).toBeNull();
      const insecure = parseSettings({ STORE_URL: "http://store.example.org" });
      expect(insecure.storeUrl).toBeNull();
      expect(insecure.problems.join()).toContain("STORE_URL");
      for (const l of LOCALE_LIST) expect(message(l, "nav.items.store")).toBeTruthy();
      expect(source("README.md")).toContain("| `STORE_URL` |");
    });
    spec("s2.login", () => {
      expect(loginPath("en", "/en/blog")).toBe("/en/login?redirect=%2Fen%2Fblog");
      expect(route("[locale]/login/page.tsx")).toBe(true);
    });
    spec("s2.account-routes", () => {
      for (const page of ["signup", "subscription", "account", "bulk-access", "resources/privacy"]) expect(route(`[locale]/${page}/page.tsx`), page).toBe(true);
    });
  });

  describe("Footer", () => {
    const footer = source("src/features/shell/Footer.tsx");
    spec("s2.footer-links", () => {
      for (const path of ["/resources/about", "/resources/privacy", "/resources/terms", "/sitemap"]) expect(footer).toContain(`link("${path}")`);
      expect(footer).toContain("href={`/${locale}`}");
      expect(source("src/features/shell/Footer.module.css")).toContain("[data-home] .footer");
    });
    spec("s2.footer-rss", () => {
      expect(footer).toContain("href={`/api/blog/rss.xml?locale=${locale}`}");
      expect(route("api/blog/rss.xml/route.ts")).toBe(true);
    });
    spec("s2.footer-social", () => {
      expect(parseSettings({ SOCIAL_LINKS: "Mastodon=https://mastodon.example/@ot, LinkedIn=https://linkedin.example/company/ot" }).socialLinks).toEqual([
        { name: "Mastodon", url: "https://mastodon.example/@ot" },
        { name: "LinkedIn", url: "https://linkedin.example/company/ot" },
      ]);
      expect(parseSettings({}).socialLinks).toEqual([]);
      const bad = parseSettings({ SOCIAL_LINKS: "Mastodon=javascript:alert(1)" });
      expect(bad.socialLinks).toEqual([]);
      expect(bad.problems.join()).toContain("SOCIAL_LINKS");
      expect(footer).toContain("socialLinks.map(");
      expect(footer).toContain('t("footer.follow_on", { network: social.name })');
      expect(footer).toContain("DATA_PARTNERS.map(");
      expect(source("README.md")).toContain("| `SOCIAL_LINKS` |");
    });
    spec("s2.footer-keys", () => {
      const keys = ["footer.comments", "footer.email", "footer.follow", "footer.follow_on", "footer.createdBy", "footer.inColaborationWith", "nav.about_oec", "nav.about_privacy_policy", "nav.about_terms", "nav.sitemap"];
      for (const key of keys) {
        for (const l of LOCALE_LIST) expect(message(l, `common.${key}`), `${l} common.${key}`).toBeTruthy();
        expect(footer).toContain(`t("${key}"`);
      }
    });
  });

  describe("Links and slugs", () => {
    spec("s2.viz-links", () => {
      const result = parseVizPath(["tree_map", "export", "chl", "all", "show", "2018", ""], new URLSearchParams("locale=es"), fixtureCatalog());
      expect(result.ok).toBe(true);
      if (result.ok) {
        expect(result.locale).toBe("es");
        expect(result.canonical).toBe("/visualize/tree_map/hs92/export/chl/all/show/2018");
      }
    });
    spec("s2.profile-paths", () => {
      const path = PROFILE_PREFIX + profilePath(reportBySlug("bilateral-country")!, [
        { kind: "country", id: "chl" },
        { kind: "country", id: "arg" },
      ]);
      expect(path.split("/").slice(1)).toEqual(["profile", "bilateral-country", "chl", "partner", "arg"]);
    });
    spec("s2.slugs", () => {
      const slugs =
        "country, world, subnational_chn, subnational_deu, subnational_esp, subnational_jpn, subnational_rus, subnational_usa, subnational_gbr, subnational_can, subnational_bra, subnational_bol, subnational_zaf, subnational_ecu, subnational_chl, subnational_fra, subnational_ita, subnational_prt, subnational_mex, hs, international_organization, company, digital-product, fund, manager".split(", ");
      const known = new Set<string>([...REPORTS.map((r) => r.slug), ...REGISTERED_WITHOUT_MEMBERS]);
      for (const slug of slugs) expect(known.has(slug), slug).toBe(true);
    });
  });

  describe("Shell behaviour", () => {
    spec("s2.language", () => {
      expect(Object.keys(LOCALE_NATIVE_NAMES)).toEqual(["en", "es", "zh"]);
      expect(switchLocale("/en/blog?page=2", "es")).toBe("/es/blog?page=2");
    });
    spec("s2.mobile", () => {
      const mobile = source("src/features/shell/MobileNav.tsx");
      expect(mobile).toContain('hiddenFrom="md"');
      expect(mobile).toContain("<UserGroup");
    });
    spec("s2.loading", () => {
      const here = new URL("http://x/en/blog");
      expect(loadingFor(here, new URL("http://x/en/profile/country/chl"))).toBe("full-page");
      expect(loadingFor(here, new URL("http://x/es/profile/country/chl"))).toBe("full-page");
      expect(loadingFor(here, new URL("http://x/en/rankings/eci/latest"))).toBe("bar");
    });
    spec("s2.chrome", () => {
      expect(chromeFor("/visualize/embed/tree_map")).toMatchObject({ header: false, banner: false, footer: false });
      expect(chromeFor("/trend-explorer").pro).toBe(true);
      expect(chromeFor("/profile/subnational_esp/28").pro).toBe(true);
      expect(chromeFor("/blog")).toEqual({ header: true, banner: true, footer: true, pro: false });
    });
    spec("s2.mod-j", () => {
      expect(source("src/features/shell/Providers.tsx")).toContain('useHotkeys([["mod+J"');
    });
    spec("s2.titles", () => {
      expect(message("en", "common.siteName")).toBe("Open Trade Observatory");
      expect(message("es", "common.siteName")).toBe("Observatorio Abierto del Comercio");
      expect(message("zh", "common.siteName")).toBe("开放贸易观察站");
      expect(source("src/app/[locale]/layout.tsx")).toContain("template: `%s | ${t(\"siteName\")}`");
    });
    spec("s2.auth-paths", () => {
      expect(route("api/auth/[...nextauth]/route.ts")).toBe(true);
      const handler = source("src/server/auth/routeHandler.ts");
      expect(handler).toContain('action === "_log"');
      expect(JSON.parse(source("node_modules/next-auth/package.json")).version).toMatch(/^4\./);
    });
    spec("s2.app-wrapper", () => {
      // Not applicable: the App Router's root layouts wrap every page; there is no pages/_app.
      expect(route("layout.tsx")).toBe(true);
      expect(route("[locale]/layout.tsx")).toBe(true);
      expect(exists("src/pages/_app.tsx") || exists("pages/_app.tsx")).toBe(false);
    });
  });
});
