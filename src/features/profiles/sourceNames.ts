import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";

/**
 * Source keys of the data catalogue ("ots", "atlas", "baci"...) with their names in the page
 * language, and the releases (vintages) of those sources under "vintage:<key>"
 * ("vintage:ots_trd" -> "Open Trade Statistics (2018 extract)").
 */
export type SourceNames = Readonly<Record<string, string>>;

export const SOURCE_KEYS = ["ots", "atlas", "baci", "comtrade_sample", "comtrade_services", "oec_esp", "abs_aus", "wdi", "sitc_fixture"] as const;

/** Releases of a source that a figure's provenance can name (messages data.vintages). */
export const VINTAGE_KEYS = ["ots_trd", "ots_ec2019", "atlas_2019", "atlas_world_2026"] as const;

/** Complexity runs name the trade they were computed from ("ots_hs4"); they read as that trade's source. */
const ALIASES: Record<string, string> = { ots_hs4: "ots", atlas_hs4: "atlas", comtrade_hs4_sample: "comtrade_sample" };

export async function sourceNames(locale: Locale): Promise<SourceNames> {
  const [t, v] = await Promise.all([getTranslations({ locale, namespace: "data.sources" }), getTranslations({ locale, namespace: "data.vintages" })]);
  return Object.fromEntries([...SOURCE_KEYS.map((key) => [key, t(key)]), ...VINTAGE_KEYS.map((key) => [`vintage:${key}`, v(key)])]);
}

const key = (source: string) => ALIASES[source] ?? source;

/** A source, or a source in one release: the release is named where the page knows it (and a name exists). */
export type SourceRef = string | { source: string; vintage?: string | null };

function nameOf(names: SourceNames, ref: SourceRef): string {
  if (typeof ref !== "string" && ref.vintage && names[`vintage:${ref.vintage}`]) return names[`vintage:${ref.vintage}`];
  const source = key(typeof ref === "string" ? ref : ref.source);
  return names[source] ?? source;
}

/**
 * "Open Trade Statistics (UN Comtrade); Atlas of Economic Complexity": each source once, in order
 * of first use. Given a `{ source, vintage }`, names the release ("Open Trade Statistics (2018
 * extract)"): use it where two releases of one source sit side by side.
 */
export function sourceLine(names: SourceNames, sources: readonly SourceRef[]): string {
  return [...new Set(sources.map((s) => nameOf(names, s)))].join("; ");
}

/** Whether a list of years mixes sources that are different cleanings of the same data (compare with care). */
export function mixesSources(sources: readonly string[]): boolean {
  return new Set(sources.map(key)).size > 1;
}
