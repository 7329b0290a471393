import { Container, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { formatDecimal, formatNumber } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import { loadAcross, newest, pickYear, profileSources } from "@/server/profiles/sources";
import { formatMoney, formatShare } from "../format";
import { ProfileHero } from "../ProfileHero";
import { items, latestYearWithData, memberImage, yearValue } from "../rows";
import { ProfileSections } from "../sections";
import { sourceNames } from "../sourceNames";
import { COUNTRY_SECTIONS, loadEci, loadPartners, loadProducts, type CountryContext } from "./sections";
import { load, total } from "@/server/profiles/data";

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
  const own = [id];
  const [exportsSeries, importsSeries] = await Promise.all([
    loadAcross(sources.sections, { flow: "export", own, ownContinent: kind === "continent", drilldowns: ["Year"] }, locale),
    loadAcross(sources.sections, { flow: "import", own, ownContinent: kind === "continent", drilldowns: ["Year"] }, locale),
  ]);
  const latest = latestYearWithData(exportsSeries.rows);
  const latestSource = latest === null ? null : (sources.sections.find((s) => s.year === latest) ?? null);
  if (latest === null || !latestSource) {
    return (
      <Container size="lg" py="xl">
        <Text data-testid="no-data">{t("noData")}</Text>
      </Container>
    );
  }
  const years = exportsSeries.rows.filter((r) => Number(r["Trade Value"]) > 0).map((r) => Number(r.Year));
  const ctx: CountryContext = {
    locale,
    t,
    kind,
    id,
    name,
    base,
    sources,
    names,
    exportsSeries,
    importsSeries,
    years,
    first: Math.min(...years),
    latest,
    latestSource,
    sectionsYear: sectionYear && years.includes(sectionYear) ? sectionYear : latest,
    productYear: kind === "country" ? pickYear(sources.productExports, productYear) : null,
    complexityYear: kind === "country" ? newest(sources.complexity) : null,
  };

  // The hero's figures: the newest product year, the latest partners and sections, the newest ECI.
  const newestProducts = newest(sources.productExports);
  const [hs4, destinations, sections, eci] = await Promise.all([
    loadProducts(ctx, newestProducts),
    loadPartners(ctx, "exports"),
    load({ cube: latestSource.cube, drilldowns: ["Section"], cuts: [{ level: kind === "country" ? "Exporter Country" : "Exporter Continent", ids: [id] }, { level: "Year", ids: [latest] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    loadEci(ctx),
  ]);
  const exportsLatest = yearValue(exportsSeries.rows, latest);
  const importsLatest = yearValue(importsSeries.rows, latest);
  const balance = exportsLatest - importsLatest;
  const hs4Items = hs4 ? items(hs4.rows, "HS4") : [];
  const topProduct = hs4Items[0] ?? items(sections.rows, "Section")[0];
  const topProductTotal = hs4Items.length && hs4 ? total(hs4.rows) : exportsLatest;
  const productYearShown = hs4Items.length && newestProducts ? newestProducts.year : latest;
  const topPartner = items(destinations.rows, "Importer Country")[0];
  const eciRow = eci?.row;
  const newestSectionYear = sources.sections.at(-1)?.year ?? latest;

  return (
    <>
      <ProfileHero
        images={[{ src: memberImage(kind, id), alt: name }]}
        title={name}
        kind={t(`kinds.${kind}`)}
        stats={[
          { label: t("stats.exports", { year: latest }), value: formatMoney(exportsLatest, locale), testId: "stat-exports" },
          { label: t("stats.imports", { year: latest }), value: formatMoney(importsLatest, locale), testId: "stat-imports" },
          { label: t("stats.balance", { year: latest }), value: formatMoney(balance, locale), testId: "stat-balance" },
          ...(topProduct ? [{ label: t("stats.topExport", { year: productYearShown }), value: formatMoney(topProduct.value, locale), detail: topProduct.name, testId: "stat-top-export" }] : []),
          ...(topPartner ? [{ label: t("stats.topDestination", { year: latest }), value: formatMoney(topPartner.value, locale), detail: topPartner.name, testId: "stat-top-destination" }] : []),
          ...(eciRow && eci?.year ? [{ label: t("stats.eciRank", { year: eci.year }), value: t("rankOf", { rank: formatNumber(Number(eciRow["ECI Rank"]), locale), count: formatNumber(eci.count, locale) }), detail: `${t("eci")} ${formatDecimal(Number(eciRow.ECI), locale, 2)}`, testId: "stat-eci-rank" }] : []),
        ]}
      >
        <Text size="lg" maw={900} data-testid="overview-text">
          {t("country.overviewText", {
            year: latest,
            name,
            exports: formatMoney(exportsLatest, locale),
            imports: formatMoney(importsLatest, locale),
            balanceKind: balance > 0 ? "surplus" : balance < 0 ? "deficit" : "balanced",
            balance: formatMoney(Math.abs(balance), locale),
          })}{" "}
          {topProduct && topPartner
            ? t("country.topText", {
                product: topProduct.name,
                productValue: formatMoney(topProduct.value, locale),
                productShare: formatShare(topProduct.value / topProductTotal, locale),
                partner: topPartner.name,
                partnerValue: formatMoney(topPartner.value, locale),
              })
            : null}
          {latest < newestSectionYear ? ` ${t("country.formerCountry", { name, year: latest })}` : null}
        </Text>
      </ProfileHero>
      <Container size="lg" py="xl">
        <ProfileSections modules={COUNTRY_SECTIONS} ctx={ctx} locale={locale} />
      </Container>
    </>
  );
}
