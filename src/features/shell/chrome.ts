/**
 * Which parts of the page frame each route shows. Config as data: a page hides its header,
 * banner or footer, or marks itself PRO, by a rule here, never by logic inside the page.
 */
export interface ChromeOptions {
  header: boolean;
  banner: boolean;
  footer: boolean;
  /** PRO pages show a gradient bar above the header. */
  pro: boolean;
}

export const DEFAULT_CHROME: ChromeOptions = { header: true, banner: true, footer: true, pro: false };

interface ChromeRule {
  /** Matched against the path without its locale prefix. */
  pattern: RegExp;
  options: Partial<ChromeOptions>;
}

export const CHROME_RULES: ChromeRule[] = [
  // Embeds live inside other sites' pages: content only.
  { pattern: /^\/visualize\/embed(\/|$)/, options: { header: false, banner: false, footer: false } },
  // Areas tagged PRO or PREMIUM in the navigation.
  {
    pattern: /^\/(trend-explorer|company-explorer|explorer|data-sources|company|resources\/bulk-download\/(?:national|products|bill-of-lading))(\/|$)/,
    options: { pro: true },
  },
  { pattern: /^\/profile\/subnational_[a-z]{3}(\/|$)/, options: { pro: true } },
];

export function chromeFor(pathWithoutLocale: string): ChromeOptions {
  const options = { ...DEFAULT_CHROME };
  for (const rule of CHROME_RULES) {
    if (rule.pattern.test(pathWithoutLocale)) Object.assign(options, rule.options);
  }
  return options;
}
