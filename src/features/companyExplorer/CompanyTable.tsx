import { Group, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { companySearch, sortedBy, type CompanyQuery, type CompanySort } from "@/domain/companies/explorer";
import { entityDef, entityProfilePath } from "@/domain/entities/entities";
import { formatUsd } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import type { CompanyRow } from "@/server/entities/companies";
import { TextLink } from "@/features/shell/AppLink";

const COMPANY = entityDef("company");

function SortHeader({ locale, query, sort, label, end = false }: { locale: Locale; query: CompanyQuery; sort: CompanySort; label: string; end?: boolean }) {
  const active = query.sort === sort;
  const search = companySearch(sortedBy(query, sort));
  const arrow = active ? (query.direction === "asc" ? " ↑" : " ↓") : "";
  return (
    <TableTh ta={end ? "right" : undefined} aria-sort={active ? (query.direction === "asc" ? "ascending" : "descending") : undefined} style={{ whiteSpace: "nowrap" }}>
      <TextLink href={`/${locale}/company-explorer${search ? `?${search}` : ""}`} underline="hover" c="inherit" data-sort={sort}>
        {label}
        {arrow}
      </TextLink>
    </TableTh>
  );
}

/** One page of companies: name (to its profile), country, product, exports and their year; sortable by name and value. */
export async function CompanyTable({ locale, query, rows }: { locale: Locale; query: CompanyQuery; rows: CompanyRow[] }) {
  const t = await getTranslations({ locale, namespace: "companyExplorer" });
  return (
    <TableScrollContainer minWidth={640}>
      <Table striped highlightOnHover data-testid="company-table">
        <TableThead>
          <TableTr>
            <SortHeader locale={locale} query={query} sort="name" label={t("columns.name")} />
            <TableTh>{t("columns.country")}</TableTh>
            <TableTh>{t("columns.product")}</TableTh>
            <SortHeader locale={locale} query={query} sort="value" label={t("columns.value")} end />
            <TableTh ta="right">{t("columns.year")}</TableTh>
          </TableTr>
        </TableThead>
        <TableTbody>
          {rows.map((row) => (
            <TableTr key={row.id} data-company={row.id}>
              <TableTd>
                <TextLink href={`/${locale}${entityProfilePath(COMPANY, row.id)}`} underline="hover">
                  {row.name}
                </TextLink>
              </TableTd>
              <TableTd>{row.countryName ?? row.country.toUpperCase()}</TableTd>
              <TableTd>
                {row.hs4 ? (
                  <Group gap={6} wrap="nowrap">
                    <Text size="xs" c="dimmed" ff="monospace">
                      {row.hs4}
                    </Text>
                    <Text size="sm">{row.productName ?? ""}</Text>
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t("notStated")}
                  </Text>
                )}
              </TableTd>
              <TableTd ta="right" style={{ whiteSpace: "nowrap" }}>
                {row.value === null ? t("notStated") : formatUsd(row.value, locale, { compact: true })}
              </TableTd>
              <TableTd ta="right">{row.year}</TableTd>
            </TableTr>
          ))}
        </TableTbody>
      </Table>
    </TableScrollContainer>
  );
}
