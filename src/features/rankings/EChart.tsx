"use client";

import { Button, Group, useComputedColorScheme } from "@mantine/core";
import { MapChart, ScatterChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";
import { DARK_THEME, LIGHT_THEME, type ChartTheme } from "./charts";

// Tree-shaken: only what the ranking charts draw.
echarts.use([MapChart, ScatterChart, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

export { echarts };

/**
 * Renders an ECharts option on a canvas, follows the colour scheme, resizes with its box and
 * offers the chart as a PNG. The option comes from a pure function of the data (charts.ts).
 */
export function EChart({
  build,
  height,
  aspectRatio,
  label,
  downloadName,
  downloadLabel,
}: {
  build: (theme: ChartTheme) => echarts.EChartsCoreOption;
  /** A fixed height, or an aspect ratio ("16 / 10") so a map keeps its shape on narrow screens. */
  height?: number;
  aspectRatio?: string;
  label: string;
  downloadName: string;
  downloadLabel: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const dark = useComputedColorScheme("light") === "dark";
  const theme = dark ? DARK_THEME : LIGHT_THEME;

  useEffect(() => {
    if (!box.current) return;
    const instance = echarts.init(box.current, null, { renderer: "canvas" });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(build(theme), true);
  }, [build, theme]);

  const download = () => {
    const url = chart.current?.getDataURL({ type: "png", pixelRatio: 2, backgroundColor: theme.background });
    if (!url) return;
    const a = document.createElement("a");
    a.href = url;
    a.download = `${downloadName}.png`;
    a.click();
  };

  return (
    <div>
      <div ref={box} role="img" aria-label={label} style={{ width: "100%", ...(aspectRatio ? { aspectRatio } : { height }) }} data-testid={`chart-${downloadName}`} />
      <Group justify="flex-end" mt={4}>
        <Button size="compact-xs" variant="subtle" onClick={download}>
          {downloadLabel}
        </Button>
      </Group>
    </div>
  );
}
