import { Container, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { SECTIONS_CUBE, load, total } from "@/server/profiles/data";
import { formatMoney, formatShare } from "../format";
import { ProfileHero } from "../ProfileHero";
import { items, latestYearWithData, memberImage, yearValue } from "../rows";
import { ProfileSections } from "../sections";
import { COMPLEXITY_YEAR, COUNTRY_SECTIONS, loadEci, loadHs4Exports, loadPartners, type CountryContext } from "./sections";

interface Props {
  locale: Locale;
  kind: "country" | "continent";
  id: string;
  name: string;
  /** Year of the "exports by section" view (?year=); the latest year when absent or not covered. */
  sectionYear?: number;
}

export async function CountryProfile({ locale, kind, id, name, sectionYear }: Props) {
  const t = await getTranslations({ locale, namespace: "profiles" });
  const base = `/${locale}/profile`;
  const [exportsSeries, importsSeries] = await Promise.all([
    load({ cube: SECTIONS_CUBE, drilldowns: ["Year"], cuts: [{ level: kind === "country" ? "Exporter Country" : "Exporter Continent", ids: [id] }] }, locale),
    load({ cube: SECTIONS_CUBE, drilldowns: ["Year"], cuts: [{ level: kind === "country" ? "Importer Country" : "Importer Continent", ids: [id] }] }, locale),
  ]);
  const latest = latestYearWithData(exportsSeries.rows);
  if (latest === null) {
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
    exportsSeries,
    importsSeries,
    years,
    first: Math.min(...years),
    latest,
    sectionsYear: sectionYear && years.includes(sectionYear) ? sectionYear : latest,
  };

  // The hero's figures (these queries are shared with the sections through the result cache).
  const [hs4, destinations, sections, eci] = await Promise.all([
    kind === "country" ? loadHs4Exports(ctx) : null,
    loadPartners(ctx, "exports"),
    load({ cube: SECTIONS_CUBE, drilldowns: ["Section"], cuts: [{ level: kind === "country" ? "Exporter Country" : "Exporter Continent", ids: [id] }, { level: "Year", ids: [latest] }], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    loadEci(ctx),
  ]);
  const exportsLatest = yearValue(exportsSeries.rows, latest);
  const importsLatest = yearValue(importsSeries.rows, latest);
  const balance = exportsLatest - importsLatest;
  const hs4Items = hs4 ? items(hs4.rows, "HS4") : [];
  const topProduct = hs4Items[0] ?? items(sections.rows, "Section")[0];
  const topProductTotal = hs4Items.length && hs4 ? total(hs4.rows) : exportsLatest;
  const productYear = hs4Items.length ? 2018 : latest;
  const topPartner = items(destinations.rows, "Importer Country")[0];
  const eciRow = eci?.row;

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
          ...(topProduct ? [{ label: t("stats.topExport", { year: productYear }), value: formatMoney(topProduct.value, locale), detail: topProduct.name, testId: "stat-top-export" }] : []),
          ...(topPartner ? [{ label: t("stats.topDestination", { year: latest }), value: formatMoney(topPartner.value, locale), detail: topPartner.name, testId: "stat-top-destination" }] : []),
          ...(eciRow ? [{ label: t("stats.eciRank", { year: COMPLEXITY_YEAR }), value: `${eciRow["ECI Rank"]} / ${eci?.count ?? 0}`, detail: `ECI ${Number(eciRow.ECI).toFixed(2)}`, testId: "stat-eci-rank" }] : []),
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
          {latest < 2018 ? ` ${t("country.formerCountry", { name, year: latest })}` : null}
        </Text>
      </ProfileHero>
      <Container size="lg" py="xl">
        <ProfileSections modules={COUNTRY_SECTIONS} ctx={ctx} locale={locale} />
      </Container>
    </>
  );
}
