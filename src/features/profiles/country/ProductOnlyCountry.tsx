import { Container, Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { profileView } from "@/domain/visualize/profileViews";
import { CompareLink } from "@/features/profiles/CompareLink";
import type { ProductOnlyExports } from "@/server/profiles/country";
import { formatMoney, formatShare } from "../format";
import { ProfileChart } from "../ProfileChart";
import { ProfileHero } from "../ProfileHero";
import { memberImage } from "../rows";
import { SectionFrame } from "../SectionFrame";
import { sourceLine, type SourceNames } from "../sourceNames";
import { YearSelect } from "../YearSelect";

/**
 * A country that only a product dataset holds (Taiwan: the Atlas 2019 file, not the section trade
 * between countries): its exports and top product of one dataset and year, said plainly, and its
 * exports by product. No imports, balance or partners are invented.
 */
export async function ProductOnlyCountry({ locale, id, name, data, names }: { locale: Locale; id: string; name: string; data: ProductOnlyExports; names: SourceNames }) {
  const t = await getTranslations({ locale, namespace: "profiles" });
  const { source, total, top } = data;
  const year = source.year;
  const sourceName = sourceLine(names, [{ source: source.source, vintage: source.vintage }]);
  return (
    <>
      <ProfileHero
        images={[{ src: memberImage("country", id), alt: name }]}
        title={name}
        kind={t("kinds.country")}
        actions={<CompareLink locale={locale} kind="countries" id={id} />}
        stats={[
          { label: t("stats.exports", { year }), value: formatMoney(total.value, locale), testId: "stat-exports" },
          ...(top ? [{ label: t("stats.topExport", { year }), value: formatMoney(top.value.value, locale), detail: top.name, testId: "stat-top-export" }] : []),
        ]}
      >
        <Text size="lg" maw={900} data-testid="overview-text" data-year={year}>
          {t("country.productOnlyText", { year, name, exports: formatMoney(total.value, locale) })}
          {top && (
            <>
              {" "}
              <span data-testid="hero-top-export" data-year={year} data-dataset={source.dataset} data-value={top.value.value} data-total={total.value} data-share={top.share ?? ""}>
                {t("country.heroTopExport", { product: top.name, productValue: formatMoney(top.value.value, locale), productShare: formatShare(top.share, locale), totalKind: "exports", productTotal: "" })}
              </span>
            </>
          )}{" "}
          {t("country.productOnlyNote", { name })}
        </Text>
        <Text size="sm" c="dimmed" data-testid="hero-source">
          {t("country.heroSource", { source: sourceName, year })}
        </Text>
      </ProfileHero>
      <Container size="lg" py="xl">
        <SectionFrame id="exports-by-product" title={t("country.exportsByProduct")} locale={locale} source={{ name: sourceName, years: String(year), apiUrl: data.apiUrl, csvUrl: data.csvUrl }}>
          {data.years.length > 1 ? <YearSelect years={data.years} value={year} param="productYear" label={t("year")} anchor="exports-by-product" /> : null}
          <ProfileChart locale={locale} state={profileView({ chart: "tree_map", country: id, product: "show", time: year, classification: source.classification })} />
        </SectionFrame>
      </Container>
    </>
  );
}
