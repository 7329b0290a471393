/**
 * /company-explorer (PREMIUM). The server decides who sees the tool (server/auth/featureAccess.ts,
 * from the plans list). PREMIUM accounts filter the imported companies by country and product,
 * sort them by value or name, page through them and download the filtered list as CSV. Everyone
 * else gets the gate and, below it, a real preview: the largest companies the site holds. With no
 * company file imported, both say so in one sentence.
 */
import { Button } from "@mantine/core";
import { Group, Stack, Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { companySearch, parseCompanyQuery, type CompanyQuery } from "@/domain/companies/explorer";
import { formatNumber } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import { featureAccess } from "@/server/auth/featureAccess";
import { loadCompanyExplorer } from "@/server/entities/companies";
import { TextLink } from "@/features/shell/AppLink";
import { DocPage } from "@/features/shell/DocPage";
import { ProGate } from "@/features/shell/ProGate";
import { CompanyFilters } from "./CompanyFilters";
import { CompanyPreview } from "./CompanyPreview";
import { CompanyTable } from "./CompanyTable";
import { NoCompanies } from "./NoCompanies";

type SearchParams = Record<string, string | string[] | undefined>;

function Pager({ locale, query, page, pages, labels }: { locale: Locale; query: CompanyQuery; page: number; pages: number; labels: { previous: string; next: string; page: string } }) {
  if (pages <= 1) return null;
  const href = (to: number) => {
    const search = companySearch({ ...query, page: to });
    return `/${locale}/company-explorer${search ? `?${search}` : ""}`;
  };
  return (
    <Group gap="md" component="nav" aria-label={labels.page} data-testid="company-pages">
      {page > 1 && (
        <TextLink href={href(page - 1)}>
          {labels.previous}
        </TextLink>
      )}
      <Text size="sm">{labels.page}</Text>
      {page < pages && (
        <TextLink href={href(page + 1)}>
          {labels.next}
        </TextLink>
      )}
    </Group>
  );
}

export async function CompanyExplorerPage({ locale, searchParams }: { locale: Locale; searchParams: SearchParams }) {
  const [t, access] = await Promise.all([getTranslations({ locale, namespace: "companyExplorer" }), featureAccess("companyExplorer")]);
  if (!access.allowed) {
    return (
      <>
        <ProGate
          locale={locale}
          title={t("title")}
          kind={t("kind")}
          holds={[t("holds.filter"), t("holds.sort"), t("holds.export")]}
          returnPath={`/${locale}/company-explorer`}
          feature="companyExplorer"
          signedIn={access.signedIn}
          current={access.plan}
        />
        <CompanyPreview locale={locale} />
      </>
    );
  }

  // What cannot be read is ignored: the list starts from the defaults for it.
  const { query } = parseCompanyQuery(searchParams);
  const data = await loadCompanyExplorer(query, locale);
  const shown = { ...query, page: data.page };
  const exportSearch = companySearch(shown, { page: false });
  return (
    <DocPage title={t("title")} lead={t("lead")} gap="lg">
      {!data.loaded ? (
        <NoCompanies locale={locale} />
      ) : (
        <Stack gap="md" data-testid="company-explorer">
          <CompanyFilters locale={locale} query={shown} countries={data.countries} products={data.products} />
          <Group justify="space-between" align="center">
            <Text size="sm" data-testid="company-count">
              {t("count", { total: formatNumber(data.total, locale), count: formatNumber(data.count, locale) })}
            </Text>
            {data.total > 0 && (
              <Button component="a" href={`/api/companies.csv?${new URLSearchParams([...new URLSearchParams(exportSearch), ["locale", locale]])}`} download variant="light" size="xs" data-testid="company-csv">
                {t("download")}
              </Button>
            )}
          </Group>
          {data.total === 0 ? (
            <Text c="dimmed" data-testid="company-no-match">
              {t("noMatch")}
            </Text>
          ) : (
            <CompanyTable locale={locale} query={shown} rows={data.rows} />
          )}
          <Pager locale={locale} query={shown} page={data.page} pages={data.pages} labels={{ previous: t("previous"), next: t("next"), page: t("page", { page: data.page, pages: data.pages }) }} />
          <Text size="xs" c="dimmed" data-testid="company-source">
            {t("source")}
          </Text>
        </Stack>
      )}
    </DocPage>
  );
}
