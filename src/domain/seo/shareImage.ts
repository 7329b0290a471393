/**
 * The generated share images (Open Graph / Twitter cards): which pages have their own card, the URL
 * of a page's card, and reading that URL back. A card's URL mirrors its page:
 * `/og/{locale}{page path}.png{?query}` (`/og/en/profile/country/chl.png`,
 * `/og/en/rankings/eci/hs4/hs92.png?year=2018`); every other page shares the site's card
 * `/og/{locale}.png`. Pure: the route (app/og) renders, features/seo composes.
 */
import { isLocale, type Locale } from "@/domain/i18n/locales";

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export type CardKind = "profile" | "ranking" | "visualization" | "site";

const KINDS: readonly [RegExp, CardKind][] = [
  [/^\/profile\/[^/?]+\/[^?]+/, "profile"],
  [/^\/profile\/world(?:[/?]|$)/, "profile"],
  [/^\/rankings\/(?:eci|pci)\/[^/?]+\/[^/?]+(?:\?|$)/, "ranking"],
  [/^\/visualize\/(?!embed\/)[^?]+/, "visualization"],
];

/** The card a page path (without its locale) gets. */
export function cardKindOf(path: string): CardKind {
  return KINDS.find(([pattern]) => pattern.test(path))?.[1] ?? "site";
}

/** The URL of a page's share image; `path` is the page path without its locale prefix. */
export function shareImagePath(locale: Locale, path: string): string {
  if (cardKindOf(path) === "site") return `/og/${locale}.png`;
  const question = path.indexOf("?");
  const pathname = question === -1 ? path : path.slice(0, question);
  const query = question === -1 ? "" : path.slice(question);
  return `/og/${locale}${pathname.replace(/\/$/, "")}.png${query}`;
}

export interface ShareImageRequest {
  locale: Locale;
  kind: CardKind;
  /** The page's path segments after the locale (`["profile", "country", "chl"]`), decoded. */
  segments: string[];
}

/** The segments after /og/ back to the page they show; null for anything that is not a card URL. */
export function parseShareImagePath(segments: readonly string[]): ShareImageRequest | null {
  if (!segments.length || segments.length > 12) return null;
  const last = segments[segments.length - 1]!;
  if (!last.endsWith(".png")) return null;
  const parts = [...segments.slice(0, -1), last.slice(0, -".png".length)];
  if (parts.some((p) => !p || p.length > 200)) return null;
  const [locale, ...rest] = parts;
  if (!isLocale(locale)) return null;
  const kind = rest.length ? cardKindOf(`/${rest.join("/")}`) : "site";
  if (rest.length && kind === "site") return null;
  return { locale, kind, segments: rest };
}

/**
 * Whether the card's font (Geist, the one next/og ships; it covers Latin, Greek and Cyrillic) can
 * draw `text`. Chinese cannot be drawn without a CJK font file, which the site does not ship: such a
 * card is drawn in English instead of as empty boxes.
 */
export function cardFontCovers(text: string): boolean {
  return !/[^\u0000-\u024f\u0370-\u03ff\u0400-\u04ff\u1e00-\u1eff\u2000-\u206f\u20a0-\u20cf\u2100-\u215f\u2190-\u21ff\u2212\u00b7]/u.test(text);
}

/** Up to `max` distinct colours, in order of first use (the largest items first). */
export function cardColours(colours: readonly (string | null | undefined)[], max = 6): string[] {
  const out: string[] = [];
  for (const c of colours) {
    if (!c || !/^#[0-9a-f]{3,8}$/i.test(c) || out.includes(c.toLowerCase())) continue;
    out.push(c.toLowerCase());
    if (out.length === max) break;
  }
  return out;
}
