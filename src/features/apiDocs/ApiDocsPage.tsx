import { Anchor, Badge, Code, Group, Paper, SimpleGrid, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Tabs, TabsList, TabsPanel, TabsTab, Text, Title } from "@mantine/core";
import { getFormatter, getTranslations } from "next-intl/server";
import { DocPage } from "@/features/shell/DocPage";
import { yearsLabel } from "@/domain/format/years";
import type { Locale } from "@/domain/i18n/locales";
import { exampleQuery, openApiDocument } from "@/server/api/openapi";
import { dataCatalog, tradeYears } from "@/server/catalog/catalog";
import { listCubes } from "@/server/warehouse/client";
import { CUBES, cubeLevels } from "@/server/warehouse/registry";
import { TryQuery } from "./TryQuery";

interface Parameter {
  name: string;
  required?: boolean;
  schema: { type?: string; enum?: string[] };
}

/** The query every quick-start snippet runs: Chile's exports by product section, newest year, on the cube the catalogue names for it. */
function quickQuery(cube: string): string {
  return `/api/data?${new URLSearchParams({ cube, drilldowns: "Section", cut: "Exporter Country=chl", time: "latest", sort: "Trade Value.desc" }).toString()}`;
}

function snippets(origin: string, query: string): Record<"curl" | "python" | "r" | "javascript", string> {
  const url = `${origin}${query}`;
  return {
    curl: `curl "${url}"\ncurl "${url}&format=csv" -o chile.csv`,
    python: `import pandas as pd\nimport requests\n\nanswer = requests.get("${url}").json()\nrows = pd.DataFrame(answer["data"])\nprint(rows.head())`,
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
  const [t, format, catalog, cubes, sections] = await Promise.all([getTranslations({ locale, namespace: "apiDocs" }), getFormatter({ locale }), dataCatalog(), listCubes(locale), tradeYears({ depth: "section", bilateral: true })]);
  const doc = openApiDocument(limits) as { paths: Record<string, { get: { parameters?: Parameter[]; responses: Record<string, unknown> } }> };
  const data = doc.paths["/api/data"].get;
  const yearsByCube = new Map<string, number[]>();
  for (const e of catalog.entries) yearsByCube.set(e.cube, [...(yearsByCube.get(e.cube) ?? []), e.year]);
  // The cubes this warehouse holds (as /api/cubes says); years from the catalogue where it lists the cube.
  const available = new Set(cubes.filter((c) => (c as { available?: boolean }).available).map((c) => c.name));
  const loaded = CUBES.filter((c) => available.has(c.name));
  const quick = sections.at(-1) ? quickQuery(sections.at(-1)!.cube) : (loaded[0] ? exampleQuery(loaded[0]) : "/api/data");
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

        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="quick-start">
          <Title order={2} size="h3" id="quick-start" mb="sm">
            {t("quickStart")}
          </Title>
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
                <Code block data-testid={`snippet-${k}`}>
                  {code[k]}
                </Code>
              </TabsPanel>
            ))}
          </Tabs>
        </Paper>

        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="try">
          <Title order={2} size="h3" id="try" mb="sm">
            {t("tryTitle")}
          </Title>
          <Text mb="sm">{t("tryText")}</Text>
          <TryQuery initial={quick} labels={{ url: t("tryUrl"), run: t("tryRun"), rows: t.raw("tryRows") as string, failed: t("tryOnlyData") }} />
        </Paper>

        <section aria-labelledby="parameters">
          <Title order={2} size="h3" id="parameters" mb="sm">
            {t("parametersTitle")}
          </Title>
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
        </section>

        <section aria-labelledby="limits" data-testid="api-limits">
          <Title order={2} size="h3" id="limits" mb="sm">
            {t("limitsTitle")}
          </Title>
          <Text mb="sm">{t("limitsText", { anonymous: format.number(limits.anonymousPerMinute), key: format.number(limits.keyPerMinute), pro: format.number(limits.proKeyPerMinute) })}</Text>
          <Text mb="sm">{t("limitsKeys")}</Text>
          <Code block mb="sm">{`curl -H "Authorization: Bearer oto_…" "${origin}${quick}"\ncurl -H "X-API-Key: oto_…" "${origin}${quick}"`}</Code>
          <Text mb="sm">
            <Anchor href={`/${locale}/account`}>{t("limitsAccount")}</Anchor>
          </Text>
          <Text size="sm" c="dimmed">
            {t("limitsCors")}
          </Text>
        </section>

        <section aria-labelledby="tesseract" data-testid="api-tesseract">
          <Title order={2} size="h3" id="tesseract" mb="sm">
            {t("tesseractTitle")}
          </Title>
          <Text mb="sm">{t("tesseractText")}</Text>
          <Code block>{`import { Client } from "@datawheel/olap-client";\n\nconst client = await Client.fromURL("${origin}/api/tesseract/");\nconst cube = await client.getCube("${loaded[0]?.name ?? "trade_i_ots_a_sections"}");\nconst { data } = await client.execQuery(cube.query.addDrilldown("Year").addMeasure("${loaded[0]?.defaultMeasure ?? "Trade Value"}"));`}</Code>
        </section>

        <section aria-labelledby="errors">
          <Title order={2} size="h3" id="errors" mb="sm">
            {t("errorsTitle")}
          </Title>
          <Text mb="sm">{t("errorsText")}</Text>
          <Code block mb="sm">{`{ "error": { "code": "unknown_parameter", "message": "…", "parameter": "cut" } }`}</Code>
          <Stack gap={4} data-testid="api-errors">
            {Object.keys(data.responses)
              .filter((s) => s !== "200")
              .map((status) => (
                <Text key={status} size="sm">
                  <Code>{status}</Code> {t(`status.${status}`)}
                </Text>
              ))}
          </Stack>
        </section>

        <section aria-labelledby="cubes">
          <Title order={2} size="h3" id="cubes" mb="sm">
            {t("cubesTitle")}
          </Title>
          <Text mb="md">{t("cubesText", { count: loaded.length })}</Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="api-cubes">
            {loaded.map((cube) => (
              <Paper key={cube.name} withBorder radius="md" p="md" data-cube={cube.name}>
                <Text fw={700}>{cube.caption[locale] || cube.caption.en}</Text>
                <Code>{cube.name}</Code>
                {yearsByCube.has(cube.name) ? (
                  <Text size="sm" mt="xs">
                    <strong>{t("years")}</strong> {yearsLabel([...new Set(yearsByCube.get(cube.name))].sort((a, b) => a - b))}
                  </Text>
                ) : null}
                <Text size="sm">
                  <strong>{t("levels")}</strong> {cubeLevels(cube).map((l) => l.name).join(", ")}
                </Text>
                <Text size="sm">
                  <strong>{t("measures")}</strong> {cube.measures.map((m) => m.name).join(", ")}
                </Text>
                <Anchor href={exampleQuery(cube)} size="sm" ff="monospace" style={{ wordBreak: "break-all" }} data-testid="cube-example">
                  {decodeURIComponent(exampleQuery(cube).replace(/\+/g, " "))}
                </Anchor>
              </Paper>
            ))}
          </SimpleGrid>
        </section>

        <section aria-labelledby="licences">
          <Title order={2} size="h3" id="licences" mb="sm">
            {t("licencesTitle")}
          </Title>
          <Text>{t("licencesText")}</Text>
          <Text mt="xs">{t("citeText")}</Text>
        </section>
    </DocPage>
  );
}
