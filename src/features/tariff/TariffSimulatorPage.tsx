/**
 * The tariff simulator page (server): the form's choices from the data catalogue, and, when the
 * URL holds a complete scenario, the simulation itself, so a shared link shows its results at once.
 */
import { Alert, Card, Divider, Table, TableTbody, TableTd, TableTh, TableThead, TableTr } from "@mantine/core";
import { Anchor, Badge, Box, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from "@/features/ui/static";
import { NextIntlClientProvider } from "next-intl";
import { getTranslations } from "next-intl/server";
import { isProductDepth, type ProductDepth } from "@/domain/catalog/catalog";
import { formatDecimal, formatUsd } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import { topChanges } from "@/domain/tariff/output";
import { parseTariffParams, rawParams, tariffSearch, TARIFF_DEFAULTS, type TariffErrorCode } from "@/domain/tariff/params";
import { sourceLine, sourceNames } from "@/features/profiles/sourceNames";
import { pageMessages } from "@/i18n/clientMessages";
import { loadMessages } from "@/i18n/messages";
import { isWarehouseError } from "@/server/catalog/status";
import { runTariffSimulation, tariffFormOptions, TariffRequestError, type TariffFormOptions, type TariffResult } from "@/server/tariff/simulator";
import { ShareLink } from "./ShareLink";
import { TariffChart } from "./TariffChart";
import { TariffForm } from "./TariffForm";
import { TARIFF_PATH, TariffMethod } from "./TariffMethod";

type SearchParams = Record<string, string | string[] | undefined>;
type Translate = Awaited<ReturnType<typeof getTranslations>>;

interface PageError {
  code: TariffErrorCode | "unavailable";
  field: string | null;
  message: string;
  detail?: { key: string; values: Record<string, string> };
}

const CHART_ROWS = 15;
const FIELD_LABELS: Record<string, string> = {
  importer: "importer",
  product: "product",
  depth: "depth",
  year: "year",
  current: "current",
  new: "next",
  partner: "partner",
  em: "importDemand",
  sigma: "substitution",
  ex: "exportSupply",
  base: "useImported",
};

function errorText(t: Translate, e: PageError): string {
  if (e.detail) return t(`errors.${e.detail.key}`, e.detail.values);
  const field = e.field && FIELD_LABELS[e.field] ? t(`form.${FIELD_LABELS[e.field]}`) : (e.field ?? "");
  switch (e.code) {
    case "tariff_negative":
    case "tariff_too_high":
    case "unknown_importer":
    case "unknown_product":
    case "unavailable":
      return t(`errors.${e.code}`);
    case "unknown_partner":
      return t("errors.unknownPartner");
    case "elasticity_range":
      return t("errors.elasticity", { field });
    default:
      return t("errors.field", { field });
  }
}

/** A signed amount; below half a dollar it is zero (no "+$0" or "-$0" from rounding). */
const signed = (value: number, locale: Locale) =>
  Math.abs(value) < 0.5 ? formatUsd(0, locale, { compact: true }) : value > 0 ? `+${formatUsd(value, locale, { compact: true })}` : formatUsd(value, locale, { compact: true });
const percent = (fraction: number, locale: Locale) => `${formatDecimal(fraction * 100, locale, 2)}%`;

function Summary({ result, locale, t }: { result: TariffResult; locale: Locale; t: Translate }) {
  const s = result.simulation.totals;
  const items: [string, string, string][] = [
    ["importsBefore", formatUsd(s.importsBefore, locale, { compact: true }), "summary-imports-before"],
    ["importsAfter", formatUsd(s.importsAfter, locale, { compact: true }), "summary-imports-after"],
    ["tradeCreation", signed(s.tradeCreation, locale), "summary-creation"],
    ["tradeDiversion", signed(s.tradeDiversion, locale), "summary-diversion"],
    ["totalChange", signed(s.totalChange, locale), "summary-total"],
    ["revenueBefore", formatUsd(s.revenueBefore, locale, { compact: true }), "summary-revenue-before"],
    ["revenueAfter", formatUsd(s.revenueAfter, locale, { compact: true }), "summary-revenue-after"],
    ["revenueChange", signed(s.revenueChange, locale), "summary-revenue-change"],
    ["consumerSurplus", signed(s.consumerSurplus, locale), "summary-surplus"],
    ["netWelfare", signed(s.netWelfare, locale), "summary-welfare"],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs" data-testid="tariff-summary">
      {items.map(([key, value, id]) => (
        <Paper key={key} withBorder p="xs" radius="sm" data-testid={id}>
          <Text size="xs" c="dimmed">
            {t(`results.summary.${key}`)}
          </Text>
          <Text fw={700} size="lg">
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function ResultsTable({ result, locale, t }: { result: TariffResult; locale: Locale; t: Translate }) {
  const byId = new Map(result.exporters.map((x) => [x.id, x]));
  const s = result.simulation.totals;
  return (
    <Box style={{ overflowX: "auto" }}>
      <Table striped highlightOnHover fz="sm" miw={900} data-testid="tariff-table" captionSide="top">
        <caption style={{ textAlign: "start" }}>{t("results.table.caption")}</caption>
        <TableThead>
          <TableTr>
            <TableTh>{t("results.table.exporter")}</TableTh>
            <TableTh ta="end">{t("results.table.imports")}</TableTh>
            <TableTh ta="end">{t("results.table.current")}</TableTh>
            <TableTh ta="end">{t("results.table.next")}</TableTh>
            <TableTh ta="end">{t("results.table.creation")}</TableTh>
            <TableTh ta="end">{t("results.table.diversion")}</TableTh>
            <TableTh ta="end">{t("results.table.total")}</TableTh>
            <TableTh ta="end">{t("results.table.after")}</TableTh>
            <TableTh ta="end">{t("results.table.revenue")}</TableTh>
            <TableTh ta="end">{t("results.table.surplus")}</TableTh>
          </TableTr>
        </TableThead>
        <TableTbody>
          {result.simulation.exporters.map((r) => {
            const x = byId.get(r.id)!;
            return (
              <TableTr key={r.id} data-testid="tariff-row" data-exporter={r.id}>
                <TableTd>{x.name}</TableTd>
                <TableTd ta="end">{formatUsd(r.imports, locale, { compact: true })}</TableTd>
                <TableTd ta="end" title={x.rate ? t("results.table.imported", { year: String(x.rate.year), duty: x.rate.dutyType ?? "–" }) : t("results.table.manual")}>
                  {percent(r.currentTariff, locale)}
                  {x.rate ? " *" : ""}
                </TableTd>
                <TableTd ta="end">{percent(r.newTariff, locale)}</TableTd>
                <TableTd ta="end">{signed(r.tradeCreation, locale)}</TableTd>
                <TableTd ta="end">{signed(r.tradeDiversion, locale)}</TableTd>
                <TableTd ta="end" fw={600}>
                  {signed(r.totalChange, locale)}
                </TableTd>
                <TableTd ta="end">{formatUsd(r.newImports, locale, { compact: true })}</TableTd>
                <TableTd ta="end">{signed(r.revenueChange, locale)}</TableTd>
                <TableTd ta="end">{signed(r.consumerSurplus, locale)}</TableTd>
              </TableTr>
            );
          })}
          <TableTr fw={700} data-testid="tariff-total-row">
            <TableTd>{t("results.table.total_row")}</TableTd>
            <TableTd ta="end">{formatUsd(s.importsBefore, locale, { compact: true })}</TableTd>
            <TableTd />
            <TableTd />
            <TableTd ta="end">{signed(s.tradeCreation, locale)}</TableTd>
            <TableTd ta="end">{signed(s.tradeDiversion, locale)}</TableTd>
            <TableTd ta="end">{signed(s.totalChange, locale)}</TableTd>
            <TableTd ta="end">{formatUsd(s.importsAfter, locale, { compact: true })}</TableTd>
            <TableTd ta="end">{signed(s.revenueChange, locale)}</TableTd>
            <TableTd ta="end">{signed(s.consumerSurplus, locale)}</TableTd>
          </TableTr>
        </TableTbody>
      </Table>
    </Box>
  );
}

async function Results({ result, locale, t, search }: { result: TariffResult; locale: Locale; t: Translate; search: string }) {
  const names = await sourceNames(locale);
  const p = result.params;
  const e = result.simulation.elasticities;
  const chartRows = topChanges(result.simulation.exporters, CHART_ROWS).map((r) => ({
    id: r.id,
    name: result.exporters.find((x) => x.id === r.id)?.name ?? r.id,
    creation: r.tradeCreation,
    diversion: r.tradeDiversion,
  }));
  const title = t("results.heading", { importer: result.importer.name, product: result.product.name, year: String(p.year) });
  const apiQuery = `${search}&locale=${locale}`;
  return (
    <Stack gap="md" data-testid="tariff-results">
      <div>
        <Title order={2} data-testid="tariff-results-heading">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {p.partner && result.partner
            ? t("results.scenarioOne", { next: `${formatDecimal(p.next, locale, 2)}%`, partner: result.partner.name })
            : t("results.scenarioAll", { current: `${formatDecimal(p.current, locale, 2)}%`, next: `${formatDecimal(p.next, locale, 2)}%` })}
        </Text>
      </div>
      <Summary result={result} locale={locale} t={t} />
      {result.source.partial && (
        <Alert color="yellow" data-testid="tariff-partial">
          {t("results.partial")}
        </Alert>
      )}
      {result.simulation.totals.capped > 0 && (
        <Alert color="orange" data-testid="tariff-capped">
          {t("results.capped", { count: result.simulation.totals.capped })}
        </Alert>
      )}
      <Card withBorder padding="sm">
        <Text fw={600}>{t("results.chartTitle")}</Text>
        <Text size="xs" c="dimmed">
          {t("results.chartNote", { count: chartRows.length })}
        </Text>
        <TariffChart rows={chartRows} title={t("results.chartTitle")} />
      </Card>
      <ResultsTable result={result} locale={locale} t={t} />
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {result.tariffs.imported > 0
            ? t("results.tariffsImported", { count: result.tariffs.imported, total: result.exporters.length, years: result.tariffs.years.join(", ") })
            : t("results.tariffsManual")}{" "}
          {t("results.diversionNote")}
        </Text>
        <Text size="sm" c="dimmed">
          {t("results.elasticitiesUsed", { em: formatDecimal(e.importDemand, locale, 2), sigma: formatDecimal(e.substitution, locale, 2), ex: formatDecimal(e.exportSupply, locale, 2) })}
        </Text>
        <Text size="sm" c="dimmed" data-testid="tariff-source">
          {t("results.source", { importer: result.importer.name, year: String(p.year), dataset: sourceLine(names, [result.source.source]) })}
        </Text>
      </Stack>
      <Group gap="xs">
        <Anchor href={`/api/tariff?${apiQuery}&format=csv`} download data-testid="tariff-csv" size="sm">
          {t("results.downloadCsv")}
        </Anchor>
        <Anchor href={`/api/tariff?${apiQuery}`} data-testid="tariff-api" size="sm">
          {t("results.apiLink")}
        </Anchor>
        <ShareLink />
      </Group>
    </Stack>
  );
}

export async function TariffSimulatorPage({ locale, searchParams }: { locale: Locale; searchParams: SearchParams }) {
  const [t, messages] = await Promise.all([getTranslations({ locale, namespace: "tariff" }), loadMessages(locale)]);
  const raw = rawParams(searchParams);
  let options: TariffFormOptions = { depths: [], years: [], importers: [], products: [], tariffTable: false };
  let depth: ProductDepth = TARIFF_DEFAULTS.depth;
  let error: PageError | null = null;
  let result: TariffResult | null = null;
  try {
    const first = await tariffFormOptions(isProductDepth(raw.depth) ? raw.depth : TARIFF_DEFAULTS.depth, locale);
    depth = isProductDepth(raw.depth) && first.depths.includes(raw.depth) ? raw.depth : (first.depths[0] ?? TARIFF_DEFAULTS.depth);
    options = depth === (isProductDepth(raw.depth) ? raw.depth : TARIFF_DEFAULTS.depth) ? first : await tariffFormOptions(depth, locale);
  } catch (e) {
    if (!isWarehouseError(e) && !(e instanceof TariffRequestError)) throw e;
    error = { code: "unavailable", field: null, message: e.message };
  }

  if (!error && options.depths.length === 0) error = { code: "no_data", field: "depth", message: "no bilateral data", detail: { key: "noDepth", values: {} } };
  const asked = raw.importer !== undefined || raw.product !== undefined || raw.new !== undefined;
  if (!error && asked) {
    const parsed = parseTariffParams(searchParams);
    if (!parsed.ok) {
      // A scenario still being put together (no product yet after a change of depth) is not an error.
      if (!(parsed.code === "missing" && (parsed.field === "product" || parsed.field === "new"))) error = parsed;
    } else {
      try {
        result = await runTariffSimulation(parsed.params, locale);
      } catch (e) {
        if (e instanceof TariffRequestError) error = { code: e.code, field: e.field, message: e.message, detail: e.detail };
        else if (isWarehouseError(e)) error = { code: "unavailable", field: null, message: e.message };
        else throw e;
      }
    }
  }
  const search = result ? tariffSearch(result.params) : "";

  return (
    <Container size="lg" py="xl">
      <NextIntlClientProvider messages={pageMessages(messages, ["tariff"])}>
        <Stack gap="lg">
          <div>
            <Title order={1} data-testid="tariff-title">
              {t("title")}
            </Title>
            <Text c="dimmed" mt="xs" maw={820}>
              {t("lead")}{" "}
              <Anchor href="#method" size="sm">
                {t("method.heading")}
              </Anchor>
            </Text>
          </div>
          <Card withBorder padding="md" radius="md">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4">
                {t("form.heading")}
              </Title>
              {options.tariffTable && <Badge variant="light">WITS/TRAINS</Badge>}
            </Group>
            <TariffForm key={JSON.stringify(raw)} options={{ ...options, years: options.years.map((y) => ({ year: y.year, partial: y.partial })) }} raw={raw} depth={depth} path={`/${locale}${TARIFF_PATH}`} />
          </Card>
          {error && (
            <Alert color="red" title={t("errors.title")} data-testid="tariff-error" role="alert">
              {errorText(t, error)}
            </Alert>
          )}
          {result && <Results result={result} locale={locale} t={t} search={search} />}
          {!result && !error && (
            <Alert color="blue" variant="light" title={t("empty.title")} data-testid="tariff-empty">
              {t("empty.body")}
            </Alert>
          )}
          <Divider />
          <TariffMethod locale={locale} link="method" />
        </Stack>
      </NextIntlClientProvider>
    </Container>
  );
}
