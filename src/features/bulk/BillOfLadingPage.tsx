import { Alert } from "@mantine/core";
import { Anchor, List, ListItem, SimpleGrid, Stack, Table, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { DocPage, DocSection } from "@/features/shell/DocPage";
import { TextLink } from "@/features/shell/AppLink";
import { OperatorDocLine } from "@/features/shell/OperatorDocLine";
import { yearsLabel } from "@/domain/format/years";
import { formatNumber } from "@/domain/format";
import { billOfLadingSummary, BOL_API_QUERY, type BolRanking } from "@/server/bulk/billOfLading";

function Ranking({ title, rows, count, locale }: { title: string; rows: BolRanking[]; count: string; locale: Locale }) {
  return (
    <Table striped>
      <TableThead>
        <TableTr>
          <TableTh>{title}</TableTh>
          <TableTh ta="end">{count}</TableTh>
        </TableTr>
      </TableThead>
      <TableTbody>
        {rows.map((r) => (
          <TableTr key={r.id}>
            <TableTd>{r.name}</TableTd>
            <TableTd ta="end">{formatNumber(r.shipments, locale)}</TableTd>
          </TableTr>
        ))}
      </TableTbody>
    </Table>
  );
}

/** What the site holds that answers part of a shipment question: trade between two countries, by product. */
const MEANWHILE = [
  { key: "bilateral", path: "/profile/bilateral-country" },
  { key: "bilateralProduct", path: "/profile/bilateral-product" },
  { key: "international", path: "/resources/bulk-download/international" },
] as const;

/**
 * /resources/bulk-download/bill-of-lading, for visitors: why there is no shipment data, where it
 * exists, and what the site has instead. The layout an operator imports is in docs/bill-of-lading.md.
 */
export async function BillOfLadingPage({ locale }: { locale: Locale }) {
  const [t, summary] = await Promise.all([getTranslations({ locale, namespace: "bulk" }), billOfLadingSummary(locale)]);
  const sources = ["us", "latam", "commercial"] as const;
  return (
    <DocPage
      title={t("titles.billOfLading")}
      lead={t("leads.billOfLading")}
      gap="lg"
      intro={
        <TextLink href={`/${locale}/resources/bulk-download/international`} underline="hover">
          {t("titles.international")}
        </TextLink>
      }
    >
      {summary ? (
        <DocSection id="bol-loaded" title={t("bol.loadedTitle")} framed testId="bol-loaded">
          <Text mb="sm">{t("bol.loaded", { shipments: summary.shipments, years: yearsLabel(summary.years) })}</Text>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" style={{ alignItems: "start" }}>
            <Ranking title={t("bol.origins")} rows={summary.origins} count={t("bol.count")} locale={locale} />
            <Ranking title={t("bol.destinations")} rows={summary.destinations} count={t("bol.count")} locale={locale} />
            <Ranking title={t("bol.chapters")} rows={summary.chapters} count={t("bol.count")} locale={locale} />
          </SimpleGrid>
          <Anchor href={BOL_API_QUERY} size="sm" mt="sm" display="inline-block">
            {t("bol.query")}
          </Anchor>
        </DocSection>
      ) : (
        <Alert color="yellow" title={t("bol.noneTitle")} data-testid="bol-none">
          {t("bol.none")}
        </Alert>
      )}
      <DocSection id="bol-sources" title={t("bol.sourcesTitle")} framed>
        <Stack gap="sm" data-testid="bol-sources">
          {sources.map((s) => (
            <div key={s}>
              <Text fw={600}>{t(`bol.sources.${s}Title`)}</Text>
              <Text size="sm">{t(`bol.sources.${s}`)}</Text>
            </div>
          ))}
        </Stack>
      </DocSection>
      <DocSection id="bol-meanwhile" title={t("bol.meanwhileTitle")} framed testId="bol-meanwhile">
        <List size="sm" spacing={4}>
          {MEANWHILE.map((item) => (
            <ListItem key={item.path}>
              <TextLink href={`/${locale}${item.path}`}>{t(`bol.meanwhile.${item.key}`)}</TextLink>
            </ListItem>
          ))}
        </List>
        <Text size="sm" mt="sm" c="dimmed">
          {t("bol.contact")}
        </Text>
      </DocSection>
      <OperatorDocLine locale={locale} doc="bill-of-lading" />
    </DocPage>
  );
}
