"use client";

import { SegmentedControl, Stack } from "@mantine/core";
import { useState } from "react";
import type { ChartTable } from "@/domain/charts/table";
import { ChartPanel } from "@/features/charts/ChartPanel";
import type { ChartSpec } from "@/features/charts/spec";

export interface DepthPanel {
  /** Stable key ("HS2") and its label in the page language. */
  key: string;
  label: string;
  spec: ChartSpec;
  table: ChartTable;
  title: string;
  fileName: string;
}

/** One chart at a product depth the reader chooses (HS2 / HS4 / HS6); every depth is already on the page. */
export function DepthCharts({ panels, label, sharePath, height, testId }: { panels: DepthPanel[]; label: string; sharePath: string; height: number; testId?: string }) {
  const [depth, setDepth] = useState(panels[0]?.key ?? "");
  const panel = panels.find((p) => p.key === depth) ?? panels[0];
  if (!panel) return null;
  return (
    <Stack gap="sm" data-testid={testId} data-depth={panel.key}>
      <SegmentedControl
        aria-label={label}
        value={panel.key}
        onChange={setDepth}
        data={panels.map((p) => ({ value: p.key, label: p.label }))}
        data-testid={testId ? `${testId}-depth` : undefined}
        w="fit-content"
      />
      <ChartPanel key={panel.key} spec={panel.spec} title={panel.title} table={panel.table} fileName={panel.fileName} sharePath={sharePath} height={height} />
    </Stack>
  );
}
