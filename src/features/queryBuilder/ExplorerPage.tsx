/**
 * The data explorer (/explorer, PRO): who sees what is decided here, on the server. PRO users get
 * the query builder with its messages; everyone else the PRO gate with a real, read-only sample (one
 * fixed query's answer and its API URL, chosen from the cubes the warehouse holds).
 */
import { Alert, Card, Code } from "@mantine/core";
import { Badge, Container, Group, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from "@/features/ui/static";
import { NextIntlClientProvider } from "next-intl";
import { getTranslations } from "next-intl/server";
import { decodeState } from "@/domain/queryBuilder/codec";
import { formatCell } from "@/domain/queryBuilder/cube";
import type { Locale } from "@/domain/i18n/locales";
import { pageMessages } from "@/i18n/clientMessages";
import { loadMessages } from "@/i18n/messages";
import { ProGate } from "@/features/shell/ProGate";
import { proAccess } from "@/server/auth/proAccess";
import { explorerCubes, explorerSample } from "@/server/queryBuilder/cubes";
import { warehouseStatus } from "@/server/catalog/status";
import { QueryBuilder } from "./QueryBuilder";

type SearchParams = Record<string, string | string[] | undefined>;

export async function ExplorerPage({ locale, searchParams }: { locale: Locale; searchParams: SearchParams }) {
  const [t, access] = await Promise.all([getTranslations({ locale, namespace: "queryBuilder" }), proAccess()]);
  if (!access.allowed) return <ExplorerPreview locale={locale} signedIn={access.signedIn} />;
  const [cubes, messages] = await Promise.all([explorerCubes(locale).catch(() => []), loadMessages(locale)]);
  return (
    <Container size="xl" py={{ base: "md", sm: "xl" }} data-testid="query-builder">
      <Stack gap="lg">
        <Stack gap={6}>
          <Group gap="xs">
            <Badge color="teal" variant="filled" radius="sm">
              PRO
            </Badge>
          </Group>
          <Title order={1} data-testid="qb-title">
            {t("title")}
          </Title>
          <Text size="lg" maw={820}>
            {t("lead")}
          </Text>
        </Stack>
        {cubes.length === 0 ? (
          <Alert color="gray" data-testid="qb-no-data">
            {t("errors.noData", { path: warehouseStatus().path })}
          </Alert>
        ) : (
          <NextIntlClientProvider messages={pageMessages(messages, ["queryBuilder"])}>
            <QueryBuilder cubes={cubes} initial={decodeState(searchParams)} cubeAsked={Boolean(searchParams.cube)} locale={locale} />
          </NextIntlClientProvider>
        )}
      </Stack>
    </Container>
  );
}

async function ExplorerPreview({ locale, signedIn }: { locale: Locale; signedIn: boolean }) {
  const [t, sample] = await Promise.all([getTranslations({ locale, namespace: "queryBuilder" }), explorerSample(locale).catch(() => null)]);
  const measures = sample ? sample.query.measures ?? [] : [];
  return (
    <>
      <ProGate
        locale={locale}
        title={t("title")}
        kind={t("preview.kind")}
        holds={[t("preview.holds1"), t("preview.holds2"), t("preview.holds3"), t("preview.holds4")]}
        returnPath={`/${locale}/explorer`}
        feature="dataExplorer"
        signedIn={signedIn}
      />
      {sample && (
        <Container size="md" pb={{ base: 32, sm: 56 }}>
          <Card withBorder radius="md" padding="lg" data-testid="qb-preview">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t("preview.sampleTitle")}
              </Title>
              <Text size="sm" c="dimmed">
                {t("preview.sampleLead", { cube: sample.cube.caption, years: sample.response.source.years.join(", ") })}
              </Text>
              <Text size="sm" fw={600}>
                {t("api.url")}
              </Text>
              <Code block data-testid="qb-preview-url" style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
                {sample.apiUrl}
              </Code>
              <TableScrollContainer minWidth={360}>
                <Table striped withTableBorder fz="sm" data-testid="qb-preview-table">
                  <TableThead>
                    <TableTr>
                      {sample.response.columns.map((c) => (
                        <TableTh key={c} ta={measures.includes(c) ? "right" : undefined}>
                          {c}
                        </TableTh>
                      ))}
                    </TableTr>
                  </TableThead>
                  <TableTbody>
                    {sample.response.data.map((row, i) => (
                      <TableTr key={i}>
                        {sample.response.columns.map((c) => (
                          <TableTd key={c} ta={measures.includes(c) ? "right" : undefined}>
                            {formatCell(c, row[c], locale, measures)}
                          </TableTd>
                        ))}
                      </TableTr>
                    ))}
                  </TableTbody>
                </Table>
              </TableScrollContainer>
            </Stack>
          </Card>
        </Container>
      )}
    </>
  );
}
