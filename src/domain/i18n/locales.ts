/**
 * Locale rules shared by the proxy, links and tests. Pure: no Next.js, no React.
 */
export const LOCALES = ["en", "es", "zh"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Names of each locale in its own language, used by the language selector. */
export const LOCALE_NATIVE_NAMES: Record<Locale, string> = {
  en: "English",
  es: "Español",
  zh: "中文",
};

/** BCP 47 tags for <html lang> and hreflang; zh content is Simplified Chinese. */
export const LOCALE_TAGS: Record<Locale, string> = {
  en: "en",
  es: "es",
  zh: "zh-Hans",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * A first path segment that looks like a language tag ("fr", "pt-BR", "xx") but is not one of ours.
 * Such paths get the 404 page instead of being treated as an unprefixed page path,
 * so /fr/profile/... never silently redirects to /en/fr/profile/...
 */
export function looksLikeUnknownLocale(segment: string): boolean {
  return /^[a-z]{2,3}(?:-[a-z0-9]{2,8})?$/i.test(segment) && !isLocale(segment.toLowerCase());
}

interface WeightedTag {
  tag: string;
  q: number;
  index: number;
}

/**
 * Picks our locale from an Accept-Language header (RFC 9110 weights; "es-MX" matches es,
 * "zh-TW"/"zh-Hans" match zh). Falls back to the default locale.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const tags: WeightedTag[] = acceptLanguage
    .slice(0, 1024)
    .split(",")
    .map((part, index) => {
      const [rawTag, ...params] = part.trim().split(";");
      let q = 1;
      for (const param of params) {
        const [key, value] = param.trim().split("=");
        if (key === "q") {
          const parsed = Number(value);
          q = Number.isFinite(parsed) ? parsed : 0;
        }
      }
      return { tag: (rawTag ?? "").trim().toLowerCase(), q, index };
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of tags) {
    const primary = tag.split("-")[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** Splits "/es/profile/x" into { locale: "es", rest: "/profile/x" }; rest is "/" for the locale root. */
export function splitLocale(pathname: string): { locale: Locale | null; rest: string } {
  const match = /^\/([^/?#]+)(\/.*)?$/.exec(pathname);
  if (match && isLocale(match[1])) {
    return { locale: match[1], rest: match[2] || "/" };
  }
  return { locale: null, rest: pathname || "/" };
}

/**
 * Adds the locale prefix to an internal path when it lacks one (shell links).
 * External URLs, mailto:, anchors and API/static paths are returned unchanged.
 */
export function withLocale(href: string, locale: Locale): string {
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  if (/^\/(api|_next|static|geo)(\/|$)/.test(href)) return href;
  const { locale: existing } = splitLocale(href);
  if (existing) return href;
  return href === "/" ? `/${locale}` : `/${locale}${href}`;
}

/** The same page in another locale: "/es/profile/x" -> "/zh/profile/x". Query and hash kept. */
export function switchLocale(pathWithQuery: string, target: Locale): string {
  const [pathAndQuery, hash = ""] = pathWithQuery.split("#", 2);
  const [path, query = ""] = pathAndQuery.split("?", 2);
  const { rest } = splitLocale(path || "/");
  const base = rest === "/" ? `/${target}` : `/${target}${rest}`;
  return `${base}${query ? `?${query}` : ""}${hash ? `#${hash}` : ""}`;
}

/**
 * Explorer tile links omit the prefix for the default locale (spec section 2, "Locale rule").
 */
export function tileLocalePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? "" : `/${locale}`;
}
