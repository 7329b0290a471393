"use client";

import { Group, Stack } from "@mantine/core";
import { useRef } from "react";
import type { ChartTable } from "@/domain/charts/table";
import type { ChartGroup } from "@/domain/charts/types";
import { ChartActions } from "@/features/charts/ChartActions";
import { Chart, type ChartHandle } from "@/features/charts/Chart";
import { ChartLegend } from "@/features/charts/ChartLegend";
import type { ChartSpec } from "@/features/charts/spec";

/**
 * A ranking page's chart (the ECI map, ECI against GDP per capita) drawn by the one chart stack:
 * the same component, colours, tooltips and downloads (PNG, SVG, CSV) as every visualisation.
 * The server sends the spec and the CSV table as plain data.
 */
export function RankingChart({
  spec,
  title,
  subtitle,
  table,
  fileName,
  sharePath,
  groups = [],
  height,
}: {
  spec: ChartSpec;
  title: string;
  subtitle?: string;
  table: ChartTable;
  fileName: string;
  sharePath: string;
  groups?: readonly ChartGroup[];
  /** Pixels, or a CSS length (a map's box can follow the screen width). */
  height: number | string;
}) {
  const chart = useRef<ChartHandle>(null);
  return (
    <Stack gap="xs" data-testid={`ranking-chart-${spec.type}`}>
      <Chart ref={chart} spec={spec} title={title} subtitle={subtitle} height={height} />
      {groups.length ? <ChartLegend groups={groups} /> : null}
      <Group justify="flex-end">
        <ChartActions chart={chart} table={table} fileName={fileName} sharePath={sharePath} />
      </Group>
    </Stack>
  );
}
