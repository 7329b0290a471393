"use client";

import { Alert, Button, Skeleton, Tabs } from "@mantine/core";
import { Group, Stack, Text } from "@/features/ui/static";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { scatterPoints } from "@/domain/charts/options/scatterPoints";
import { LEGEND_ICON, UNKNOWN_COLOR } from "@/domain/charts/presentation";
import { chartTable, type ChartTable } from "@/domain/charts/table";
import { ApiQueryLinks, ChartActions, fileSlug } from "@/features/charts/ChartActions";
import { Chart, type ChartHandle } from "@/features/charts/Chart";
import { ChartLegend } from "@/features/charts/ChartLegend";
import { lazyModule, useLazyModule } from "@/features/lazy/lazyModule";
import type { Locale } from "@/domain/i18n/locales";
import type { VizData } from "@/domain/visualize/data";
import { SubnationalMap } from "@/features/subnational/SubnationalMap";
import { chartSpecFor } from "./chartSpec";

/** The data table, loaded when its tab is first opened (most visitors only look at the chart). */
const tableModule = lazyModule(() => import("@/features/charts/DataTable"));

export interface VisualizeViewProps {
  data: VizData;
  title: string;
  subtitle: string;
  /** Locale-prefixed paths of this view and of its embeddable version. */
  path: string;
  embedPath: string;
  /** Embeds show the chart only (no table tab, no API links). */
  embedded?: boolean;
  height?: number | string;
  /** Profiles state the source once, in their section's line, so their charts leave it out. */
  showSources?: boolean;
  /** The API queries behind a "Data and API" button instead of always shown (profiles: one per section). */
  compactApi?: boolean;
}

/** A chart with its legend, data table, downloads, share links, sources and API queries. */
export function VisualizeView({ data, title, subtitle, path, embedPath, embedded = false, height = 560, showSources = true, compactApi = false }: VisualizeViewProps) {
  const t = useTranslations("charts");
  const tv = useTranslations("visualize.regionMap");
  const locale = useLocale() as Locale;
  const chart = useRef<ChartHandle>(null);
  const region = data.regionMap;
  const mapValues = useMemo(() => (region ? data.rows.map((r) => ({ id: r.id, value: r.value ?? 0, name: r.name })) : undefined), [region, data.rows]);
  const [tab, setTab] = useState<string | null>("chart");
  const spec = useMemo(() => chartSpecFor(data), [data]);
  const table = useMemo(
    () =>
      chartTable(
        { rows: data.rows, groups: data.groups, scatter: data.scatter, ...(data.regionMap?.currency === "AUD" ? { currency: "AUD" as const } : {}) },
        {
          code: t("table.code"),
          name: t("table.name"),
          group: t("table.group"),
          year: t("table.year"),
          value: t("table.value"),
          share: t("table.share"),
          rca: t("table.rca"),
          worldTrade: t("worldTrade"),
          measures: Object.fromEntries(["gdp", "gdp_per_capita", "population", "market_share"].map((k) => [k, t(`measures.${k}`)])),
        },
      ),
    [data, t],
  );
  const omitted = spec.type === "scatter" ? scatterPoints(spec.input).omitted : 0;
  const empty = data.rows.every((r) => !r.value && !(r.measures && Object.values(r.measures).some((v) => v)));
  const showLegend = data.chart === "tree_map" || data.chart === "network" || data.chart === "scatter";

  const queries = data.queries.map((q) => ({ label: t(`api.roles.${q.role}`), api: q.api, csv: q.csv }));

  if (empty) {
    return (
      <Alert color="gray" title={title} data-testid="no-data">
        {t("noData")}
      </Alert>
    );
  }

  const chartView = (
    <Stack gap="sm">
      {region ? (
        <SubnationalMap
          ref={chart}
          iso3={region.country}
          levelSlug={region.level}
          values={mapValues}
          currency={region.currency}
          locale={locale}
          labels={{ title, noData: tv("noData"), failed: tv("failed") }}
          height={typeof height === "number" ? height : 560}
          testId="region-map"
        />
      ) : (
        <Chart ref={chart} spec={spec} title={title} subtitle={subtitle} height={height} />
      )}
      {showLegend && <ChartLegend groups={data.groups} />}
      {data.chart === "geomap" && (
        <Group gap={6} data-testid="map-no-data">
          <span aria-hidden style={{ width: LEGEND_ICON.width, height: LEGEND_ICON.height, borderRadius: 4, background: UNKNOWN_COLOR, opacity: 0.45 }} />
          <Text size="sm" c="dimmed">
            {t("mapNoData")}
          </Text>
        </Group>
      )}
      {data.chart === "network" && (
        <Text size="sm" c="dimmed">
          {t("networkLegend")}
        </Text>
      )}
      {omitted > 0 && (
        <Text size="sm" c="dimmed">
          {t("omitted", { count: omitted })}
        </Text>
      )}
    </Stack>
  );

  if (embedded) return chartView;

  return (
    <Stack gap="md" data-testid="visualize-view">
      <Tabs value={tab} onChange={setTab} keepMounted>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          <Tabs.List aria-label={t("views.label")}>
            <Tabs.Tab value="chart" data-testid="tab-chart">
              {t("views.chart")}
            </Tabs.Tab>
            <Tabs.Tab value="table" data-testid="tab-table">
              {t("views.table")}
            </Tabs.Tab>
          </Tabs.List>
          <ChartActions chart={chart} table={table} fileName={fileSlug(`${title} ${subtitle.split(" · ")[0]}`)} sharePath={path} embedPath={embedPath} embedTitle={title} />
        </Group>
        <Tabs.Panel value="chart" pt="sm">
          {chartView}
        </Tabs.Panel>
        <Tabs.Panel value="table" pt="sm">
          {tab === "table" && <LazyDataTable table={table} />}
        </Tabs.Panel>
      </Tabs>
      {data.fallbackNames && (
        <Text size="xs" c="dimmed">
          {t("fallbackNames")}
        </Text>
      )}
      {showSources &&
        data.sources.map((source) => (
          <Text key={source} size="xs" c="dimmed" data-testid="chart-source">
            {t("source", { source: t.has(`attributions.${source}`) ? t(`attributions.${source}`) : source })}
          </Text>
        ))}
      {compactApi ? <ApiDisclosure queries={queries} label={t("api.button")} /> : <ApiQueryLinks queries={queries} />}
    </Stack>
  );
}

/** The API queries behind a button: shown on demand, so a profile's charts are not each followed by raw URLs. */
function ApiDisclosure({ queries, label }: { queries: Parameters<typeof ApiQueryLinks>[0]["queries"]; label: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (queries.length === 0) return null;
  return (
    <Stack gap="xs" align="flex-start">
      <Button variant="subtle" size="compact-xs" aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)} data-testid="api-disclosure">
        {label}
      </Button>
      <div id={id} hidden={!open}>
        {open ? <ApiQueryLinks queries={queries} /> : null}
      </div>
    </Stack>
  );
}

/** The data table once its code has arrived (asked for when the tab opens); a placeholder, or the failure with a retry, before. */
function LazyDataTable({ table }: { table: ChartTable }) {
  const t = useTranslations("charts");
  const { module: code, failed, load } = useLazyModule(tableModule);
  // Opened by a visitor: ask at once rather than when the browser is idle.
  useEffect(load, [load]);
  if (code) return <code.DataTable table={table} />;
  if (failed)
    return (
      <Alert variant="light" color="red">
        <Text size="sm">{t("loadFailed")}</Text>
        <Button size="xs" variant="default" mt="xs" onClick={load}>
          {t("retry")}
        </Button>
      </Alert>
    );
  return <Skeleton height={240} radius="md" role="status" aria-label={t("loading")} />;
}
