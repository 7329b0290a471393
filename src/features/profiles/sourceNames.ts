import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";

/** Source keys of the data catalogue ("ots", "atlas", "baci"...) with their names in the page language. */
export type SourceNames = Readonly<Record<string, string>>;

export const SOURCE_KEYS = ["ots", "atlas", "baci", "comtrade_sample", "comtrade_services", "oec_esp", "abs_aus", "wdi", "sitc_fixture"] as const;

/** Complexity runs name the trade they were computed from ("ots_hs4"); they read as that trade's source. */
const ALIASES: Record<string, string> = { ots_hs4: "ots", atlas_hs4: "atlas", comtrade_hs4_sample: "comtrade_sample" };

export async function sourceNames(locale: Locale): Promise<SourceNames> {
  const t = await getTranslations({ locale, namespace: "data.sources" });
  return Object.fromEntries(SOURCE_KEYS.map((key) => [key, t(key)]));
}

const key = (source: string) => ALIASES[source] ?? source;

/** "Open Trade Statistics (UN Comtrade); Atlas of Economic Complexity": each source once, in order of first use. */
export function sourceLine(names: SourceNames, sources: readonly string[]): string {
  return [...new Set(sources.map(key))].map((s) => names[s] ?? s).join("; ");
}

/** Whether a list of years mixes sources that are different cleanings of the same data (compare with care). */
export function mixesSources(sources: readonly string[]): boolean {
  return new Set(sources.map(key)).size > 1;
}
