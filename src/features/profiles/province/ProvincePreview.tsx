import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { ProGate } from "@/features/shell/ProGate";
import { newestProvinceEntry, provinceValues } from "@/server/subnationalProfiles/esp";
import { formatMoney } from "../format";
import { PROVINCE_SECTION_IDS } from "./ProvinceProfile";

/**
 * A province's profile for visitors without PRO: its name, what the profile holds and one figure
 * (its exports in the latest year), with the ways to open it. No chart and no table.
 */
export async function ProvincePreview({ locale, id, name, signedIn }: { locale: Locale; id: string; name: string; signedIn: boolean }) {
  const [t, profiles, entry] = await Promise.all([getTranslations({ locale, namespace: "proGate.subnational" }), getTranslations({ locale, namespace: "profiles" }), newestProvinceEntry()]);
  let headline: { label: string; value: string } | undefined;
  if (entry) {
    // The same query as the full profile's ranking (one cached answer for every province).
    const provinces = await provinceValues(entry, locale).catch(() => null);
    const own = provinces?.items.find((item) => item.id === id);
    if (own) headline = { label: profiles("stats.exports", { year: entry.year }), value: formatMoney(own.value, locale) };
  }
  const holds = [...PROVINCE_SECTION_IDS.map((section) => t(`sections.${section}`, { name })), t("downloads")];
  return <ProGate locale={locale} title={name} kind={profiles("kinds.subnational_esp")} holds={holds} headline={headline} returnPath={`/${locale}/profile/subnational_esp/${id}`} signedIn={signedIn} />;
}
