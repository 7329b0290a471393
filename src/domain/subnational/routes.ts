/**
 * The subnational pages that are not a member's profile: /profile/subnational (every country),
 * /profile/subnational_{code} (a country's landing page) and /profile/subnational_{code}/{level}
 * (the landing page at that level). Members (/subnational_{code}/{level}/{id}) go through the
 * profile path codec (domain/profiles/path.ts).
 */
import { countryOfReport, reportSlugOf, type SubnationalCountry } from "./config";

export const SUBNATIONAL_INDEX_SLUG = "subnational";

export type SubnationalRoute =
  | { kind: "index" }
  | { kind: "landing"; country: SubnationalCountry }
  /** Path without locale and "/profile", possibly with a fragment. */
  | { kind: "redirect"; path: string };

export function subnationalRoute(segments: readonly string[]): SubnationalRoute | null {
  if (segments.length === 0 || segments.length > 2) return null;
  const [first, second] = segments;
  if (segments.length === 1 && first === SUBNATIONAL_INDEX_SLUG) return { kind: "index" };
  const country = countryOfReport(first.toLowerCase());
  if (!country) return null;
  const landing = `/${reportSlugOf(country.code)}`;
  if (segments.length === 1) return first === reportSlugOf(country.code) ? { kind: "landing", country } : { kind: "redirect", path: landing };
  const level = country.geoLevels.find((l) => l.slug === second.toLowerCase());
  return level ? { kind: "redirect", path: `${landing}#level-${level.slug}` } : null;
}

/** Landing page paths of every configured country (sitemaps, navigation). */
export function landingPaths(countries: readonly SubnationalCountry[]): string[] {
  return [`/${SUBNATIONAL_INDEX_SLUG}`, ...countries.map((c) => `/${reportSlugOf(c.code)}`)];
}
