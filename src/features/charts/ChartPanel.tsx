"use client";

import { Alert, Box, Button, Group, Skeleton, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import type { ChartTable } from "@/domain/charts/table";
import type { ChartGroup } from "@/domain/charts/types";
import type { ChartHandle } from "./Chart";
import { preloadCharts } from "./chartLibrary";
import { ChartLegend } from "./ChartLegend";
import { lazyModule, useLazyModule, whenIdle } from "@/features/lazy/lazyModule";
import { useNearScreen } from "@/features/lazy/useNearScreen";
import type { ChartSpec } from "./spec";

/** The chart and its toolbar, loaded after the page (the legend is drawn with it). */
const parts = lazyModule(() => Promise.all([import("./Chart"), import("./ChartActions")]).then(([chart, actions]) => ({ Chart: chart.Chart, ChartActions: actions.ChartActions })));

/** Height of the toolbar's row (Mantine's xs button), kept free until the toolbar arrives. */
const TOOLBAR_HEIGHT = 30;

/**
 * A chart whose data the server already holds (the ranking pages' ECI map and scatter, a
 * province's treemap), drawn by the one chart stack: the same component, colours, tooltips and
 * downloads (PNG, SVG, CSV) as every visualisation. The server sends the spec and the CSV table
 * as plain data. The chart and its toolbar load once the chart nears the screen and the browser is
 * idle (with ECharts and the parts this chart's type needs), never with the page; until then a
 * placeholder of the chart's height holds its place.
 */
export function ChartPanel({
  spec,
  title,
  subtitle,
  table,
  fileName,
  sharePath,
  groups = [],
  height,
  testId,
}: {
  spec: ChartSpec;
  title: string;
  subtitle?: string;
  table: ChartTable;
  fileName: string;
  /** Path of this view (with locale) for the Share button; none where the page has its own share link. */
  sharePath?: string;
  groups?: readonly ChartGroup[];
  /** Pixels, or a CSS length (a map's box can follow the screen width). */
  height: number | string;
  testId?: string;
}) {
  const t = useTranslations("charts");
  const chart = useRef<ChartHandle>(null);
  const box = useRef<HTMLDivElement>(null);
  const near = useNearScreen(box);
  const { module: loaded, failed, load } = useLazyModule(parts, near);
  const type = spec.type;
  // ECharts and this type's parts are fetched alongside the chart's own code, not after it.
  useEffect(() => (loaded || !near ? undefined : whenIdle(() => preloadCharts(type))), [loaded, near, type]);

  let body;
  if (loaded) body = <loaded.Chart ref={chart} spec={spec} title={title} subtitle={subtitle} height={height} />;
  else if (failed)
    body = (
      <Alert variant="light" color="red" data-testid="chart-failed">
        <Text size="sm">{t("loadFailed")}</Text>
        <Button size="xs" variant="default" mt="xs" onClick={load}>
          {t("retry")}
        </Button>
      </Alert>
    );
  else body = <Skeleton height={height} radius="md" data-testid="chart-pending" role="status" aria-label={t("loading")} />;

  return (
    <Stack ref={box} gap="xs" data-testid={testId}>
      {body}
      {groups.length ? <ChartLegend groups={groups} /> : null}
      <Group justify="flex-end" mih={TOOLBAR_HEIGHT}>
        {loaded ? <loaded.ChartActions chart={chart} table={table} fileName={fileName} sharePath={sharePath} /> : <Box h={TOOLBAR_HEIGHT} />}
      </Group>
    </Stack>
  );
}
