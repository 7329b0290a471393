"use client";

import { Alert, Anchor, Button, Code, CopyButton, Group, Loader, Pagination, ScrollArea, SegmentedControl, Select, Stack, Table, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useMemo, useState, useSyncExternalStore } from "react";
import { barsChart, chartChoices, chartRows, chartYears, pickChart, type Record_ } from "@/domain/queryBuilder/chart";
import { barsHeight } from "@/domain/charts/options/bars";
import { formatCell, isMoney, type CubeInfo } from "@/domain/queryBuilder/cube";
import type { ChartTable } from "@/domain/charts/table";
import { explorerPath } from "@/domain/queryBuilder/codec";
import type { PivotResponse } from "@/domain/queryBuilder/pivot";
import { curlSnippet, pythonSnippet } from "@/domain/queryBuilder/snippets";
import { dataParams, dataUrl, PAGE_SIZES, pivotUrl, type BuilderState, type ChartKind } from "@/domain/queryBuilder/state";
import type { Locale } from "@/domain/i18n/locales";
import { ChartPanel } from "@/features/charts/ChartPanel";
import type { ChartSpec } from "@/features/charts/spec";
import { useJson, type Fetched } from "./useJson";

interface DataAnswer {
  data: Record_[];
  columns: string[];
  page: { limit: number; offset: number; total: number };
  source: { cube: string; years: number[]; annotations: Record<string, string> };
}

type PivotAnswer = PivotResponse;

const CHART_LIMIT = 1000;
const noSubscription = () => () => {};

export function ErrorBox({ fetched }: { fetched: Fetched<unknown> }) {
  const t = useTranslations("queryBuilder.errors");
  if (fetched.status !== "error") return null;
  return (
    <Alert color="red" title={fetched.code === "network" ? t("network") : t("api")} data-testid="qb-error">
      {fetched.message}
    </Alert>
  );
}

function Loading() {
  const t = useTranslations("queryBuilder");
  return (
    <Group gap="xs" c="dimmed" py="md">
      <Loader size="sm" />
      <Text size="sm">{t("loading")}</Text>
    </Group>
  );
}

/** Output measure names of an answer: its columns that are neither "<Level> ID" nor a level caption. */
function measureColumns(columns: readonly string[], levels: readonly string[]): string[] {
  return columns.filter((c) => !c.endsWith(" ID") && !levels.includes(c));
}

export function ResultTable({ state, cube, locale, onPage }: { state: BuilderState; cube: CubeInfo; locale: Locale; onPage: (page: number, pageSize: number) => void }) {
  const t = useTranslations("queryBuilder.table");
  const fetched = useJson<DataAnswer>(dataUrl(state, cube.timeLevel, locale));
  if (fetched.status === "loading" || fetched.status === "idle") return <Loading />;
  if (fetched.status === "error") return <ErrorBox fetched={fetched} />;
  const answer = fetched.data;
  const measures = measureColumns(answer.columns, cube.levels.map((l) => l.name));
  const pages = Math.max(1, Math.ceil(answer.page.total / state.pageSize));
  return (
    <Stack gap="sm" data-testid="qb-table">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="qb-total">
          {t("rows", { total: answer.page.total, from: answer.page.total ? answer.page.offset + 1 : 0, to: answer.page.offset + answer.data.length })}
        </Text>
        <Select
          aria-label={t("pageSize")}
          w={120}
          size="xs"
          data={PAGE_SIZES.map((n) => ({ value: String(n), label: t("perPage", { count: n }) }))}
          value={String(state.pageSize)}
          onChange={(v) => v && onPage(1, Number(v))}
          allowDeselect={false}
        />
      </Group>
      {answer.data.length === 0 ? (
        <Alert color="gray" data-testid="qb-empty">
          {t("empty")}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={Math.min(1200, answer.columns.length * 120)}>
          <Table striped highlightOnHover withTableBorder stickyHeader fz="sm">
            <Table.Thead>
              <Table.Tr>
                {answer.columns.map((c) => (
                  <Table.Th key={c} ta={measures.includes(c) ? "right" : undefined}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.data.map((row, i) => (
                <Table.Tr key={i}>
                  {answer.columns.map((c) => (
                    <Table.Td key={c} ta={measures.includes(c) ? "right" : undefined} style={measures.includes(c) ? { fontVariantNumeric: "tabular-nums" } : undefined}>
                      {formatCell(c, row[c], locale, measures)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && <Pagination total={pages} value={Math.min(state.page, pages)} onChange={(p) => onPage(p, state.pageSize)} size="sm" siblings={1} data-testid="qb-pagination" getControlProps={(control) => ({ "aria-label": t(`control.${control}`) })} />}
      {Object.keys(answer.source.annotations).some((k) => k.startsWith("default_")) && (
        <Text size="xs" c="dimmed">
          {Object.entries(answer.source.annotations)
            .filter(([k]) => k.startsWith("default_"))
            .map(([, v]) => v)
            .join(" ")}
        </Text>
      )}
    </Stack>
  );
}

/** The answer as the chart panel's table (its CSV download keeps raw numbers). */
function chartTable(answer: DataAnswer, cube: CubeInfo): ChartTable {
  const measures = measureColumns(answer.columns, cube.levels.map((l) => l.name));
  return {
    columns: answer.columns.map((c) => ({ key: c, label: c, format: measures.includes(c) ? "number" : "text" })),
    rows: answer.data.map((r) => answer.columns.map((c) => (typeof r[c] === "boolean" ? String(r[c]) : (r[c] as string | number | null)))),
  };
}

export function ResultChart({ state, cube, locale, onChart }: { state: BuilderState; cube: CubeInfo; locale: Locale; onChart: (kind: ChartKind) => void }) {
  const t = useTranslations("queryBuilder.chart");
  const measure = state.measures[0] ?? "";
  const money = isMoney(cube.measures.find((m) => m.name === measure)?.unit);
  const shape = { drilldowns: state.drilldowns, timeLevel: cube.timeLevel, money };
  const kind = pickChart(shape, state.chart);
  const choices = chartChoices(shape);
  const url = useMemo(() => {
    const p = dataParams(state, cube.timeLevel, locale);
    if (!p.has("sort") && measure) p.set("sort", `${measure}.desc`);
    p.set("limit", String(CHART_LIMIT));
    return `/api/data?${p.toString()}`;
  }, [state, cube.timeLevel, locale, measure]);
  const fetched = useJson<DataAnswer>(url);
  const spec = useMemo((): ChartSpec | null => {
    if (fetched.status !== "ok") return null;
    if (kind === "bar") return { type: "bars", input: barsChart(fetched.data.data, state.drilldowns, measure, money) };
    const rows = chartRows(fetched.data.data, shape, measure).filter((r) => r.value !== null);
    const others = state.drilldowns.filter((d) => d !== cube.timeLevel);
    const dimension = others[0] ?? cube.timeLevel ?? "";
    if (kind === "treemap") return { type: "treemap", input: { rows: rows.filter((r) => (r.value ?? 0) > 0), groups: [], dimension } };
    const series = others.length ? rows : rows.map((r) => ({ ...r, id: "total", name: measure }));
    return { type: kind, input: { rows: series, years: chartYears(series), dimension } };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetched, kind, measure, money, state.drilldowns, cube.timeLevel]);
  return (
    <Stack gap="sm" data-testid="qb-chart">
      <SegmentedControl
        aria-label={t("type")}
        value={kind}
        onChange={(v) => onChart(v as ChartKind)}
        data={choices.map((c) => ({ value: c, label: t(c) }))}
        data-testid="qb-chart-type"
        w="fit-content"
      />
      {fetched.status === "loading" || fetched.status === "idle" ? (
        <Loading />
      ) : fetched.status === "error" ? (
        <ErrorBox fetched={fetched} />
      ) : fetched.data.data.length === 0 ? (
        <Alert color="gray">{t("empty")}</Alert>
      ) : spec ? (
        <ChartPanel
          spec={spec}
          title={cube.caption}
          height={spec.type === "bars" ? barsHeight(spec.input, 320) : 480}
          table={chartTable(fetched.data, cube)}
          fileName={cube.name}
          sharePath={`/${locale}${explorerPath({ ...state, view: "chart" })}`}
          testId="qb-chart-panel"
        />
      ) : null}
      {fetched.status === "ok" && fetched.data.page.total > CHART_LIMIT && (
        <Text size="xs" c="dimmed">
          {t("limited", { shown: CHART_LIMIT, total: fetched.data.page.total })}
        </Text>
      )}
    </Stack>
  );
}

export function PivotPanel({ state, cube, locale, onPivot }: { state: BuilderState; cube: CubeInfo; locale: Locale; onPivot: (pivot: { rows: string; columns: string }) => void }) {
  const t = useTranslations("queryBuilder.pivot");
  // The page of rows belongs to one pivot: another query starts again on page 1.
  const key = pivotUrl(state, cube.timeLevel, locale);
  const [paged, setPaged] = useState<{ key: string | null; page: number }>({ key, page: 1 });
  const page = paged.key === key ? paged.page : 1;
  const setPage = (p: number) => setPaged({ key, page: p });
  const url = pivotUrl(state, cube.timeLevel, locale, page);
  const fetched = useJson<PivotAnswer>(url);
  const levels = cube.levels.map((l) => ({ value: l.name, label: l.caption === l.name ? l.name : `${l.caption} (${l.name})` }));
  const rows = state.pivot?.rows ?? null;
  const columns = state.pivot?.columns ?? null;
  return (
    <Stack gap="sm" data-testid="qb-pivot">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label={t("rows")} data={levels} value={rows} onChange={(v) => v && onPivot({ rows: v, columns: columns && columns !== v ? columns : (levels.find((l) => l.value !== v)?.value ?? v) })} allowDeselect={false} data-testid="qb-pivot-rows" w={{ base: "100%", xs: 240 }} />
        <Select label={t("columns")} data={levels} value={columns} onChange={(v) => v && onPivot({ rows: rows && rows !== v ? rows : (levels.find((l) => l.value !== v)?.value ?? v), columns: v })} allowDeselect={false} data-testid="qb-pivot-columns" w={{ base: "100%", xs: 240 }} />
      </Group>
      {!url ? (
        <Alert color="gray">{t("choose")}</Alert>
      ) : fetched.status === "loading" || fetched.status === "idle" ? (
        <Loading />
      ) : fetched.status === "error" ? (
        <ErrorBox fetched={fetched} />
      ) : fetched.data.data.length === 0 ? (
        <Alert color="gray">{t("empty")}</Alert>
      ) : (
        <PivotTable answer={fetched.data} locale={locale} page={page} onPage={setPage} />
      )}
    </Stack>
  );
}

function PivotTable({ answer, locale, page, onPage }: { answer: PivotAnswer; locale: Locale; page: number; onPage: (page: number) => void }) {
  const t = useTranslations("queryBuilder.pivot");
  const pages = Math.max(1, Math.ceil(answer.page.total / answer.page.limit));
  const fmt = (v: number | null) => formatCell(answer.measure, v, locale, [answer.measure]);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t("summary", { measure: answer.measure, rows: answer.page.total, columns: answer.columns.total })}
      </Text>
      {answer.columns.capped && (
        <Alert color="yellow" data-testid="qb-pivot-capped">
          {t("capped", { shown: answer.columns.members.length, total: answer.columns.total })}
        </Alert>
      )}
      <ScrollArea type="auto" offsetScrollbars>
        <Table withTableBorder withColumnBorders striped fz="xs" data-testid="qb-pivot-table" style={{ minWidth: 200 + answer.columns.members.length * 110 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ position: "sticky", left: 0, background: "var(--mantine-color-body)", zIndex: 1 }}>
                {answer.rows.level} \ {answer.columns.level}
              </Table.Th>
              {answer.columns.members.map((c) => (
                <Table.Th key={String(c.id)} ta="right">
                  {c.name}
                </Table.Th>
              ))}
              {answer.additive && <Table.Th ta="right">{t("total")}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answer.data.map((row) => (
              <Table.Tr key={String(row.id)}>
                <Table.Th scope="row" style={{ position: "sticky", left: 0, background: "var(--mantine-color-body)", zIndex: 1, fontWeight: 500 }}>
                  {row.name}
                </Table.Th>
                {row.values.map((v, i) => (
                  <Table.Td key={i} ta="right" style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>
                    {fmt(v)}
                  </Table.Td>
                ))}
                {answer.additive && (
                  <Table.Td ta="right" fw={600} style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>
                    {fmt(row.total)}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pages > 1 && <Pagination total={pages} value={page} onChange={onPage} size="sm" siblings={1} />}
    </Stack>
  );
}

function Snippet({ label, text, testId }: { label: string; text: string; testId: string }) {
  const t = useTranslations("queryBuilder.api");
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" color={copied ? "teal" : undefined} onClick={copy}>
              {copied ? t("copied") : t("copy")}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block data-testid={testId} style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
        {text}
      </Code>
    </Stack>
  );
}

export function ApiPanel({ state, cube, locale }: { state: BuilderState; cube: CubeInfo; locale: Locale }) {
  const t = useTranslations("queryBuilder.api");
  const origin = useSyncExternalStore(noSubscription, () => window.location.origin, () => "");
  const url = dataUrl(state, cube.timeLevel, locale);
  const pivot = state.pivot ? pivotUrl(state, cube.timeLevel, locale) : null;
  return (
    <Stack gap="md" data-testid="qb-api">
      <Snippet label={t("url")} text={`${origin}${url}`} testId="qb-api-url" />
      <Snippet label={t("curl")} text={curlSnippet(`${origin}${url}`)} testId="qb-curl" />
      <Snippet label={t("python")} text={pythonSnippet(origin, url)} testId="qb-python" />
      {pivot && <Snippet label={t("pivotUrl")} text={`${origin}${pivot}`} testId="qb-pivot-url" />}
      <Text size="xs" c="dimmed">
        {t("docs")}{" "}
        <Anchor href={`/${locale}/resources/api`} size="xs">
          {t("docsLink")}
        </Anchor>
      </Text>
    </Stack>
  );
}

export function Downloads({ state, cube, locale }: { state: BuilderState; cube: CubeInfo; locale: Locale }) {
  const t = useTranslations("queryBuilder.api");
  return (
    <Group gap="xs">
      <Button component="a" href={dataUrl(state, cube.timeLevel, locale, { format: "csv", page: false })} download variant="default" size="xs" data-testid="qb-csv">
        {t("csv")}
      </Button>
      <Button component="a" href={dataUrl(state, cube.timeLevel, locale, { format: "parquet", page: false })} download variant="default" size="xs" data-testid="qb-parquet">
        {t("parquet")}
      </Button>
    </Group>
  );
}
