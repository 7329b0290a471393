/**
 * The trend explorer's answer: a sentence on the total, the margins chart, the top movers and the
 * ranking table. Server-rendered; sorting and pages are links (the URL holds the selection), so
 * the read-only preview shows the same view without them.
 */
import { Alert, Card } from "@mantine/core";
import { Badge, Box, Group, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { formatGrowth, formatNumber, formatUsd } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import { trendSearch, type TrendParams, type TrendSort } from "@/domain/trends/params";
import { sourceLine, sourceNames } from "@/features/profiles/sourceNames";
import { ButtonLink, TextLink } from "@/features/shell/AppLink";
import type { TrendResult } from "@/server/trends/trends";
import { DecompositionChart, SmallMultiples } from "./charts";
import { signedPp, signedUsd } from "./format";

const PATH = "/trend-explorer";

type Translate = Awaited<ReturnType<typeof getTranslations>>;

const compactUsd = (v: number, locale: Locale) => formatUsd(v, locale, { compact: true });

function sortHref(locale: Locale, p: TrendParams, sort: TrendSort): string {
  const dir = p.sort === sort && p.dir === "desc" ? "asc" : "desc";
  return `/${locale}${PATH}?${trendSearch({ ...p, sort, dir, page: 1 })}`;
}

export async function TrendResultView({ result, locale, interactive }: { result: TrendResult; locale: Locale; interactive: boolean }) {
  const [t, names] = await Promise.all([getTranslations({ locale, namespace: "trends" }), sourceNames(locale)]);
  const p = result.params;
  const reporterName = result.reporter.kind === "world" ? t("form.world") : result.reporter.name;
  const summaryArgs = { reporter: reporterName, flow: t(`flows.${p.flow}`), v0: compactUsd(result.totals.t0, locale), v1: compactUsd(result.totals.t1, locale), from: String(p.from), to: String(p.to) };
  const memberHeader = p.by === "partners" ? t("columns.partner") : t("columns.product");
  const columns: { key: TrendSort; label: string }[] = [
    { key: "v0", label: String(p.from) },
    { key: "v1", label: String(p.to) },
    { key: "change", label: t("columns.change") },
    { key: "cagr", label: t("columns.cagr") },
    { key: "shareChange", label: t("columns.shareChange") },
    { key: "contribution", label: t("columns.contribution") },
  ];
  const header = (c: { key: TrendSort; label: string }) => {
    const active = p.sort === c.key;
    const arrow = active ? (p.dir === "desc" ? " ↓" : " ↑") : "";
    return (
      <TableTh key={c.key} ta="right" aria-sort={active ? (p.dir === "desc" ? "descending" : "ascending") : undefined} style={{ whiteSpace: "nowrap" }}>
        {interactive ? (
          <TextLink href={sortHref(locale, p, c.key)} underline="hover" aria-label={t("columns.sortBy", { column: c.label })} data-testid={`trend-sort-${c.key}`}>
            {c.label}
            {arrow}
          </TextLink>
        ) : (
          <>
            {c.label}
            {arrow}
          </>
        )}
      </TableTh>
    );
  };
  const offset = (p.page - 1) * result.pageSize;
  const pageHref = (page: number) => `/${locale}${PATH}?${trendSearch({ ...p, page })}`;
  return (
    <Stack gap="lg" data-testid="trend-result">
      <Stack gap={4}>
        <Text size="lg" data-testid="trend-summary">
          {result.totals.growth !== null
            ? t("summary", { ...summaryArgs, growth: formatGrowth(result.totals.growth, locale), cagr: formatGrowth(result.totals.cagr, locale) })
            : t("summaryNoGrowth", summaryArgs)}
        </Text>
        <Text size="sm" c="dimmed">
          {t("sources", { sources: sourceLine(names, [{ source: result.comparedOn.source, vintage: result.comparedOn.vintage }]) })}
          {p.section ? ` ${t("sectionScope")}` : ""}
        </Text>
        <Text size="sm" c="dimmed" data-testid="trend-series" data-dataset={result.comparedOn.dataset} data-vintage={result.comparedOn.vintage}>
          {t("oneSeries", { from: String(p.from), to: String(p.to) })}
        </Text>
      </Stack>

      <DecompositionCard result={result} locale={locale} interactive={interactive} />

      {result.series.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t("movers.title")}
          </Title>
          <SmallMultiples series={result.series} locale={locale} />
          <Text size="xs" c="dimmed">
            {t("movers.note", { count: result.series.length })}
          </Text>
        </Stack>
      )}

      <Stack gap="xs">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4">
            {t("table.title")}
          </Title>
          <Text size="sm" c="dimmed" data-testid="trend-matched">
            {t("table.matched", { count: result.matched })}
          </Text>
        </Group>
        {result.rows.length === 0 ? (
          <Alert color="gray" data-testid="trend-empty">
            {result.totals.t0 === 0 && result.totals.t1 === 0 ? t("table.noTrade") : t("table.empty")}
          </Alert>
        ) : (
          <TableScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing={6} fz="sm" data-testid="trend-table">
              <TableThead>
                <TableTr>
                  <TableTh w={40}>{t("columns.rank")}</TableTh>
                  <TableTh>{memberHeader}</TableTh>
                  {columns.map(header)}
                </TableTr>
              </TableThead>
              <TableTbody>
                {result.rows.map((r, i) => (
                  <TrendRow key={r.id} row={r} rank={offset + i + 1} locale={locale} t={t} />
                ))}
              </TableTbody>
            </Table>
          </TableScrollContainer>
        )}
        <Text size="xs" c="dimmed">
          {t("ppNote")}
        </Text>
        {interactive && result.pages > 1 && (
          <Group justify="space-between" data-testid="trend-pages">
            {p.page > 1 ? (
              <ButtonLink href={pageHref(p.page - 1)} variant="default" size="xs">
                {t("table.previous")}
              </ButtonLink>
            ) : (
              <span />
            )}
            <Text size="sm">{t("table.page", { page: p.page, pages: result.pages })}</Text>
            {p.page < result.pages ? (
              <ButtonLink href={pageHref(p.page + 1)} variant="default" size="xs">
                {t("table.next")}
              </ButtonLink>
            ) : (
              <span />
            )}
          </Group>
        )}
        {interactive && (
          <TextLink href={`/api/trends?${trendSearch(p)}&locale=${locale}`} size="xs" data-testid="trend-api-link">
            {t("apiLink")}
          </TextLink>
        )}
      </Stack>
    </Stack>
  );
}

/** The total's change split into new, lost and continuing members (the extensive and intensive margins). */
async function DecompositionCard({ result, locale, interactive }: { result: TrendResult; locale: Locale; interactive: boolean }) {
  const t = await getTranslations({ locale, namespace: "trends" });
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("decomposition.title")}
        </Title>
        <DecompositionChart
          margins={result.margins}
          locale={locale}
          labels={{
            new: t("decomposition.new", { count: formatNumber(result.margins.counts.new, locale) }),
            lost: t("decomposition.lost", { count: formatNumber(result.margins.counts.lost, locale) }),
            continuing: t("decomposition.continuing", { count: formatNumber(result.margins.counts.continuing, locale) }),
            total: t("decomposition.total"),
            series: t("decomposition.series"),
            part: t("decomposition.part"),
          }}
          title={t("decomposition.title")}
          fileName={`trend-margins-${result.params.from}-${result.params.to}`}
          sharePath={interactive ? `/${locale}${PATH}?${trendSearch(result.params)}` : undefined}
        />
        <Text size="xs" c="dimmed">
          {t("decomposition.note", { from: String(result.params.from), to: String(result.params.to) })}
        </Text>
      </Stack>
    </Card>
  );
}

/** One member of the ranking: its rank, name (linked to its profile) and new/lost badge, values and changes. */
function TrendRow({ row: r, rank, locale, t }: { row: TrendResult["rows"][number]; rank: number; locale: Locale; t: Translate }) {
  const pp = (v: number | null) => {
    const s = signedPp(v, locale);
    return s === null ? "–" : t("pp", { value: s });
  };
  return (
    <TableTr data-testid="trend-row" data-id={r.id} data-status={r.status}>
      <TableTd c="dimmed">{rank}</TableTd>
      <TableTd maw={280}>
        <Group gap={6} wrap="nowrap">
          <Box style={{ minWidth: 0 }}>
            {r.href ? (
              <TextLink href={`/${locale}${r.href}`} underline="hover" lineClamp={2} data-testid="trend-row-link">
                {r.name}
              </TextLink>
            ) : (
              <Text size="sm" lineClamp={2}>
                {r.name}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {r.id}
            </Text>
          </Box>
          {(r.status === "new" || r.status === "lost") && (
            <Badge size="xs" variant="light" color={r.status === "new" ? "teal" : "red"}>
              {t(`status.${r.status}`)}
            </Badge>
          )}
        </Group>
      </TableTd>
      <TableTd ta="right">{compactUsd(r.v0, locale)}</TableTd>
      <TableTd ta="right">{compactUsd(r.v1, locale)}</TableTd>
      <TableTd ta="right" c={r.change > 0 ? "teal" : r.change < 0 ? "red" : undefined} data-testid="trend-change">
        {signedUsd(r.change, locale)}
      </TableTd>
      <TableTd ta="right" data-testid="trend-cagr">
        {r.cagr !== null ? formatGrowth(r.cagr, locale) : r.status === "new" ? t("status.new") : "–"}
      </TableTd>
      <TableTd ta="right">{pp(r.shareChange)}</TableTd>
      <TableTd ta="right">{pp(r.contribution)}</TableTd>
    </TableTr>
  );
}
