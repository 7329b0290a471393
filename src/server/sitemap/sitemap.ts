import "server-only";
import { LOCALES, LOCALE_TAGS } from "@/domain/i18n/locales";
import { escapeXml } from "@/domain/format/xml";
import { BLOG_POSTS } from "@/domain/content/blogPosts";
import { PLANNED_PAGES } from "@/domain/content/plannedPages";
import { jsonError } from "@/server/http/jsonError";
import { siteUrl } from "@/server/origin";
import { countryRankingsPath, LEGACY_ECI_PATH, productRankingsPath, rankingPath } from "@/domain/rankings/routes";
import { latestRankingPath, latestTradeYear } from "@/server/catalog/rankings";
import { profileIndex } from "@/server/search/build";
import { ALL_SUBNATIONAL_COUNTRIES } from "@/domain/subnational/config";
import { landingPaths } from "@/domain/subnational/routes";

/** Profiles per sitemap file; each is listed once per locale, so a file holds 3 x this many URLs. */
export const PROFILES_PER_FILE = 10_000;

const CONTENT_PAGES = ["/", "/resources/about", "/resources/privacy", "/resources/terms", "/support", "/support/faq", "/blog", "/sitemap", "/profile/hs", "/profile/bilateral-country", "/profile/bilateral-product", "/data-availability", "/subscription", "/login", "/signup", "/trending", "/resources/library", "/games/tradle", "/games/pick-5", "/games/connectrade", "/games/export-holdem", "/profile/company", "/profile/digital-product", "/profile/fund", "/profile/manager", "/fund-manager-landing", "/resources/methods/eci-growth-predictions", "/tariff-simulator-report", "/resources/methods/tariff-simulator", "/chat", "/explorer", "/trend-explorer", "/company-explorer", "/compare"];

/** Ranking pages at the newest year and finest classification the data catalogue holds (canonical URLs, not the menus' redirecting "latest" links). */
async function rankingPages(): Promise<string[]> {
  const [year, productYear, ranking] = await Promise.all([latestTradeYear("countries"), latestTradeYear("products"), latestRankingPath()]);
  const complexity = ranking ?? { depth: "hs4" as const, revision: "hs92" as const };
  return [
    rankingPath("eci", complexity.depth, complexity.revision),
    rankingPath("pci", complexity.depth, complexity.revision),
    LEGACY_ECI_PATH,
    ...(year !== null ? [countryRankingsPath(year)] : []),
    ...(productYear !== null ? [productRankingsPath(productYear)] : []),
    "/resources/methods",
  ];
}

export async function pagePaths(): Promise<string[]> {
  return [
    ...CONTENT_PAGES,
    ...(await rankingPages()),
    ...BLOG_POSTS.map((p) => `/blog/${p.slug}`),
    ...Object.keys(PLANNED_PAGES),
    // Subnational: the index and every configured country's landing page (members are in the profile files).
    ...landingPaths(ALL_SUBNATIONAL_COUNTRIES).map((path) => `/profile${path}`),
  ];
}

const HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

function localized(origin: string, path: string, locale: string) {
  return `${origin}/${locale}${path === "/" ? "" : path}`;
}

/** The sitemap index: the pages file and one file per block of profiles. */
export async function sitemapIndex(): Promise<Response> {
  const origin = siteUrl().origin;
  let files = 0;
  try {
    files = Math.ceil((await profileIndex()).allProfilePaths().length / PROFILES_PER_FILE);
  } catch {
    files = 0; // No warehouse: only the pages are listed.
  }
  const entries = ["pages", ...Array.from({ length: files }, (_, i) => `profiles-${i}`)]
    .map((name) => `  <sitemap><loc>${escapeXml(`${origin}/sitemaps/${name}.xml`)}</loc></sitemap>`)
    .join("\n");
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`, { headers: HEADERS });
}

/** One sitemap file: "pages.xml" (every page in every locale, with alternates) or "profiles-N.xml". */
export async function sitemapFile(name: string): Promise<Response> {
  const origin = siteUrl().origin;
  let urls: string[];
  if (name === "pages.xml") {
    urls = (await pagePaths()).flatMap((path) =>
      LOCALES.map((locale) => {
        const alternates = LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${LOCALE_TAGS[l]}" href="${escapeXml(localized(origin, path, l))}"/>`).join("");
        return `<url><loc>${escapeXml(localized(origin, path, locale))}</loc>${alternates}</url>`;
      }),
    );
  } else {
    const match = /^profiles-(\d{1,4})\.xml$/.exec(name);
    if (!match) return jsonError(404, "not_found", "No such sitemap.");
    let paths: string[];
    try {
      paths = (await profileIndex()).allProfilePaths();
    } catch {
      paths = [];
    }
    const start = Number(match[1]) * PROFILES_PER_FILE;
    if (start >= paths.length) return jsonError(404, "not_found", "No such sitemap.");
    urls = paths.slice(start, start + PROFILES_PER_FILE).flatMap((path) => LOCALES.map((locale) => `<url><loc>${escapeXml(localized(origin, `/profile${path}`, locale))}</loc></url>`));
  }
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`,
    { headers: HEADERS },
  );
}
