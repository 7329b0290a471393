/**
 * What a page's share image says: its title, one key figure with its source and year, and the
 * colours of its chart. Composed from the same named loaders the pages use (a profile's hero and
 * treemap, a ranking's first row, a visualisation's rows), so the card never says something the
 * page does not. A card the font cannot draw (Chinese) is composed in English instead.
 */
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { parseEntitySegments } from "@/domain/entities/entities";
import { parseProfilePath, type ProfileTarget } from "@/domain/profiles/path";
import { parseRankingPath, parseYearQuery } from "@/domain/rankings/routes";
import { cardColours, cardFontCovers, type ShareImageRequest } from "@/domain/seo/shareImage";
import { subnationalRoute } from "@/domain/subnational/routes";
import { profileView, type ProfileView } from "@/domain/visualize/profileViews";
import type { Figure } from "@/domain/catalog/figure";
import { formatDecimal } from "@/domain/format";
import { formatMoney } from "@/features/profiles/format";
import { sourceLine, sourceNames } from "@/features/profiles/sourceNames";
import { resolveRoute } from "@/features/visualize/route";
import { loadCountryHero } from "@/server/profiles/countryHero";
import { memberLookup } from "@/server/profiles/lookup";
import { loadProductTraders, loadProductYears } from "@/server/profiles/product";
import { profileTitle } from "@/server/profiles/titles";
import { loadWorldSnapshot } from "@/server/profiles/world";
import { loadEciRanking, loadPciRanking, rankingSource } from "@/server/rankings/complexity";
import { vizCatalog } from "@/server/visualize/members";
import { loadView } from "@/server/visualize/view";
import { rankedComplexitySets } from "@/server/catalog/complexity";

export interface ShareCard {
  /** The language the card is drawn in (English where the font lacks the page's script). */
  locale: Locale;
  siteName: string;
  /** What kind of page: "Country", "Economic Complexity Index (ECI) rankings", "Visualization". */
  kicker: string;
  title: string;
  figure: { label: string; value: string; source: string } | null;
  /** The chart's colours, largest items first (may be empty). */
  colours: string[];
}

type Translate = Awaited<ReturnType<typeof getTranslations>>;
type Composed = Omit<ShareCard, "locale" | "siteName">;

/** Data may be missing (no warehouse, a year without data): the card then shows its title only. */
async function optional<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    console.error(`[og] ${(error as Error).message}`);
    return null;
  }
}

async function treemapColours(view: ProfileView, locale: Locale): Promise<string[]> {
  const loaded = await optional(() => loadView(profileView(view), locale));
  if (!loaded || loaded.kind !== "ok") return [];
  return cardColours([...loaded.data.rows].sort((a, b) => (b.value ?? 0) - (a.value ?? 0)).map((r) => r.color));
}

async function figureOf(t: Translate, locale: Locale, label: string, value: Figure): Promise<ShareCard["figure"]> {
  const names = await sourceNames(locale);
  return {
    label: t(label, { year: value.provenance.year }),
    value: formatMoney(value.value, locale),
    source: sourceLine(names, [{ source: value.provenance.source, vintage: value.provenance.vintage }]),
  };
}

async function siteCard(t: Translate): Promise<Composed> {
  return { kicker: t("common.tagline"), title: t("meta.homeTitle"), figure: null, colours: [] };
}

/** A profile: the hero's exports (countries, continents), the world's or the product's world exports. */
async function profileCard(t: Translate, locale: Locale, segments: string[]): Promise<Composed | null> {
  const rest = segments.slice(1);
  // Operator-loaded and subnational pages have their own pages but no member figure: the site's card.
  if (parseEntitySegments(rest) || subnationalRoute(rest)) return siteCard(t);
  const resolved = await optional(memberLookup);
  if (!resolved) return null;
  const parsed = parseProfilePath(rest, resolved.lookup);
  if (parsed.kind !== "ok") return null;
  const target: ProfileTarget = parsed.target;
  const title = profileTitle(target, resolved.index, locale);
  const kicker = target.report === "subnational" ? t("subnational.landing.kind") : t(`profiles.kinds.${target.report === "country" ? target.kind : target.report}`);
  if (target.report === "country") {
    const hero = await optional(() => loadCountryHero({ kind: target.kind, id: target.id }, locale));
    if (!hero) return { kicker, title, figure: null, colours: [] };
    const colours = target.kind === "country" ? await treemapColours({ chart: "tree_map", country: target.id, product: "show", time: hero.year }, locale) : [];
    return { kicker, title, figure: await figureOf(t, locale, "seo.card.exports", hero.exports), colours };
  }
  if (target.report === "world") {
    const ranking = (await optional(() => loadWorldSnapshot(undefined, locale)))?.sections.ranking;
    if (!ranking) return { kicker, title, figure: null, colours: [] };
    const colours = await treemapColours({ chart: "tree_map", product: "show", time: ranking.source.year }, locale);
    return { kicker, title, figure: await figureOf(t, locale, "seo.card.worldExports", ranking.total), colours };
  }
  if (target.report === "hs") {
    const pair = await optional(() => loadProductYears(target.product, undefined));
    const exports = pair?.exports;
    const ranking = exports ? await optional(() => loadProductTraders(target.product, "export", exports, locale)) : null;
    if (!exports || !ranking) return { kicker, title, figure: null, colours: [] };
    // The builder's reference of the product, as the product page's own treemap takes it.
    const product = target.product;
    const ref = await optional(async () => (await vizCatalog()).product(product.kind === "section" ? product.id : `hs${product.id}`));
    const colours = ref ? await treemapColours({ chart: "tree_map", country: "show", product: ref, time: exports.year, classification: exports.classification }, locale) : [];
    return { kicker, title, figure: await figureOf(t, locale, "seo.card.worldExports", ranking.total), colours };
  }
  return { kicker, title, figure: null, colours: [] };
}

/** An ECI or PCI ranking: the first-ranked member and its index, of the year the page shows. */
async function rankingCard(t: Translate, locale: Locale, segments: string[], search: URLSearchParams): Promise<Composed | null> {
  const parsed = parseRankingPath(segments[1] ?? "", segments[2] ?? "", segments[3] ?? "");
  const year = parseYearQuery(search.get("year") ?? undefined);
  if (!parsed || !year.ok) return null;
  const kicker = t(`rankings.${parsed.kind}.title`);
  const title = `${kicker} · ${parsed.depth.toUpperCase()} ${parsed.revision.toUpperCase()}`;
  const set = (await optional(rankedComplexitySets))?.find((r) => r.set.depth === parsed.depth && r.set.revision === parsed.revision)?.set;
  const source = set ? (await optional(() => rankingSource(set, year.year)))?.source : null;
  if (!set || !source) return { kicker, title, figure: null, colours: [] };
  const names = await sourceNames(locale);
  const figureFor = (name: string, value: number | null | undefined) => ({
    label: t("seo.card.first", { year: source.run.year }),
    value: `${name} · ${t(`rankings.${parsed.kind}.short`)} ${formatDecimal(value ?? null, locale, 2)}`,
    source: sourceLine(names, [source.run.source]),
  });
  if (parsed.kind === "eci") {
    const ranking = await optional(() => loadEciRanking(set, source, locale));
    const top = ranking?.rows[0];
    const colours = cardColours([...(ranking?.charts.rows ?? [])].sort((a, b) => (b.value ?? 0) - (a.value ?? 0)).map((r) => r.color));
    return { kicker, title, figure: top ? figureFor(top.name, top.values.eci) : null, colours };
  }
  const ranking = await optional(() => loadPciRanking(set, source, locale));
  const top = ranking?.rows[0];
  return { kicker, title, figure: top ? figureFor(top.name, top.values.pci) : null, colours: cardColours((ranking?.rows ?? []).map((r) => r.color)) };
}

/** Charts whose rows are trade values of one year (or a series ending in the latest one): a total means something. */
const TOTALLED = new Set(["tree_map", "stacked", "line", "geomap"]);

/** A visualisation: its title, the total of its rows in its latest year, the colours of its largest rows. */
async function visualizationCard(t: Translate, locale: Locale, segments: string[], search: URLSearchParams): Promise<Composed | null> {
  const query = Object.fromEntries(search);
  const resolution = await resolveRoute(segments.slice(1), query, locale, false);
  if (resolution.kind !== "ok" && resolution.kind !== "problems") return null;
  const kicker = t("seo.card.visualization");
  if (resolution.kind === "problems") return { kicker, title: resolution.title, figure: null, colours: [] };
  const data = resolution.data;
  const latest = data.years.length ? Math.max(...data.years) : null;
  const rows = data.rows.filter((r) => (r.year === undefined || r.year === latest) && (r.value ?? 0) > 0).sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  const colours = cardColours(rows.map((r) => r.color));
  if (!TOTALLED.has(data.chart) || latest === null || !rows.length || data.regionMap) return { kicker, title: resolution.title, figure: null, colours };
  const total = rows.reduce((sum, r) => sum + (r.value ?? 0), 0);
  const names = await sourceNames(locale);
  return { kicker, title: resolution.title, figure: { label: t("seo.card.total", { year: latest }), value: formatMoney(total, locale), source: sourceLine(names, data.sources) }, colours };
}

async function compose(request: ShareImageRequest, search: URLSearchParams, locale: Locale): Promise<ShareCard | null> {
  const t = await getTranslations({ locale });
  const card =
    request.kind === "profile"
      ? await profileCard(t, locale, request.segments)
      : request.kind === "ranking"
        ? await rankingCard(t, locale, request.segments, search)
        : request.kind === "visualization"
          ? await visualizationCard(t, locale, request.segments, search)
          : await siteCard(t);
  return card ? { ...card, locale, siteName: t("common.siteName") } : null;
}

/** The card of a share-image request (null: no such page); in English where the font cannot draw the page's language. */
export async function shareCard(request: ShareImageRequest, search: URLSearchParams): Promise<ShareCard | null> {
  const card = await compose(request, search, request.locale);
  if (!card || request.locale === "en") return card;
  const text = [card.siteName, card.kicker, card.title, card.figure?.label, card.figure?.value, card.figure?.source].filter(Boolean).join(" ");
  return cardFontCovers(text) ? card : compose(request, search, "en");
}
