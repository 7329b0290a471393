import { getTranslations } from "next-intl/server";
import { formatUsd } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import { subnationalMemberPath } from "@/domain/profiles/path";
import { geoLevel } from "@/domain/subnational/config";
import { ProGate } from "@/features/shell/ProGate";
import { countryName } from "@/server/subnational/data";
import { subnationalEntry } from "./subnational/registry";

/**
 * A subnational member's profile (an Australian state, a Spanish community, any imported region)
 * for visitors without PRO, as useful as a Spanish province's: what it is, what the full page
 * holds, and one figure (its exports or imports in the newest year of its level, in the level's
 * currency) with its rank among the level's members. No chart and no table.
 */
export async function SubnationalPreview({ locale, country, level, id, name, signedIn }: { locale: Locale; country: string; level: string; id: string; name: string; signedIn: boolean }) {
  const [t, sub, countryLabel, members] = await Promise.all([
    getTranslations({ locale, namespace: "proGate.member" }),
    getTranslations({ locale, namespace: "subnational" }),
    countryName(country, locale),
    subnationalEntry(country, level)
      .members(locale)
      .catch(() => null),
  ]);
  const levelName = sub(`levels.${level}`);
  // Mid-sentence: "the states of Australia" (lower case where the language has case).
  const levelLower = levelName.toLocaleLowerCase(locale);
  const own = members?.members.find((m) => m.id === id);
  const headline =
    members && own
      ? {
          label: t("headline", { flow: members.flow, year: String(members.year), currency: members.currency }),
          value: `${formatUsd(own.value, locale, { compact: true, currency: members.currency })} · ${t("rank", { rank: [...members.members].sort((a, b) => b.value - a.value).findIndex((m) => m.id === id) + 1, count: members.members.length, level: levelLower })}`,
        }
      : undefined;
  const holds = [t("products", { name, flow: members?.flow ?? "export" }), t("ranking", { name, level: levelLower, country: countryLabel }), ...(geoLevel(country, level)?.geometry ? [t("map", { name, level: levelLower, country: countryLabel })] : []), t("history", { name }), t("downloads")];
  return (
    <ProGate
      locale={locale}
      title={name}
      kind={sub("profile.kind", { country: countryLabel, level: levelName })}
      holds={holds}
      headline={headline}
      returnPath={`/${locale}/profile${subnationalMemberPath(country, level, id)}`}
      signedIn={signedIn}
      feature="subnationalProfiles"
    />
  );
}
