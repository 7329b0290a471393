import { Container, Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { formatDecimal, formatNumber } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import { loadCountryHero } from "@/server/profiles/countryHero";
import { loadCountryTradeSeries, loadProductOnlyExports } from "@/server/profiles/country";
import { newest, pickYear, profileSources } from "@/server/profiles/sources";
import { formatMoney, formatShare } from "../format";
import { ProfileHero } from "../ProfileHero";
import { ExportsComparison } from "../ExportsComparison";
import { CompareLink } from "@/features/profiles/CompareLink";
import { memberImage } from "../rows";
import { ProfileSections } from "../sections";
import { sourceLine, sourceNames } from "../sourceNames";
import { ProductOnlyCountry } from "./ProductOnlyCountry";
import { COUNTRY_SECTIONS, type CountryContext } from "./sections";

interface Props {
  locale: Locale;
  kind: "country" | "continent";
  id: string;
  name: string;
  /** Year of the "exports by section" view (?year=); the latest year when absent or not covered. */
  sectionYear?: number;
  /** Year of the "exports by product" view (?productYear=); the newest year with product data when absent. */
  productYear?: number;
}

export async function CountryProfile({ locale, kind, id, name, sectionYear, productYear }: Props) {
  const [t, sources, names] = await Promise.all([getTranslations({ locale, namespace: "profiles" }), profileSources(), sourceNames(locale)]);
  const base = `/${locale}/profile`;
  const series = await loadCountryTradeSeries({ kind, id }, sources, locale);
  if (!series) {
    // Not in the section trade between countries, but perhaps in a product dataset (Taiwan: Atlas 2019).
    const productOnly = await loadProductOnlyExports({ kind, id }, sources, locale, productYear ?? sectionYear);
    if (productOnly) return <ProductOnlyCountry locale={locale} id={id} name={name} data={productOnly} names={names} />;
    return (
      <Container size="lg" py="xl">
        <Text data-testid="no-data">{t("noData")}</Text>
      </Container>
    );
  }
  const { years, latest, latestSource } = series;
  const ctx: CountryContext = {
    locale,
    t,
    kind,
    id,
    name,
    base,
    sources,
    names,
    series,
    years,
    first: Math.min(...years),
    latest,
    latestSource,
    sectionsYear: sectionYear && years.includes(sectionYear) ? sectionYear : latest,
    productYear: kind === "country" ? pickYear(sources.productExports, productYear) : null,
    complexityYear: kind === "country" ? newest(sources.complexity) : null,
  };

  // The hero: every figure of one year (server/profiles/countryHero.ts); here it is only formatted.
  const hero = await loadCountryHero({ kind, id }, locale);
  if (!hero) {
    return (
      <Container size="lg" py="xl">
        <Text data-testid="no-data">{t("noData")}</Text>
      </Container>
    );
  }
  const { year, exports, imports, balance, topExport: top, topDestination: destination, eci } = hero;
  // The share reads "of the total" when the product data's total is the sentence's exports (OTS 2018: the same extract).
  const sameTotal = top !== null && Math.abs(top.total.value - exports.value) <= Math.max(1, exports.value * 0.0005);

  return (
    <>
      <ProfileHero
        images={[{ src: memberImage(kind, id), alt: name }]}
        title={name}
        kind={t(`kinds.${kind}`)}
        actions={kind === "country" ? <CompareLink locale={locale} kind="countries" id={id} /> : undefined}
        stats={[
          { label: t("stats.exports", { year }), value: formatMoney(exports.value, locale), testId: "stat-exports" },
          { label: t("stats.imports", { year }), value: formatMoney(imports.value, locale), testId: "stat-imports" },
          { label: t("stats.balance", { year }), value: formatMoney(balance.value, locale), testId: "stat-balance" },
          ...(top ? [{ label: t("stats.topExport", { year }), value: formatMoney(top.value.value, locale), detail: top.name, testId: "stat-top-export" }] : []),
          ...(destination ? [{ label: t("stats.topDestination", { year }), value: formatMoney(destination.value.value, locale), detail: destination.name, testId: "stat-top-destination" }] : []),
          ...(eci
            ? [{ label: t("stats.eciRank", { year }), value: t("rankOf", { rank: formatNumber(eci.rank.value, locale), count: formatNumber(eci.count, locale) }), detail: `${t("eci")} ${formatDecimal(eci.eci.value, locale, 2)}`, testId: "stat-eci-rank" }]
            : []),
        ]}
      >
        <Text size="lg" maw={900} data-testid="overview-text" data-year={year}>
          {t("country.overviewText", {
            year,
            name,
            exports: formatMoney(exports.value, locale),
            imports: formatMoney(imports.value, locale),
            balanceKind: balance.value > 0 ? "surplus" : balance.value < 0 ? "deficit" : "balanced",
            balance: formatMoney(Math.abs(balance.value), locale),
          })}
          {top && (
            <>
              {" "}
              <span data-testid="hero-top-export" data-year={top.value.provenance.year} data-dataset={top.value.provenance.dataset} data-value={top.value.value} data-total={top.total.value} data-share={top.share ?? ""}>
                {t(top.depth === "hs4" ? "country.heroTopExport" : "country.heroTopSection", {
                  product: top.name,
                  productValue: formatMoney(top.value.value, locale),
                  productShare: formatShare(top.share, locale),
                  totalKind: sameTotal ? "exports" : "products",
                  productTotal: formatMoney(top.total.value, locale),
                })}
              </span>
            </>
          )}
          {top?.unspecifiedAbove && <> {t("country.heroUnspecified", { value: formatMoney(top.unspecifiedAbove.value, locale) })}</>}
          {destination && <> {t("country.heroDestination", { partner: destination.name, partnerValue: formatMoney(destination.value.value, locale) })}</>}
          {hero.endsBefore ? ` ${t("country.formerCountry", { name, year })}` : null}
        </Text>
        <Text size="sm" c="dimmed" data-testid="hero-source">
          {t("country.heroSource", { source: sourceLine(names, hero.figures.map((f) => f.provenance)), year })}
        </Text>
        <ExportsComparison member={{ kind, id }} year={year} locale={locale} />
      </ProfileHero>
      <Container size="lg" py="xl">
        <ProfileSections modules={COUNTRY_SECTIONS} ctx={ctx} locale={locale} />
      </Container>
    </>
  );
}
