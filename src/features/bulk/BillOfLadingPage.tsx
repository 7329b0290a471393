import { Alert, Anchor, Code, SimpleGrid, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { BILL_OF_LADING_FIELDS, BILL_OF_LADING_RESOURCE } from "@/domain/bulk/billOfLading";
import type { Locale } from "@/domain/i18n/locales";
import { DocPage, DocSection } from "@/features/shell/DocPage";
import { TextLink } from "@/features/shell/AppLink";
import { yearsLabel } from "@/domain/format/years";
import { billOfLadingSummary, BOL_CUBE, type BolRanking } from "@/server/bulk/billOfLading";

function Ranking({ title, rows, count, locale }: { title: string; rows: BolRanking[]; count: string; locale: Locale }) {
  const format = new Intl.NumberFormat(locale);
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
            <TableTd ta="end">{format.format(r.shipments)}</TableTd>
          </TableTr>
        ))}
      </TableTbody>
    </Table>
  );
}

/** /resources/bulk-download/bill-of-lading: why there is no data, where it exists, the format we will import. */
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
          <Anchor href={`/api/data?${new URLSearchParams({ cube: BOL_CUBE, drilldowns: "Year,Exporter Country,Importer Country", measures: "Shipments,Weight,Declared Value" })}`} size="sm" mt="sm" display="inline-block">
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
      <DocSection id="bol-format" title={t("bol.formatTitle")} framed>
        <Text size="sm" mb="sm">
          {t("bol.format", { resource: BILL_OF_LADING_RESOURCE, cube: BOL_CUBE })}
        </Text>
        <TableScrollContainer minWidth={520} type="native">
          <Table striped data-testid="bol-format">
            <TableThead>
              <TableTr>
                <TableTh>{t("bol.columns.name")}</TableTh>
                <TableTh>{t("bol.columns.type")}</TableTh>
                <TableTh>{t("bol.columns.meaning")}</TableTh>
              </TableTr>
            </TableThead>
            <TableTbody>
              {BILL_OF_LADING_FIELDS.map((f) => (
                <TableTr key={f.name}>
                  <TableTd>
                    <Code>{f.name}</Code>
                    {f.required ? " *" : ""}
                  </TableTd>
                  <TableTd>{f.type}</TableTd>
                  <TableTd>{t(`bol.fields.${f.name}`)}</TableTd>
                </TableTr>
              ))}
            </TableTbody>
          </Table>
        </TableScrollContainer>
        <Text size="xs" mt={4} c="dimmed">
          {t("bol.required")}
        </Text>
        <Text size="sm" mt="sm" c="dimmed">
          {t("bol.contact")}
        </Text>
      </DocSection>
    </DocPage>
  );
}
