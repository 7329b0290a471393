"use client";

import { Group, Stack } from "@mantine/core";
import { useRef } from "react";
import type { ChartTable } from "@/domain/charts/table";
import type { ChartGroup } from "@/domain/charts/types";
import { ChartActions } from "./ChartActions";
import { Chart, type ChartHandle } from "./Chart";
import { ChartLegend } from "./ChartLegend";
import type { ChartSpec } from "./spec";

/**
 * A chart whose data the server already holds (the ranking pages' ECI map and scatter, a
 * province's treemap), drawn by the one chart stack: the same component, colours, tooltips and
 * downloads (PNG, SVG, CSV) as every visualisation. The server sends the spec and the CSV table
 * as plain data.
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
  const chart = useRef<ChartHandle>(null);
  return (
    <Stack gap="xs" data-testid={testId}>
      <Chart ref={chart} spec={spec} title={title} subtitle={subtitle} height={height} />
      {groups.length ? <ChartLegend groups={groups} /> : null}
      <Group justify="flex-end">
        <ChartActions chart={chart} table={table} fileName={fileName} sharePath={sharePath} />
      </Group>
    </Stack>
  );
}
