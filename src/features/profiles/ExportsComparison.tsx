import { Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { formatGrowth } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import { loadExportsComparisons, type ComparedMember } from "@/server/profiles/comparison";
import { formatMoney } from "./format";
import { sourceLine, sourceNames } from "./sourceNames";

/**
 * "Compared with N years earlier" under a profile hero: the member's exports in `year` against a
 * year, five, ten and twenty years before, each pair from one dataset and release (the loader
 * leaves out any pair the data cannot compare). Renders nothing when no pair is comparable.
 */
export async function ExportsComparison({ member, year, locale }: { member: ComparedMember; year: number; locale: Locale }) {
  const [comparisons, t, names] = await Promise.all([loadExportsComparisons(member, year, locale), getTranslations({ locale, namespace: "profiles.comparison" }), sourceNames(locale)]);
  if (!comparisons.length) return null;
  const provenances = comparisons.flatMap((c) => [c.from.provenance, c.to.provenance]);
  const first = Math.min(...comparisons.map((c) => c.from.provenance.year));
  return (
    <Text size="sm" data-testid="hero-comparison">
      {t("lead", { year })}{" "}
      {comparisons.map((c, i) => (
        <span key={c.yearsBack} data-years-back={c.yearsBack} data-from-year={c.from.provenance.year} data-dataset={c.from.provenance.dataset} data-change={c.change ?? ""}>
          {i > 0 ? t("separator") : null}
          {t("item", { years: c.yearsBack, change: c.change === null ? "–" : formatGrowth(c.change, locale), fromYear: c.from.provenance.year, fromValue: formatMoney(c.from.value, locale) })}
        </span>
      ))}{" "}
      <Text span size="sm" c="dimmed">
        {t("source", { source: sourceLine(names, provenances), from: first, to: year })}
      </Text>
    </Text>
  );
}
