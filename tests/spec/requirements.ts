/**
 * The specification (../shared/spec/product-spec.md) as a typed table: one row per requirement,
 * quoting the spec's own words. The conformance suite (tests/spec/s*.test.ts) names each test by
 * its row (`spec(id, ...)`), and scripts/spec-conformance.ts renders docs/spec-conformance.md from
 * it, so the document, the tests and this table cannot drift apart (tests/spec/conformance.test.ts).
 *
 * status: "works" (the product does what the words say), "differs" (it does something else, for
 * the reason given), "not-applicable" (our architecture makes the requirement unnecessary, for the
 * reason given). Every row has a unit test in its section's file unless `unit: false`, and then an
 * end-to-end test (`e2e`) that checks it against a running page, or the reason it needs none.
 */
export type SpecSection = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
export type SpecStatus = "works" | "differs" | "not-applicable";

export interface E2eRef {
  /** A file under tests/e2e. */
  file: string;
  /** The test's title, exactly as written there. */
  test: string;
}

export interface Requirement {
  id: string;
  section: SpecSection;
  /** The spec's words, verbatim (the suite checks they occur in the spec). */
  quote: string;
  status: SpecStatus;
  /** Why it differs or does not apply (required for those statuses). */
  reason?: string;
  /** false: no unit test in the section's file (a running page is needed, or nothing to test). */
  unit?: false;
  /** An end-to-end test that also (or only) checks it. */
  e2e?: E2eRef;
}

export const SECTION_TITLES: Record<SpecSection, string> = {
  1: "What the product does and for whom",
  2: "Screens and routes",
  3: "Entities and their fields",
  4: "States and transitions",
  5: "Validation rules",
  6: "Roles and permissions",
  7: "Calls",
  8: "Error catalogue",
  9: "Business constants and limits",
};

/** The suite's file for each section (under tests/spec). */
export const SECTION_FILES: Record<SpecSection, string> = {
  1: "s1-product.test.ts",
  2: "s2-screens-routes.test.ts",
  3: "s3-entities.test.ts",
  4: "s4-states.test.ts",
  5: "s5-validation.test.ts",
  6: "s6-roles.test.ts",
  7: "s7-calls.test.ts",
  8: "s8-errors.test.ts",
  9: "s9-constants.test.ts",
};

const e2e = (file: string, test: string): E2eRef => ({ file, test });

const EXPLORER_CHILE = e2e("explorer.spec.ts", "typing 'chile' shows Chile's tile with its flag and leads to its profile; the modal closes");
const SHELL_EXPLORE = e2e("shell.spec.ts", "the search button and report entries open the explore dialog");
const DEAD_ENDS = e2e("shell.spec.ts", "no dead ends: every shell link answers without 404 or 500");
const CATALOGUE_YEARS =
  "Pages ask the data catalogue for years (DESIGN.md, 'Pages ask the data catalogue'): no page names a fixed year. The newest year with country data is the catalogue's (2018 in the shipped warehouse; 2023 is held only as world totals), so a fixed 2023 link would show no country at all.";

export const REQUIREMENTS: readonly Requirement[] = [
  // ---------------------------------------------------------------------------------------------
  // 1. What the product does and for whom
  { id: "s1.tiles", section: 1, quote: "Each report is shown as a tile with thumbnail images of its members; a tile links to a report page.", status: "works", e2e: EXPLORER_CHILE },
  { id: "s1.role10", section: 1, quote: "role 10 is special (access to bulk user access)", status: "works" },
  { id: "s1.academic", section: 1, quote: "The user has also the flags isAcademic (academic icon and discount tooltip).", status: "works" },
  { id: "s1.locales", section: 1, quote: "The interface is offered in English (en, default), Spanish (es) and Chinese (zh)", status: "works" },
  { id: "s1.schemes", section: 1, quote: "in a light and a dark colour scheme", status: "works", e2e: e2e("foundation.spec.ts", "the toggle button switches the scheme") },
  { id: "s1.badges", section: 1, quote: "Areas are tagged in navigation as PRO, PREMIUM or NEW.", status: "works" },
  { id: "s1.pro-tier", section: 1, quote: "A paid PRO tier exists, paid by card through a card payment provider.", status: "works" },
  {
    id: "s1.pro-badge-tiles",
    section: 1,
    quote: "A PRO badge (35 by 34) appears on company and subnational tiles.",
    status: "differs",
    reason:
      "Subnational tiles carry the PRO badge (35 by 34), from the plan list (domain/billing/planFeatures.ts). Company profiles are not built or sold (no company data is loaded; docs/plans.md), so there are no company tiles to badge; they join the plan list when they exist.",
    e2e: e2e("spec-details.spec.ts", "subnational tiles carry the PRO badge (35 by 34), country tiles none"),
  },
  { id: "s1.features", section: 1, quote: "Other features: a chatbot, a blog with an RSS feed, a cookie consent dialog.", status: "works" },

  // ---------------------------------------------------------------------------------------------
  // 2. Screens and routes
  { id: "s2.tile-locale", section: 2, quote: "for the default locale en the prefix is omitted in explorer tile links", status: "works" },
  { id: "s2.shell-locale", section: 2, quote: "In shell links the locale is added if missing.", status: "works" },
  { id: "s2.explore-modal", section: 2, quote: "Can be embedded in a page or shown in a full-screen modal opened by an icon or by a wrapped child element (tooltip default 'Click to Explore').", status: "works" },
  { id: "s2.modal-closes", section: 2, quote: "The modal closes on close or when a tile is selected.", status: "works", unit: false, e2e: EXPLORER_CHILE },
  {
    id: "s2.search-box",
    section: 2,
    quote: "Search box: large, with a search icon, a spinner while loading and a clear button when the query is non-empty.",
    status: "works",
    e2e: e2e("explorer.spec.ts", "the search box debounces, shows a spinner and a clear button"),
  },
  { id: "s2.read-only", section: 2, quote: "It is read-only while metadata or results load; focus returns to it once results finish loading.", status: "works" },
  { id: "s2.selector-shown", section: 2, quote: "Report selector, shown only when more than one report exists (metadata length greater than 1).", status: "works" },
  { id: "s2.wide", section: 2, quote: "Wide screens (above 1000 px): two dropdowns, each 450 px wide, one for the report and one for the variant.", status: "works" },
  { id: "s2.variant-dropdown", section: 2, quote: "The variant dropdown appears only when the chosen report has more than 2 variants.", status: "works" },
  {
    id: "s2.narrow",
    section: 2,
    quote: "Narrow screens (below 1000 px): rows of buttons for reports, the selected one outlined with a check icon, plus a row of variant buttons beneath.",
    status: "works",
    e2e: e2e("explorer.spec.ts", "shows rows of buttons, the selected one outlined with a check"),
  },
  { id: "s2.selector-labels", section: 2, quote: "Labels: Select Report, Select Variant, All.", status: "works" },
  { id: "s2.grid", section: 2, quote: "Result area: scrollable grid of tiles, 1 to 4 columns (12/6/4/4/3 of 12 at xs/sm/md/lg/xl).", status: "works" },
  { id: "s2.height", section: 2, quote: "Height is window height minus its top offset minus 50 px.", status: "works" },
  {
    id: "s2.empty",
    section: 2,
    quote: "Empty state: when not loading and no results, an alert titled 'No Results' with text 'Try another search or filter.'",
    status: "works",
    e2e: e2e("explorer.spec.ts", "an unknown word shows the empty state"),
  },
  { id: "s2.pages", section: 2, quote: "Pagination: centred page control; total pages = ceil(total / page size).", status: "works", e2e: e2e("explorer.spec.ts", "pages through results") },
  { id: "s2.tile", section: 2, quote: "Tile: member thumbnails (height 160), each member's name and a green badge with its variant, and a button 'See {report name} Report'.", status: "works" },
  { id: "s2.tile-link", section: 2, quote: "The link is locale prefix + a configured profile prefix + the profile's path; clicking navigates within the app.", status: "works", e2e: EXPLORER_CHILE },
  { id: "s2.nav-profiles-trending", section: 2, quote: "Profiles: trending; world profile /profile/world/wld", status: "works" },
  { id: "s2.nav-profiles-explore", section: 2, quote: "countries, subnational (PRO), digital products and international organizations", status: "works" },
  {
    id: "s2.nav-profiles-preselected",
    section: 2,
    quote: "(each opens the explore dialog with a preselected report)",
    status: "differs",
    reason:
      "Countries, Subnational, Digital products and International organizations each open the explore dialog. Countries, subnational and organisations open with their report preselected; the digital-product report has no members (no open data on digital products is loaded), so the dialog says so and links the page that explains what such a profile would hold, instead of preselecting an empty report.",
    e2e: e2e("spec-details.spec.ts", "Digital products opens the explore dialog, which says no digital-product profiles are held"),
  },
  {
    id: "s2.nav-company",
    section: 2,
    quote: "company landing (PRO)",
    status: "differs",
    reason: "The company landing page exists (/profile/company) without a PRO badge: company profiles are not built or sold (no company data is loaded; docs/plans.md), and a badge is shown only for what a plan opens.",
  },
  { id: "s2.nav-hs", section: 2, quote: "product landing for hs; bilateral-country; bilateral-product; fund-manager-landing (NEW)", status: "works" },
  { id: "s2.nav-tools", section: 2, quote: "Tools: chat; tariff-simulator-report (NEW); trend-explorer (PRO)", status: "works" },
  { id: "s2.nav-company-explorer", section: 2, quote: "company-explorer (PREMIUM)", status: "works" },
  { id: "s2.nav-explorer", section: 2, quote: "explorer (PRO)", status: "works" },
  {
    id: "s2.nav-trade-rankings",
    section: 2,
    quote: "country-rankings/2023/trade (NEW); product-rankings/2023/trade (NEW)",
    status: "differs",
    reason: `The menu links /country-rankings/latest/trade and /product-rankings/latest/trade (NEW), which open the newest year the data holds; /country-rankings/2023/trade is a route too. ${CATALOGUE_YEARS}`,
    e2e: DEAD_ENDS,
  },
  { id: "s2.nav-visualize", section: 2, quote: "visualize/tree_map, stacked, scatter, network, geomap", status: "works" },
  { id: "s2.nav-data", section: 2, quote: "Data: data-availability", status: "works" },
  {
    id: "s2.nav-data-sources",
    section: 2,
    quote: "data-sources (PRO)",
    status: "differs",
    reason: "The data sources page is open to everyone (docs/plans.md): it explains where every figure comes from, which no visitor should have to pay to read.",
  },
  {
    id: "s2.nav-bill-of-lading",
    section: 2,
    quote: "resources/bulk-download/bill-of-lading (PREMIUM)",
    status: "differs",
    reason: "The bill-of-lading page exists without a PREMIUM badge: there is no open bill-of-lading data to sell (docs/bill-of-lading.md).",
  },
  { id: "s2.nav-bulk", section: 2, quote: "national (PREMIUM), products (PREMIUM), international; resources/api; resources/notebooks", status: "works" },
  {
    id: "s2.nav-eci",
    section: 2,
    quote: "Complexity: rankings/eci/hs6/hs96",
    status: "differs",
    reason:
      "The warehouse holds no HS6 trade in the HS96 revision, so the menu links /rankings/eci/latest (the finest ranking held, HS4/HS92). The spec's URL still answers: it redirects there with ?requested=hs6-hs96 and the page says plainly that an HS6/HS96 ranking needs CEPII BACI data this site has not imported.",
    e2e: e2e("rankings.spec.ts", "an HS6/HS96 link the data lacks leads to the finest ranking present"),
  },
  {
    id: "s2.nav-pci",
    section: 2,
    quote: "rankings/pci/hs4/hs92",
    status: "differs",
    reason: "The menu links /rankings/pci/latest, which opens the finest classification the catalogue holds (HS4/HS92 in the shipped warehouse), so a bigger import (BACI HS6) moves it by itself; /rankings/pci/hs4/hs92 itself is a route and answers.",
    e2e: e2e("rankings.spec.ts", "PCI ranks products, and the legacy SITC ECI has its own page"),
  },
  { id: "s2.nav-complexity-rest", section: 2, quote: "rankings/legacy/eci; resources/methods/eci-growth-predictions; resources/publications; resources/library (NEW)", status: "works" },
  { id: "s2.nav-games", section: 2, quote: "Games: games/export-holdem, pick-5, connectrade, tradle.", status: "works" },
  { id: "s2.nav-about", section: 2, quote: "About: resources/about; blog; support; support/faq; resources/methods; a mailto contact link; an external merchandise store.", status: "works" },
  { id: "s2.login", section: 2, quote: "login (accepts a redirect query parameter)", status: "works", e2e: e2e("shell.spec.ts", "sign in carries the current page as redirect") },
  { id: "s2.account-routes", section: 2, quote: "signup, subscription (pricing), account, bulk-access (role 10 only), privacy policy at /en/resources/privacy", status: "works" },
  {
    id: "s2.footer-links",
    section: 2,
    quote: "Footer links: /resources/about, /resources/privacy, /resources/terms, /sitemap, / (home; the footer background differs there)",
    status: "works",
    e2e: e2e("shell.spec.ts", "the footer differs on the home page and links the RSS feed"),
  },
  { id: "s2.footer-rss", section: 2, quote: "blog RSS at /api/blog/rss.xml with query parameter locale", status: "works" },
  { id: "s2.footer-social", section: 2, quote: "external social and partner sites", status: "works" },
  {
    id: "s2.footer-keys",
    section: 2,
    quote: "Footer text keys (common namespace): footer.comments, footer.email, footer.follow, footer.follow_on, footer.createdBy, footer.inColaborationWith, nav.about_oec, nav.about_privacy_policy, nav.about_terms, nav.sitemap.",
    status: "works",
  },
  {
    id: "s2.viz-links",
    section: 2,
    quote: "Visualisation links: /visualize/{chart}/{flow?}/{partner or all}/{show or all}/{product?}/{time}/?locale={lng}.",
    status: "works",
  },
  { id: "s2.profile-paths", section: 2, quote: "Profile paths start with profile, then alternate entity-type and member segments.", status: "works" },
  {
    id: "s2.slugs",
    section: 2,
    quote:
      "Valid single-profile slugs: country, world, subnational_chn, subnational_deu, subnational_esp, subnational_jpn, subnational_rus, subnational_usa, subnational_gbr, subnational_can, subnational_bra, subnational_bol, subnational_zaf, subnational_ecu, subnational_chl, subnational_fra, subnational_ita, subnational_prt, subnational_mex, hs, international_organization, company, digital-product, fund, manager.",
    status: "works",
  },
  { id: "s2.search-button", section: 2, quote: "Shell behaviour: a search button opens the explore dialog", status: "works", unit: false, e2e: SHELL_EXPLORE },
  { id: "s2.language", section: 2, quote: "language selector", status: "works", e2e: e2e("shell.spec.ts", "the language switch keeps the page") },
  { id: "s2.theme", section: 2, quote: "theme toggle", status: "works", unit: false, e2e: e2e("foundation.spec.ts", "the toggle button switches the scheme") },
  { id: "s2.mobile", section: 2, quote: "mobile menu (breakpoint 'md') with a user group", status: "works" },
  {
    id: "s2.consent-first-visit",
    section: 2,
    quote: "A cookie consent dialog and a customise modal appear on first visit.",
    status: "works",
    unit: false,
    e2e: e2e("consent.spec.ts", "the consent bar shows with Accept all, Reject all and Customise; it is labelled, keyboard reachable and passes axe"),
  },
  {
    id: "s2.loading",
    section: 2,
    quote: "A top loading bar shows on route changes; a full-page loading state shows when navigating to paths starting /en/profile/ or /es/profile/.",
    status: "works",
    e2e: e2e("shell.spec.ts", "profile links show the full-page loading state"),
  },
  { id: "s2.chrome", section: 2, quote: "Header, banner and footer can be hidden per page; PRO pages show a gradient bar.", status: "works", e2e: e2e("foundation.spec.ts", "PRO pages show the gradient bar, others do not") },
  { id: "s2.mod-j", section: 2, quote: "Keyboard shortcut mod+J toggles the colour scheme.", status: "works", e2e: e2e("foundation.spec.ts", "mod+J toggles the scheme and it survives a reload") },
  {
    id: "s2.titles",
    section: 2,
    quote: "Page titles carry the full site name in en, es and zh, with alternate-language links and sharing metadata.",
    status: "works",
    e2e: e2e("foundation.spec.ts", "every page carries canonical and hreflang links"),
  },
  { id: "s2.auth-paths", section: 2, quote: "Authentication paths under base /api/auth: session, csrf, providers, signin/{provider}, callback/{provider}, signout, error, _log.", status: "works" },
  {
    id: "s2.app-wrapper",
    section: 2,
    quote: "An app wrapper is registered at /_app.",
    status: "not-applicable",
    reason: "/_app is the Pages Router's app wrapper. This site uses the App Router: the root layouts (src/app/layout.tsx and src/app/[locale]/layout.tsx) wrap every page with the providers, header and footer instead.",
  },

  // ---------------------------------------------------------------------------------------------
  // 3. Entities and their fields
  { id: "s3.metadata", section: 3, quote: "Metadata item (report): id, name, dimensions[]. Dimension: name, variants[]. Variant: id, name, ordering, members_count.", status: "works" },
  { id: "s3.result", section: 3, quote: "Search result (profile): id, path, report {id, name}, members[]. Member: id, name, metadata {id, dimension {id, name}, variant {id, name}}.", status: "works" },
  { id: "s3.meta", section: 3, quote: "Search response meta: variantCount.", status: "works", e2e: e2e("explorer.spec.ts", "answers the spec's shape and refuses bad parameters") },
  { id: "s3.member-image", section: 3, quote: "Member image URL: member-image path with query parameters member and size=thumb.", status: "works" },
  {
    id: "s3.combined",
    section: 3,
    quote: "id is the joined ids (comma-separated), name is joined with ' / ', members_count is the product of counts, ordering is the sum.",
    status: "works",
  },
  { id: "s3.all-entry", section: 3, quote: "An 'All' entry (no id) carries the total count.", status: "works" },
  {
    id: "s3.tile-member",
    section: 3,
    quote: "Tile member (shell): id, name, title, image.src, icon (src, alt, height), variant_id, variant, original_id, dimension_id; derived fallbackImage, extra badge, subtitle.",
    status: "works",
  },
  { id: "s3.user", section: 3, quote: "User: id, name, email, role (numeric), isAcademic, sso_logo, bespoke_user_metadata.consent.", status: "works" },
  { id: "s3.consent", section: 3, quote: "Consent: checked, functional, tracking (booleans).", status: "works" },
  {
    id: "s3.session",
    section: 3,
    quote: "Session: user data or absent; status loading, authenticated or unauthenticated; update operation posting csrfToken and data.",
    status: "works",
    e2e: e2e("accounts.spec.ts", "sign up, see the role on the account page, sign out, sign in again"),
  },
  { id: "s3.providers", section: 3, quote: "Providers map: provider id to an object whose type is credentials, email or other. Sign-in result: error, status, ok, url.", status: "works" },
  { id: "s3.cookie-entry", section: 3, quote: "Cookie catalogue entry: cookie, description, duration; categories functional, necessary, tracking.", status: "works" },
  { id: "s3.locale-info", section: 3, quote: "Locale info: en (English), es (Spanish), zh (Chinese), each with a locale code.", status: "works" },
  {
    id: "s3.history",
    section: 3,
    quote: "Profile history: per signed-in user, or for guests separately; entries hold a link; newest first; duplicates by link removed; at most 25.",
    status: "works",
    e2e: e2e("consent.spec.ts", "each visit is recorded newest first, once per link, and shown as Recently viewed in the explore dialog"),
  },
  {
    id: "s3.chart-dimensions",
    section: 3,
    quote: "Trade Flow (1 import, 2 export, 3 trade balance)",
    status: "works",
  },
  {
    id: "s3.chart-measures",
    section: 3,
    quote: "Measures: Trade Value, Trade Value Growth, Trade Value Growth Value, Trade Value RCA, Trade Value Relatedness, Patent Share, shareDelta, growthDelta, currYearShare, prevYearShare, currYear, prevYear.",
    status: "differs",
    reason:
      "The cube registry serves Trade Value on every trade cube, and growth, RCA and relatedness are computed by the API's calculations (docs/warehouse.md); Patent Share has no data (no patent data is loaded), and the share and year deltas are computed per figure from one dataset (domain/catalog/figure.ts) rather than named measures.",
  },
  { id: "s3.subnational-entry", section: 3, quote: "Subnational country entry: name, code, available flag, cube, dimension, optional limit, geoLevels.", status: "works" },
  {
    id: "s3.geolevel",
    section: 3,
    quote: "A geoLevel has name, level, slug, optional overrideCube, profileSlug, ignoreIdsList or ignoreIdsMap, and extraMapConfig (projection or rotation).",
    status: "works",
  },
  { id: "s3.cube-mapping", section: 3, quote: "A mapping links subnational codes to data cube names.", status: "works" },
  {
    id: "s3.subnational-list",
    section: 3,
    quote:
      "Subnational countries and their level slugs (used as URL segments): Brazil (profile slug subnational_bra; states, municipalities); Japan (regions, prefectures); Russia (districts, regions); Canada (provinces); Uruguay (corridors, departments); Germany (regions); USA (profile slug subnational_usa; states, districts, ports); Turkey (provinces); Spain (autonomous, provinces); South Africa (ports); China (provinces); France (regions, departments); Bolivia (departments); Ecuador (ports); United Kingdom (ports); Saudi Arabia (ports); Chile (regions, comunas); Italy (macroregions, regions, provinces); Portugal (regions, communities, municipalities).",
    status: "works",
  },

  // ---------------------------------------------------------------------------------------------
  // 4. States and transitions
  { id: "s4.metadata-once", section: 4, quote: "On start, metadata is fetched once if not yet loaded.", status: "works" },
  { id: "s4.initial", section: 4, quote: "Initial filters and query come from the initial report id, variant id and query inputs.", status: "works" },
  {
    id: "s4.search-reset",
    section: 4,
    quote: "A change of debounced query, filters or loaded state sets loading, resets page to 1 and searches with offset 0.",
    status: "works",
    e2e: e2e("explorer.spec.ts", "filters narrow results and counts"),
  },
  { id: "s4.page-offset", section: 4, quote: "A page change searches with offset (page-1) x page size.", status: "works" },
  { id: "s4.toggle-report", section: 4, quote: "Choosing a report sets the profile filter and clears the variant; choosing the already selected report clears both.", status: "works" },
  { id: "s4.toggle-variant", section: 4, quote: "Choosing a variant toggles it the same way.", status: "works" },
  { id: "s4.one-report", section: 4, quote: "If only one report exists besides 'All', it counts as selected.", status: "works" },
  { id: "s4.variant-count", section: 4, quote: "Per-variant counts are replaced by the response's variantCount when the query is non-empty; otherwise reset to the metadata counts.", status: "works" },
  {
    id: "s4.modal",
    section: 4,
    quote: "Modal: closed to open by clicking the icon or child; closes on close or tile selection.",
    status: "works",
    e2e: EXPLORER_CHILE,
  },
  { id: "s4.session-status", section: 4, quote: "loading while the first fetch is pending; authenticated when session data exists; unauthenticated otherwise.", status: "works" },
  {
    id: "s4.session-refetch-events",
    section: 4,
    quote:
      "Refetched on a storage or broadcast event from another tab, on return to page visibility (when refetch-on-focus is enabled, default true), and by optional polling (only if online or the offline-refetch option is on).",
    status: "works",
  },
  {
    id: "s4.session-refetch",
    section: 4,
    quote: "In the shell, the session refetches every 86400 s, not on window focus, and not on the cms page (refetch disabled there).",
    status: "works",
  },
  {
    id: "s4.signout-broadcast",
    section: 4,
    quote: "Sign-out broadcasts to other tabs",
    status: "works",
    e2e: e2e("accounts.spec.ts", "signing out in one tab signs out the other"),
  },
  {
    id: "s4.shell-signout",
    section: 4,
    quote: "in the shell, sign-out redirects to the home page",
    status: "works",
    e2e: e2e("accounts.spec.ts", "sign up, see the role on the account page, sign out, sign in again"),
  },
  {
    id: "s4.signin-redirect",
    section: 4,
    quote: "Sign-in: if redirect is on, or the provider is neither credentials nor email, the browser goes to the returned url (or the callback URL if none).",
    status: "works",
  },
  {
    id: "s4.session-required",
    section: 4,
    quote: "A required session that is missing forces sign-in at /api/auth/signin with error=SessionRequired and callbackUrl.",
    status: "differs",
    reason: "It forces sign-in with error=SessionRequired and callbackUrl at the site's own sign-in page, /{locale}/login, which next-auth is configured to use instead of its unstyled /api/auth/signin page (same parameters, in the visitor's language).",
    e2e: e2e("accounts.spec.ts", "a page that needs a session sends the visitor to sign in and back"),
  },
  {
    id: "s4.consent-actions",
    section: 4,
    quote: "Accept all: functional and tracking true. Reject all: both false. Save keeps toggled values. Necessary cookies always active.",
    status: "works",
  },
  {
    id: "s4.functional-false",
    section: 4,
    quote: "Functional false: chatbot user sessions and guest profile history (and the signed-in user's history) are removed locally.",
    status: "works",
    e2e: e2e("consent.spec.ts", "functional off removes chatbot sessions and the guest's and users' history, without a reload"),
  },
  {
    id: "s4.tracking-false",
    section: 4,
    quote: "Tracking false: chatbot sessions and analytics cookies (names with the analytics prefix) are removed, the data layer is cleared and the page reloads.",
    status: "differs",
    reason: "All of it, except that the page reloads only when tracking was allowed before (only then may a tag script have loaded, and only a reload unloads it); a first 'Reject all' has nothing to unload and does not reload.",
    e2e: e2e("consent.spec.ts", "withdrawing tracking removes chatbot sessions and analytics cookies, clears the data layer and reloads"),
  },
  {
    id: "s4.consent-server",
    section: 4,
    quote: "Signed in: consent is saved to the server; stored server consent overrides the local value; local consent with none on the server is pushed up.",
    status: "works",
  },
  { id: "s4.tracking-events", section: 4, quote: "Tracking events are sent only when consent is checked and tracking allowed.", status: "works" },
  {
    id: "s4.user-event",
    section: 4,
    quote: "A user event with id and role is sent after sign-in; an event with them cleared is sent on sign-out.",
    status: "works",
    e2e: e2e("consent.spec.ts", "a user event with id and role after sign-in, and one with both cleared on sign-out"),
  },
  { id: "s4.loading-bar", section: 4, quote: "Route navigation: the loading bar starts on a change to a different path and ends on completion or error.", status: "works", e2e: e2e("shell.spec.ts", "the loading bar shows on navigation to another path") },
  { id: "s4.subnational-availability", section: 4, quote: "Subnational availability: unavailable are Uruguay, Turkey, France, Bolivia, Ecuador, Saudi Arabia; all others available.", status: "works" },
  { id: "s4.scheme", section: 4, quote: "Colour scheme: light or dark.", status: "works" },

  // ---------------------------------------------------------------------------------------------
  // 5. Validation rules
  { id: "s5.variant-filter", section: 5, quote: "The variant filter may be a comma-separated id string, split and parsed into integers.", status: "works" },
  { id: "s5.report-id", section: 5, quote: "A report id that is not a number is ignored.", status: "works" },
  {
    id: "s5.counts",
    section: 5,
    quote: "Counts of 1000 or more are abbreviated with a short format ('.2s', trailing zero decimals removed); below 1000 shown as is.",
    status: "works",
  },
  { id: "s5.unknown-provider", section: 5, quote: "Sign-in with an unknown or empty provider redirects to the sign-in page with callbackUrl.", status: "works" },
  { id: "s5.providers-failure", section: 5, quote: "If providers cannot be fetched, redirect to the auth error page.", status: "works" },
  { id: "s5.signin-error", section: 5, quote: "The sign-in result's error is read from the returned url's error query parameter.", status: "works" },
  { id: "s5.svg-loader", section: 5, quote: "SVG loader accepts only svg or plain-text content type and treats status above 299 as not found.", status: "works" },
  { id: "s5.time-codes", section: 5, quote: "Time codes: 4 digits Year, 5 Quarter, 6 Month; values below 203012 are shown.", status: "works" },
  { id: "s5.tile-codes", section: 5, quote: "Tile codes are cut to the last 2, 4 or 6 characters of original_id for HS levels.", status: "works" },

  // ---------------------------------------------------------------------------------------------
  // 6. Roles and permissions
  { id: "s6.anonymous", section: 6, quote: "Anonymous: sees Sign in (carries the current page as redirect) and Pricing buttons.", status: "works", e2e: e2e("shell.spec.ts", "sign in carries the current page as redirect") },
  {
    id: "s6.signed-in",
    section: 6,
    quote: "Signed in: account menu showing the role label, an Account link and Logout.",
    status: "works",
    e2e: e2e("accounts.spec.ts", "sign up, see the role on the account page, sign out, sign in again"),
  },
  {
    id: "s6.role10",
    section: 6,
    quote: "Role 10 also sees a Bulk user access link (/bulk-access).",
    status: "works",
    e2e: e2e("accounts.spec.ts", "a user without role 10 gets 403 at bulk access; a role-10 user changes roles there"),
  },
  { id: "s6.academic", section: 6, quote: "Academic users get an academic icon and a discount tooltip.", status: "works" },
  { id: "s6.demand-auth", section: 6, quote: "A page can demand authentication.", status: "works", e2e: e2e("accounts.spec.ts", "a page that needs a session sends the visitor to sign in and back") },
  { id: "s6.per-user", section: 6, quote: "Profile history and consent are kept per signed-in user, with separate guest history.", status: "works" },
  { id: "s6.badges", section: 6, quote: "PRO, PREMIUM, NEW appear as badges", status: "works" },
  {
    id: "s6.other-roles",
    section: 6,
    quote: "Roles other than 10: not shown.",
    status: "not-applicable",
    reason: "The spec leaves them open. Ours: 0 free, 1 PRO, 2 PREMIUM, 10 bulk-access manager (docs/plans.md); the test keeps those numbers fixed.",
  },

  // ---------------------------------------------------------------------------------------------
  // 7. Calls
  {
    id: "s7.metadata",
    section: 7,
    quote: "GET /api/cms/read/metadata: no parameters; reads an array of reports with dimensions, variants, id, members_count.",
    status: "works",
    e2e: e2e("explorer.spec.ts", "metadata lists the reports with counts, and member images are cacheable"),
  },
  {
    id: "s7.search",
    section: 7,
    quote:
      "GET /api/cms/search/reports with query parameters: query (debounced text), format=profiles, locale, limit (page size), offset, visible=true, includes=true, noImage=false, variant (array of ids), dimension (empty array), report (array with the chosen report id, or empty), all=false, origin=typesense.",
    status: "works",
    e2e: e2e("explorer.spec.ts", "answers the spec's shape and refuses bad parameters"),
  },
  { id: "s7.member-image", section: 7, quote: "GET member-image path with member and size=thumb.", status: "works" },
  {
    id: "s7.auth",
    section: 7,
    quote: "Authentication, base /api/auth: GET session (returns session object), GET csrf (field csrfToken), GET providers",
    status: "works",
    e2e: e2e("security.spec.ts", "malformed JSON bodies to the auth routes are 400s with a JSON error"),
  },
  {
    id: "s7.auth-posts",
    section: 7,
    quote:
      "POST session with form body csrfToken and data; POST signin/{provider} (email and other types) or callback/{provider} (credentials) with form body csrfToken, callbackUrl, json=true plus caller options, optional query parameters, response has url; POST signout with csrfToken, callbackUrl, json=true, response has url",
    status: "works",
  },
  { id: "s7.log", section: 7, quote: "POST _log (beacon or keep-alive) with level, code and error details.", status: "works", e2e: e2e("security.spec.ts", "client log reports are size-bounded and rate-limited") },
  {
    id: "s7.consent",
    section: 7,
    quote: "POST /api/consent with JSON {consent: {checked, functional, tracking}}; afterwards user data is refreshed.",
    status: "works",
    e2e: e2e("consent.spec.ts", "a choice made while signed in is saved on the server and the user data refreshed"),
  },
  {
    id: "s7.alerts",
    section: 7,
    quote:
      "POST /api/alerts/slack with JSON {message: list of text blocks} on a client-side error: page URL, error message, browser info (user agent, platform, language, screen resolution, cookie setting, online state, vendor) and component stack.",
    status: "works",
    e2e: e2e("shell.spec.ts", "the error page renders and reports the error"),
  },
  {
    id: "s7.image",
    section: 7,
    quote: "Image optimisation: GET /_next/image?url={src}&w={width}&q={quality} (default quality 75).",
    status: "works",
    e2e: e2e("foundation.spec.ts", "image optimisation serves resized images with the spec's sizes"),
  },
  { id: "s7.svg-fetch", section: 7, quote: "SVG loader fetches arbitrary SVG sources.", status: "works" },
  {
    id: "s7.translations",
    section: 7,
    quote: "Translation files are read by a path pattern of language and namespace.",
    status: "differs",
    reason: "One file per language (messages/{en,es,zh}.json) holds every namespace as a top-level key, read by next-intl on the server; a namespace is a key, not a file, so no per-namespace path exists to read.",
  },
  {
    id: "s7.icons",
    section: 7,
    quote: "Icons are loaded from the product's own site under paths for country, balance, hs, sitc, egw, cpf, service, cpc and patent.",
    status: "differs",
    reason:
      "Every one of those icon sets exists (src/domain/memberIcons.ts, drawn for this project), plus regions, organisations and the world; they travel with the page as small inline SVGs instead of one request each. Member pictures (flags, HS sections) come from the site's own /api/cms/member-image.",
  },

  // ---------------------------------------------------------------------------------------------
  // 8. Error catalogue
  {
    id: "s8.search-failures",
    section: 8,
    quote: "Metadata and search failures are only logged to the console; the search failure clears the loading flag, the metadata failure leaves it set. The only user-facing message is the empty-results alert.",
    status: "differs",
    reason: "A failed search or metadata load says so and offers 'Try again' (and is logged): showing 'No Results' for a failure would tell the visitor there is no such profile when the search never ran (DESIGN.md, 'Honest data').",
    e2e: e2e("explorer.spec.ts", "a failed search says so and offers a retry"),
  },
  { id: "s8.session-required", section: 8, quote: "SessionRequired: sign-in page shown when a required session is missing.", status: "works" },
  { id: "s8.client-session-error", section: 8, quote: "CLIENT_SESSION_ERROR is logged when a session fetch fails.", status: "works" },
  { id: "s8.signin-error", section: 8, quote: "Sign-in errors come back in the url's error parameter.", status: "works" },
  {
    id: "s8.error-page",
    section: 8,
    quote: "Client-side rendering error page: titled 'Oops, error. Sorry!'",
    status: "works",
    e2e: e2e("shell.spec.ts", "the error page renders and reports the error"),
  },
  { id: "s8.error-page-buttons", section: 8, quote: "shows the support contact {email}, Try again and Go to home buttons and the error message", status: "works" },
  {
    id: "s8.image-errors",
    section: 8,
    quote: "Image errors fall back to alternate text.",
    status: "works",
  },
  { id: "s8.svg-failure", section: 8, quote: "SVG load failure renders children or nothing.", status: "works" },
  { id: "s8.grey", section: 8, quote: "Chart fallbacks: unknown colour gives grey", status: "works" },
  { id: "s8.missing-icon", section: 8, quote: "missing icon gives the generic HS icon or an X icon", status: "works" },
  { id: "s8.missing-value", section: 8, quote: "a missing value shows as Unspecified Territories, Multiple Items or Other values", status: "works" },
  {
    id: "s8.auth-errors",
    section: 8,
    quote: "The authentication layer has generic errors",
    status: "not-applicable",
    reason: "These are next-auth's own configuration errors (missing secret, adapter, route...); the spec leaves their handling open. The server refuses to start without a secret (README, NEXTAUTH_SECRET) and the sign-in page shows a message for each error code it can receive.",
    unit: false,
  },

  // ---------------------------------------------------------------------------------------------
  // 9. Business constants and limits
  { id: "s9.page-size", section: 9, quote: "Explorer page size 10; query debounce 750 ms; variant selector when more than 2 variants", status: "works" },
  {
    id: "s9.explorer-sizes",
    section: 9,
    quote: "breakpoint 1000 px; result height offset 50; dropdown width 450; tile image height 160; count abbreviation from 1000.",
    status: "works",
  },
  { id: "s9.labels", section: 9, quote: "Default labels: Search, All, No Results, Load more, Select Report, Select Variant", status: "works" },
  { id: "s9.overridable", section: 9, quote: "overridable by translations, including per-dimension and per-variant names and icons.", status: "works" },
  { id: "s9.shell-sizes", section: 9, quote: "Shell explore page size 12; profile history cap 25; session refetch 86400 s; navbar 66 px; banner 30 px", status: "works" },
  { id: "s9.banner", section: 9, quote: "banner autoplay 10000 ms (banner list currently empty); loading bar speed 1000 ms.", status: "works" },
  {
    id: "s9.image-sizes",
    section: 9,
    quote: "Image device sizes 640, 750, 828, 1080, 1200, 1920, 2048, 3840; image sizes 16, 32, 48, 64, 96, 128, 256, 384.",
    status: "works",
  },
  { id: "s9.auth-base", section: 9, quote: "Auth base path /api/auth; polling interval in seconds multiplied by 1000.", status: "works" },
  {
    id: "s9.translation-retries",
    section: 9,
    quote: "Translation loading: 5 retries, 350 ms initial wait doubling, 10 parallel reads",
    status: "not-applicable",
    reason: "Translations are not fetched at run time: the server reads messages/{locale}.json from disk with the build and sends each page the messages it needs, so there is no request to retry and nothing to read in parallel.",
  },
  {
    id: "s9.interpolation",
    section: 9,
    quote: "at most 1000 interpolation replacements",
    status: "not-applicable",
    reason: "Messages are ICU message format compiled by next-intl, which substitutes each argument once; there is no repeated string replacement to bound.",
  },
  { id: "s9.tiles", section: 9, quote: "Tiles: aspect ratio 200 by 120, minimum width 120; PRO badge 35 by 34.", status: "works" },
  { id: "s9.tile-labels", section: 9, quote: "Tile dimension labels exist in en, es and zh (variants 3 and 4 mean Country; 8 to 10 mean HS2, HS4, HS6 codes).", status: "works" },
  { id: "s9.cookie-durations", section: 9, quote: "Cookie durations: session, never (no expiry), 1 year, or 1 year 1 month 4 days for analytics.", status: "works" },
  {
    id: "s9.disclosure",
    section: 9,
    quote: "The fixed disclosure text covers functional, necessary and tracking cookies, including cookies for payments, authentication, colour scheme, chatbot, profile history and analytics.",
    status: "works",
  },
  {
    id: "s9.data-years",
    section: 9,
    quote: "Data years: latest 2023; previous-year constants down to 2013; 2003 is the 20-years-back year.",
    status: "differs",
    reason: `No year is a constant: the latest year and the years compared with it come from the catalogue. The country hero compares its exports with a year, five, ten and twenty years earlier (of the spec's one to ten and twenty years back: domain/catalog/comparison.ts), each only where one dataset and release holds both years (comparableSource). ${CATALOGUE_YEARS}`,
    e2e: e2e("spec-details.spec.ts", "the country hero compares exports with earlier years, each within one dataset"),
  },
  {
    id: "s9.complexity-year",
    section: 9,
    quote: "Last complexity data year: a constant, value not shown.",
    status: "differs",
    reason: "Not a constant: the newest complexity run the warehouse holds (computed at import), so a new import moves it by itself.",
    unit: false,
    e2e: e2e("rankings.spec.ts", "a year without data leads to the newest year the data holds"),
  },
  { id: "s9.brazil", section: 9, quote: "Brazil cube limit 7000. Default map projection Miller.", status: "works" },
  { id: "s9.palettes", section: 9, quote: "Chart: fixed colour palettes per dimension; grey b1bac6; sequential and divergent palettes of 5 and 7 colours.", status: "works" },
  {
    id: "s9.fonts",
    section: 9,
    quote: "Fonts: labels 16, shape labels 14, titles 20; legend icons 18 by 18; tooltip title clamped to 4 lines and 100 px high.",
    status: "works",
  },
  { id: "s9.tooltip", section: 9, quote: "Tooltip rows: RCA, Relatedness, Market Share, Delta, Trade Value (with dollar sign), growth percent, Percent, Year or Month.", status: "works" },
  { id: "s9.loading-text", section: 9, quote: "Loading text: en Loading, es Cargando, zh translation.", status: "works" },
  {
    id: "s9.numbers",
    section: 9,
    quote: "Number formatting: currency 'USD' with thousands separator, cents variant divides by 100; percentages one decimal, '.0%' shortened to '%'.",
    status: "works",
  },
  { id: "s9.periods", section: 9, quote: "Period codes: 4 digits year, 5 digits year-Q{quarter}, 6 digits year-month.", status: "works" },
  { id: "s9.ignored-ids", section: 9, quote: "Ignored geography IDs are listed per level.", status: "works" },
  { id: "s9.customs-codes", section: 9, quote: "The mapping of customs product codes (2-, 4-, 6-digit, by prefixing a section number) to internal codes", status: "works" },
  { id: "s9.locales", section: 9, quote: "Locales en, es, zh; default en.", status: "works" },
];

export function requirement(id: string): Requirement {
  const found = REQUIREMENTS.find((r) => r.id === id);
  if (!found) throw new Error(`No requirement ${id} in tests/spec/requirements.ts`);
  return found;
}

/** A test's title: the section and the spec's words. */
export function testTitle(r: Requirement): string {
  return `§${r.section} "${r.quote}"`;
}
