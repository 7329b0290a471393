import { Code, Tabs, TabsList, TabsPanel, TabsTab } from "@mantine/core";
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from "@/features/ui/static";
import { getFormatter, getTranslations } from "next-intl/server";
import { DocPage, DocSection } from "@/features/shell/DocPage";
import { yearsLabel } from "@/domain/format/years";
import type { Locale } from "@/domain/i18n/locales";
import { openApiDocument } from "@/server/api/openapi";
import { loadApiReference } from "@/server/api/reference";
import { CodeBlock } from "./CodeBlock";
import { TryQuery } from "./TryQuery";

interface Parameter {
  name: string;
  required?: boolean;
  schema: { type?: string; enum?: string[] };
}

function snippets(origin: string, query: string): Record<"curl" | "python" | "r" | "javascript", string> {
  const url = `${origin}${query}`;
  return {
    curl: `curl "${url}"\ncurl "${url}&format=csv" -o chile.csv`,
    // format=jsonrecords is a bare array of rows; dtype=False keeps the JSON's types (codes stay text: "0101", not 101).
    python: `import pandas as pd\n\nrows = pd.read_json("${url}&format=jsonrecords", dtype=False)\nprint(rows.head())`,
    r: `library(jsonlite)\n\nanswer <- fromJSON("${url}")\nhead(answer$data)\nrows <- read.csv("${url}&format=csv")`,
    javascript: `const response = await fetch("${url}");\nconst { data, source } = await response.json();\nconsole.table(data);\nconsole.log(source.annotations.licence);`,
  };
}

/**
 * /resources/api: the API for people, rendered from the OpenAPI document and the registry (the
 * parameters, the cubes with their levels and measures, the errors) and the catalogue (the years
 * each cube holds in this warehouse); explanations from the messages in the page's language.
 */
export async function ApiDocsPage({ locale, origin, limits }: { locale: Locale; origin: string; limits: { anonymousPerMinute: number; keyPerMinute: number; proKeyPerMinute: number } }) {
  const [t, format, reference] = await Promise.all([getTranslations({ locale, namespace: "apiDocs" }), getFormatter({ locale }), loadApiReference(locale)]);
  const doc = openApiDocument(limits) as { paths: Record<string, { get: { parameters?: Parameter[]; responses: Record<string, unknown> } }> };
  const data = doc.paths["/api/data"].get;
  // The cubes this warehouse holds, the snippets' cube and the quick-start query (server/api/reference.ts).
  const { cubes: loaded, snippetCube, quickQuery: quick } = reference;
  const code = snippets(origin, quick);
  return (
    <DocPage title={t("title")} lead={t("lead")}
      intro={
        <>
          <Group gap="md">
            <Anchor href="/api/openapi.json" data-testid="openapi-link">
              {t("openapi")}
            </Anchor>
            <Anchor href={`/${locale}/data-availability`}>{t("availability")}</Anchor>
          </Group>
        </>
      }
    >

        <DocSection id="quick-start" title={t("quickStart")} framed>
          <Text mb="sm">{t("quickStartText")}</Text>
          <Tabs defaultValue="curl" keepMounted>
            <TabsList aria-label={t("languages")}>
              {(["curl", "python", "r", "javascript"] as const).map((k) => (
                <TabsTab key={k} value={k}>
                  {t(`lang.${k}`)}
                </TabsTab>
              ))}
            </TabsList>
            {(["curl", "python", "r", "javascript"] as const).map((k) => (
              <TabsPanel key={k} value={k} pt="sm">
                <CodeBlock label={t("codeLabels.snippet", { language: t(`lang.${k}`) })} testId={`snippet-${k}`}>
                  {code[k]}
                </CodeBlock>
              </TabsPanel>
            ))}
          </Tabs>
        </DocSection>

        <DocSection id="try" title={t("tryTitle")} framed>
          <Text mb="sm">{t("tryText")}</Text>
          <TryQuery initial={quick} labels={{ url: t("tryUrl"), run: t("tryRun"), rows: t.raw("tryRows") as string, failed: t("tryOnlyData") }} />
        </DocSection>

        <DocSection id="parameters" title={t("parametersTitle")}>
          <Text mb="sm">{t("parametersText")}</Text>
          <TableScrollContainer minWidth={560} type="native">
            <Table striped withTableBorder data-testid="api-parameters">
              <TableThead>
                <TableTr>
                  <TableTh>{t("parameter")}</TableTh>
                  <TableTh>{t("meaning")}</TableTh>
                </TableTr>
              </TableThead>
              <TableTbody>
                {(data.parameters ?? []).map((p) => (
                  <TableTr key={p.name}>
                    <TableTd>
                      <Code>{p.name}</Code> {p.required ? <Badge size="xs" variant="light">{t("required")}</Badge> : null}
                    </TableTd>
                    <TableTd>{t(`params.${p.name}`)}</TableTd>
                  </TableTr>
                ))}
              </TableTbody>
            </Table>
          </TableScrollContainer>
        </DocSection>

        <DocSection id="limits" title={t("limitsTitle")} testId="api-limits">
          <Text mb="sm">{t("limitsText", { anonymous: format.number(limits.anonymousPerMinute), key: format.number(limits.keyPerMinute), pro: format.number(limits.proKeyPerMinute) })}</Text>
          <Text mb="sm">{t("limitsKeys")}</Text>
          <CodeBlock label={t("codeLabels.keys")} mb="sm">{`curl -H "Authorization: Bearer oto_…" "${origin}${quick}"\ncurl -H "X-API-Key: oto_…" "${origin}${quick}"`}</CodeBlock>
          <Text mb="sm">
            <Anchor href={`/${locale}/account`}>{t("limitsAccount")}</Anchor>
          </Text>
          <Text size="sm" c="dimmed">
            {t("limitsCors")}
          </Text>
        </DocSection>

        <DocSection id="tesseract" title={t("tesseractTitle")} testId="api-tesseract">
          <Text mb="sm">{t("tesseractText")}</Text>
          {snippetCube ? (
            <CodeBlock label={t("codeLabels.tesseract")}>{`import { Client } from "@datawheel/olap-client";\n\nconst client = await Client.fromURL("${origin}/api/tesseract/");\nconst cube = await client.getCube("${snippetCube.name}");\nconst { data } = await client.execQuery(cube.query.addDrilldown("${snippetCube.timeLevel}").addMeasure("${snippetCube.defaultMeasure}"));`}</CodeBlock>
          ) : null}
        </DocSection>

        <DocSection id="errors" title={t("errorsTitle")}>
          <Text mb="sm">{t("errorsText")}</Text>
          <CodeBlock label={t("codeLabels.error")} mb="sm">{`{ "error": { "code": "unknown_parameter", "message": "…", "parameter": "cut" } }`}</CodeBlock>
          <Stack gap={4} data-testid="api-errors">
            {Object.keys(data.responses)
              .filter((s) => s !== "200")
              .map((status) => (
                <Text key={status} size="sm">
                  <Code>{status}</Code> {t(`status.${status}`)}
                </Text>
              ))}
          </Stack>
        </DocSection>

        <DocSection id="cubes" title={t("cubesTitle")}>
          <Text mb="md">{t("cubesText", { count: loaded.length })}</Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="api-cubes">
            {loaded.map((cube) => (
              <Paper key={cube.name} withBorder radius="md" p="md" data-cube={cube.name}>
                <Text fw={700}>{cube.caption}</Text>
                <Code>{cube.name}</Code>
                {cube.years.length > 0 ? (
                  <Text size="sm" mt="xs">
                    <strong>{t("years")}</strong> {yearsLabel(cube.years)}
                  </Text>
                ) : null}
                <Text size="sm">
                  <strong>{t("levels")}</strong> {cube.levels.join(", ")}
                </Text>
                <Text size="sm">
                  <strong>{t("measures")}</strong> {cube.measures.join(", ")}
                </Text>
                <Anchor href={cube.example} size="sm" ff="monospace" style={{ wordBreak: "break-all" }} data-testid="cube-example">
                  {decodeURIComponent(cube.example.replace(/\+/g, " "))}
                </Anchor>
              </Paper>
            ))}
          </SimpleGrid>
        </DocSection>

        <DocSection id="licences" title={t("licencesTitle")}>
          <Text>{t("licencesText")}</Text>
          <Text mt="xs">{t("citeText")}</Text>
        </DocSection>
    </DocPage>
  );
}
