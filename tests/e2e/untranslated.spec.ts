/**
 * No English on Spanish and Chinese pages beyond names and codes (issue 39). Each page is opened in
 * es and zh and its visible text (document.body.innerText, less code samples and what is marked as
 * another language) is checked by the pure functions of src/domain/i18n/untranslated.ts (unit-tested
 * there on sample texts):
 * - it holds none of the English message texts (two words and twelve characters or more between
 *   placeholders) whose translation differs: such a phrase is a string that missed its translation
 *   or was written in a component instead of the messages;
 * - on Chinese pages, no run of three or more Latin words, codes, units, acronyms (LATIN_ALLOWED)
 *   and the Latin names the Chinese messages keep on purpose aside.
 * The message files themselves are checked by tests/unit/messagesTranslated.test.ts.
 */
import en from "../../messages/en.json";
import es from "../../messages/es.json";
import zh from "../../messages/zh.json";
import { englishLeaks, flattenMessages, latinRuns, untranslatedPhrases, type MessageTree } from "../../src/domain/i18n/untranslated";
import { expect, test, type Page } from "./support/test";

/** Representative pages (paths without locale): every family a visitor meets. */
const PAGES = [
  "/",
  "/profile/country/chl",
  "/profile/hs/2603",
  "/profile/bilateral-country/deu/partner/fra",
  "/profile/world/wld",
  "/rankings/eci/hs4/hs92",
  "/country-rankings/latest/trade",
  "/visualize/tree_map/hs92/export/chl/all/show/2018",
  "/data-availability",
  "/data-sources",
  "/subscription",
  "/games/tradle",
  "/games/pick-5",
  "/chat",
  "/compare?countries=chl,per",
  "/trend-explorer",
  "/tariff-simulator-report",
  "/login",
  "/signup",
  "/account",
  "/profile/company",
  "/company-explorer",
  "/resources/about",
  "/support/faq",
  "/this-page-does-not-exist",
] as const;

const PHRASES = {
  es: untranslatedPhrases(en as unknown as MessageTree, es as unknown as MessageTree),
  zh: untranslatedPhrases(en as unknown as MessageTree, zh as unknown as MessageTree),
};

/** Latin names the Chinese messages keep on purpose (data sources, the site's games): never English to flag. */
const ZH_KEPT = [...new Set([...flattenMessages(zh as unknown as MessageTree).values()].flatMap((value) => value.match(/[A-Za-z][A-Za-z'’-]*(?:[ \t]+[A-Za-z][A-Za-z'’-]*)*/g) ?? []))];

/** The page's visible text, less code samples and anything marked as written in another language. */
async function visibleText(page: Page, locale: string): Promise<string> {
  return page.evaluate((lang) => {
    let text = document.body.innerText;
    const skip = document.querySelectorAll(`code, pre, kbd, samp, [translate="no"], [lang]:not([lang^="${lang}"]):not(html)`);
    // Longest first: a code name inside a quoted English title must not cut the title before it goes.
    const inners = [...skip].map((element) => (element as HTMLElement).innerText).filter(Boolean);
    for (const inner of inners.sort((a, b) => b.length - a.length)) text = text.split(inner).join("\n");
    return text;
  }, locale);
}

for (const locale of ["es", "zh"] as const) {
  test.describe(`no English on ${locale} pages`, () => {
    for (const path of PAGES) {
      test(`${locale}${path}`, async ({ page }) => {
        const response = await page.goto(`/${locale}${path === "/" ? "" : path}`);
        expect(response?.status(), path).toBeLessThan(500);
        await page.waitForLoadState("load");
        await expect(page.locator("main#main")).toBeVisible();
        const text = await visibleText(page, locale);
        expect(text.length, "the page shows text").toBeGreaterThan(20);
        expect(englishLeaks(text, PHRASES[locale]), `English messages on /${locale}${path}`).toEqual([]);
        if (locale === "zh") expect(latinRuns(text, { allowed: ZH_KEPT }), `Latin words on /zh${path}`).toEqual([]);
      });
    }
  });
}

test("the English phrase list is big enough to catch something", () => {
  // A sanity check of the method, not of a page: most of en.json is long enough to be telling.
  expect(PHRASES.es.length).toBeGreaterThan(500);
  expect(PHRASES.zh.length).toBeGreaterThan(500);
  expect(PHRASES.es).toContain(en.companyExplorer.none.title);
});
