import { Alert, Badge, Code, Table, TableTbody, TableTd, TableTh, TableThead, TableTr } from "@mantine/core";
import { Anchor, Group, Paper, Stack, TableScrollContainer, Text, Title } from "@/features/ui/static";
import { getFormatter, getTranslations } from "next-intl/server";
import { loginPath } from "@/domain/auth/paths";
import { BULK_TIERS, bulkUrl, fileSize, isPremiumTier, type BulkPackage, type BulkResource, type BulkTier } from "@/domain/bulk/bulk";
import { formatNumber } from "@/domain/format";
import { yearsLabel } from "@/domain/format/years";
import type { Locale } from "@/domain/i18n/locales";
import { DocPage, DocSection } from "@/features/shell/DocPage";
import { TextLink } from "@/features/shell/AppLink";
import { currentBulk } from "@/server/bulk/files";
import { cubeCaption } from "@/server/catalog/cubes";
import { memberNamesOfLevel } from "@/server/catalog/members";
import { FileLink, PremiumNotice } from "./PremiumGate";

/** One row of a file table: the same subject in both formats. */
interface FileRow {
  key: string;
  label: string;
  csv?: BulkResource;
  parquet?: BulkResource;
}

function rowsOf(resources: BulkResource[], label: (r: BulkResource) => string): FileRow[] {
  const rows = new Map<string, FileRow>();
  for (const r of resources) {
    const key = r.path.replace(/\.(csv\.gz|parquet)$/, "");
    const row = rows.get(key) ?? { key, label: label(r) };
    row[r.format] = r;
    rows.set(key, row);
  }
  return [...rows.values()];
}

function FileTable({ rows, generation, premium, locale, labels, testId }: { rows: FileRow[]; generation: string; premium: boolean; locale: Locale; labels: Record<"subject" | "csv" | "parquet" | "rows" | "sha", string>; testId: string }) {
  return (
    <TableScrollContainer minWidth={640} type="native" mah={560}>
      <Table striped stickyHeader verticalSpacing={6} data-testid={testId}>
        <TableThead>
          <TableTr>
            <TableTh>{labels.subject}</TableTh>
            <TableTh>{labels.csv}</TableTh>
            <TableTh>{labels.parquet}</TableTh>
            <TableTh ta="end">{labels.rows}</TableTh>
            <TableTh>{labels.sha}</TableTh>
          </TableTr>
        </TableThead>
        <TableTbody>
          {rows.map((row) => (
            <TableTr key={row.key} data-testid="bulk-file" data-path={row.csv?.path}>
              <TableTd>{row.label}</TableTd>
              {(["csv", "parquet"] as const).map((f) => (
                <TableTd key={f}>
                  {row[f] ? <FileLink href={bulkUrl(generation, row[f].path)} label={fileSize(row[f].bytes, locale)} premium={premium} testId={`bulk-${f}`} /> : null}
                </TableTd>
              ))}
              <TableTd ta="end" style={{ fontVariantNumeric: "tabular-nums" }}>
                {row.csv ? formatNumber(row.csv.rows, locale) : null}
              </TableTd>
              <TableTd>
                {row.csv ? (
                  <Code title={row.csv.hash} data-testid="bulk-sha" data-hash={row.csv.hash.replace(/^sha256:/, "")}>
                    {row.csv.hash.replace(/^sha256:/, "").slice(0, 12)}…
                  </Code>
                ) : null}
              </TableTd>
            </TableTr>
          ))}
        </TableTbody>
      </Table>
    </TableScrollContainer>
  );
}

/**
 * /resources/bulk-download/{international,national,products}: the export's files for one tier, read
 * from its datapackage.json (sizes, rows, SHA-256) with the catalogue's description of each
 * dataset. The page is the same for everyone; PREMIUM links come alive in the browser for
 * PREMIUM accounts, and the server checks each download.
 */
export async function BulkPage({ locale, tier, origin }: { locale: Locale; tier: BulkTier; origin: string }) {
  const [t, tf, format, { generation, pkg }] = await Promise.all([getTranslations({ locale, namespace: "bulk" }), getTranslations({ locale, namespace: "dataSources" }), getFormatter({ locale }), currentBulk()]);
  const premium = isPremiumTier(tier);
  const resources = pkg ? pkg.resources.filter((r) => r.tier === tier) : [];
  const labels = { subject: t(`subject.${tier}`), csv: t("csv"), parquet: t("parquet"), rows: t("rows"), sha: t("sha") };
  const caption = (cube: string) => cubeCaption(cube, locale);
  const datasetOf = (p: BulkPackage, dataset: string) => p.datasets.find((d) => d.dataset === dataset);
  const path = `/${locale}/resources/bulk-download/${tier}`;
  const sampleUrl = `${origin}${pkg && generation ? bulkUrl(generation, resources[0]?.path ?? "datapackage.json") : "/api/bulk/datapackage.json"}`;
  const byDataset = new Map<string, BulkResource[]>();
  for (const r of resources) byDataset.set(r.dataset, [...(byDataset.get(r.dataset) ?? []), r]);
  const collator = new Intl.Collator(locale);

  // Member names in the page's language (the package holds the English ones).
  const memberLevel = resources.find((r) => r.member)?.member?.level;
  const names = await memberNamesOfLevel(memberLevel, locale);

  const intro = (
    <Stack gap="xs">
      <Group gap="md">
        {pkg && generation ? (
          <Anchor href={bulkUrl(generation, "datapackage.json")} data-testid="bulk-datapackage">
            {t("datapackage")}
          </Anchor>
        ) : null}
        <TextLink href={`/${locale}/data-sources`} underline="hover">
          {t("sources")}
        </TextLink>
        <TextLink href={`/${locale}/resources/api`} underline="hover">
          {t("api")}
        </TextLink>
        {BULK_TIERS.filter((other) => other !== tier)
          .map((other) => (
            <TextLink key={other} href={`/${locale}/resources/bulk-download/${other}`} underline="hover">
              {t(`titles.${other}`)}
            </TextLink>
          ))}
      </Group>
      {pkg ? (
        <Text size="sm" c="dimmed" data-testid="bulk-generation">
          {t("generation", { date: format.dateTime(new Date(pkg.warehouse.builtAt || pkg.created), { dateStyle: "long", timeZone: "UTC" }), generation: pkg.generation })}
        </Text>
      ) : null}
    </Stack>
  );

  return (
    <DocPage title={t(`titles.${tier}`)} lead={t(`leads.${tier}`)} intro={intro} gap="lg">
      {premium ? <PremiumNotice locale={locale} loginPath={loginPath(locale, path)} /> : null}
      {!pkg || !generation ? (
        <Alert color="yellow" title={t("notExportedTitle")} data-testid="bulk-missing">
          {t("notExported")}
        </Alert>
      ) : resources.length === 0 ? (
        <Alert color="gray" data-testid="bulk-empty">
          {t(`empty.${tier}`)}
        </Alert>
      ) : (
        [...byDataset.entries()].map(([dataset, list]) => {
            const d = datasetOf(pkg, dataset);
            const csv = list.filter((r) => r.format === "csv");
            const total = list.reduce((sum, r) => sum + r.bytes, 0);
            const rows = rowsOf(list, (r) => (r.member ? `${names.get(r.member.id) ?? r.member.name} (${r.member.id.toUpperCase()})` : String(r.year)));
            // Countries by name in the page's language; chapters and years in their own order.
            if (list[0]?.member?.level !== "HS2" && list[0]?.member) rows.sort((a, b) => collator.compare(a.label, b.label));
            return (
              <Paper key={dataset} withBorder radius="md" p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={`ds-${dataset}`} data-dataset={dataset}>
                <Stack gap="sm">
                  {/* Badges in the default and auto-contrast variants: a light grey or orange tint is under 4.5:1 in the light scheme. */}
                  <Group gap="xs" align="baseline">
                    <Title order={2} size="h3" id={`ds-${dataset}`}>
                      {caption(list[0]!.cube)}
                    </Title>
                    {d?.classification ? <Badge variant="light">{d.classification.toUpperCase()}</Badge> : null}
                    {d?.depth ? <Badge variant="default">{t(`depth.${d.depth}` as "depth.hs4")}</Badge> : null}
                    {d ? <Badge variant="default">{d.bilateral ? t("bilateral") : t("world")}</Badge> : null}
                    {d?.partial ? <Badge variant="filled" color="yellow" autoContrast>{t("sample")}</Badge> : null}
                  </Group>
                  <Text size="sm">
                    {t("holds", { kind: d ? tf(`kinds.${d.kind}` as "kinds.goods") : "", files: csv.length, years: d ? yearsLabel(d.years) : "", size: fileSize(total, locale) })}
                  </Text>
                  <Text size="sm">
                    <strong>{t("columns")}</strong> {csv[0]?.schema.fields.map((f) => f.name).join(", ")}
                  </Text>
                  <FileTable rows={rows} generation={generation} premium={premium} locale={locale} labels={labels} testId={`bulk-table-${dataset}`} />
                </Stack>
              </Paper>
            );
          })
      )}
      <DocSection id="bulk-howto" title={t("howTitle")} framed>
        <Stack gap="xs">
          <Text size="sm">{t("howRows")}</Text>
          <Text size="sm">{t("howVerify")}</Text>
          <Code block data-testid="bulk-snippet">{`curl -OJ "${sampleUrl}"${premium ? ' -H "Authorization: Bearer oto_…"' : ""}\nsha256sum *.csv.gz *.parquet\n# ${t("howResume")}\ncurl -C - -OJ "${sampleUrl}"`}</Code>
          {premium ? <Text size="sm">{t("howKey")}</Text> : null}
        </Stack>
      </DocSection>
    </DocPage>
  );
}
