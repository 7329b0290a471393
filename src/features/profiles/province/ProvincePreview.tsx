import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { ProGate } from "@/features/shell/ProGate";
import { load } from "@/server/profiles/data";
import { profileSources } from "@/server/profiles/sources";
import { formatMoney } from "../format";
import { items } from "../rows";
import { PROVINCE_SECTION_IDS } from "./ProvinceProfile";

/**
 * A province's profile for visitors without PRO: its name, what the profile holds and one figure
 * (its exports in the latest year), with the ways to open it. No chart and no table.
 */
export async function ProvincePreview({ locale, id, name, signedIn }: { locale: Locale; id: string; name: string; signedIn: boolean }) {
  const [t, profiles, sources] = await Promise.all([getTranslations({ locale, namespace: "proGate.subnational" }), getTranslations({ locale, namespace: "profiles" }), profileSources()]);
  const entry = sources.subnational.filter((e) => e.dataset === "esp_provinces").at(-1);
  let headline: { label: string; value: string } | undefined;
  if (entry) {
    // The same query as the full profile's ranking (one cached answer for every province).
    const provinces = await load(
      { cube: entry.cube, drilldowns: ["Province"], cuts: [{ level: "Year", ids: [entry.year] }], sort: [{ key: "Trade Value", direction: "desc" }] },
      locale,
    ).catch(() => null);
    const own = provinces ? items(provinces.rows, "Province").find((item) => item.id === id) : undefined;
    if (own) headline = { label: profiles("stats.exports", { year: entry.year }), value: formatMoney(own.value, locale) };
  }
  const holds = [...PROVINCE_SECTION_IDS.map((section) => t(`sections.${section}`, { name })), t("downloads")];
  return <ProGate locale={locale} title={name} kind={profiles("kinds.subnational_esp")} holds={holds} headline={headline} returnPath={`/${locale}/profile/subnational_esp/${id}`} signedIn={signedIn} />;
}
