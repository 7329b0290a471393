import { Code } from "@mantine/core";
import { Anchor, Badge, Group, Paper, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { DocPage } from "@/features/shell/DocPage";
import { formatNumber } from "@/domain/format";
import { yearsLabel } from "@/domain/format/years";
import type { Locale } from "@/domain/i18n/locales";
import { dataSources } from "@/server/dataSources/sources";
import { licenceKey } from "@/features/dataAvailability/licences";

const KINDS = ["goods", "services", "subnational", "indicators", "complexity"];

/** Links only to web addresses (a source path can also be "npm package ..."). */
const isWebLink = (path: string | null): path is string => Boolean(path && /^https?:\/\//.test(path));

/** /data-sources: every source in the warehouse, from the registry, the catalogue and datapackage.json. */
export async function DataSourcesPage({ locale }: { locale: Locale }) {
  const [t, tl, { entries, packageFound }] = await Promise.all([
    getTranslations({ locale, namespace: "dataSources" }),
    getTranslations({ locale, namespace: "dataAvailability.licences" }),
    dataSources(locale),
  ]);
  const licence = (text: string | null) => {
    const key = licenceKey(text);
    return key ? tl(key) : (text ?? "–");
  };
  return (
    <DocPage title={t("title")} lead={t("lead")}
      intro={
        <>
          <Group gap="md">
            <Anchor href={`/${locale}/data-availability`}>{t("availability")}</Anchor>
            <Anchor href={`/${locale}/resources/api`}>{t("api")}</Anchor>
          </Group>
          {!packageFound && (
            <Text size="sm" c="dimmed" data-testid="no-package">
              {t("noPackage")}
            </Text>
          )}
        </>
      }
    >
        {entries.map((e) => (
          <Paper key={e.cube} withBorder radius="md" p="lg" component="section" data-source={e.cube} aria-labelledby={`src-${e.cube}`}>
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start">
                <Title order={2} size="h4" id={`src-${e.cube}`}>
                  {e.caption}
                </Title>
                <Badge variant="light">{KINDS.includes(e.kind) ? t(`kinds.${e.kind}`) : t("kinds.other")}</Badge>
              </Group>
              <Text size="sm">{e.description}</Text>
              <Text size="sm">
                <strong>{t("publisher")}</strong>{" "}
                {/* The package's own words (datapackage.json), quoted as they are: marked English. */}
                {isWebLink(e.sourceLink) ? (
                  <Anchor href={e.sourceLink} target="_blank" rel="noopener noreferrer" underline="always" lang="en">
                    {e.sourceName ?? e.sourceLink}
                  </Anchor>
                ) : (
                  <span lang="en">{e.sourceName ?? "–"}</span>
                )}
              </Text>
              <Text size="sm" data-testid="licence">
                <strong>{t("licence")}</strong> {licence(e.licence)}
              </Text>
              {e.years.length > 0 && (
                <Text size="sm" data-testid="coverage">
                  <strong>{t("coverage")}</strong> {yearsLabel(e.years)}
                </Text>
              )}
              <Text size="sm">
                <strong>{t("usedFor")}</strong> {KINDS.includes(e.kind) ? t(`uses.${e.kind}`) : t("uses.other")}
              </Text>
              {e.attribution && (
                <Text size="sm">
                  <strong>{t("cite")}</strong> <Code>{e.attribution}</Code>
                </Text>
              )}
              <Text size="sm">
                <strong>{t("cube")}</strong> <Code>{e.cube}</Code>
              </Text>
              {e.resources.length > 0 && (
                <TableScrollContainer minWidth={640} type="native">
                  <Table withTableBorder fz="xs" data-testid="resources">
                    <TableThead>
                      <TableTr>
                        <TableTh>{t("resource")}</TableTh>
                        <TableTh ta="right">{t("rows")}</TableTh>
                        <TableTh>{t("upstream")}</TableTh>
                      </TableTr>
                    </TableThead>
                    <TableTbody>
                      {e.resources.map((r) => (
                        <TableTr key={r.name}>
                          <TableTd>
                            <Code>{r.name}</Code>
                            {r.title ? (
                              <Text size="xs" lang="en">
                                {r.title}
                              </Text>
                            ) : null}
                            {r.sha256 ? (
                              <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: "break-all" }}>
                                sha256 {r.sha256}
                              </Text>
                            ) : null}
                          </TableTd>
                          <TableTd ta="right">{r.rows !== null ? formatNumber(r.rows, locale) : "–"}</TableTd>
                          <TableTd>
                            <Stack gap={2}>
                              {r.sources.map((s, i) => (
                                <Text key={i} size="xs" lang="en">
                                  {isWebLink(s.path) ? (
                                    <Anchor href={s.path} target="_blank" rel="noopener noreferrer" size="xs" underline="always">
                                      {s.title || s.path}
                                    </Anchor>
                                  ) : (
                                    s.title || s.path
                                  )}
                                  {s.license ? ` (${s.license})` : ""}
                                </Text>
                              ))}
                            </Stack>
                          </TableTd>
                        </TableTr>
                      ))}
                    </TableTbody>
                  </Table>
                </TableScrollContainer>
              )}
            </Stack>
          </Paper>
        ))}
    </DocPage>
  );
}
