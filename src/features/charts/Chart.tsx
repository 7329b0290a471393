"use client";

import { Alert, Box, Skeleton, useComputedColorScheme, VisuallyHidden } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from "react";
import type { ProductSpaceLayout } from "@/domain/charts/options/network";
import { NARROW_MAP_WIDTH } from "@/domain/charts/breakpoints";
import { WORLD_MAP } from "@/domain/charts/options/geomapName";
import type { ChartContext, ChartGroup, ChartLabels } from "@/domain/charts/types";
import type { Locale } from "@/domain/i18n/locales";
import { nextTask } from "@/features/lazy/lazyModule";
import { useNearScreen } from "@/features/lazy/useNearScreen";
import { chartsWhenIdle, loadChartsFor, type ChartLibrary } from "./chartLibrary";
import { chartPartsFor } from "./chartParts";
import { ChartLegend } from "./ChartLegend";
import { prepareRegion } from "./regionMaps";
import type { ChartAssets, ChartSpec } from "./spec";

type Instance = ReturnType<ChartLibrary["echarts"]["init"]>;

/** What a chart offers its surroundings: images for the download buttons. */
export interface ChartHandle {
  exportImage(format: "png" | "svg"): Promise<Blob>;
}

export interface ChartProps {
  spec: ChartSpec;
  /** Accessible name of the chart, and the title drawn into exported images. */
  title: string;
  subtitle?: string;
  height?: number | string;
  ref?: Ref<ChartHandle>;
  /** Called with the name of the shape or point a visitor clicks (a region map's member links). */
  onSelect?: (name: string) => void;
}

const jsonCache = new Map<string, Promise<unknown>>();

function fetchJson(url: string): Promise<unknown> {
  let pending = jsonCache.get(url);
  if (!pending) {
    pending = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.json();
    });
    pending.catch(() => jsonCache.delete(url));
    jsonCache.set(url, pending);
  }
  return pending;
}

const registeredMaps = new Set<string>();

async function loadAssets(spec: ChartSpec, lib: ChartLibrary): Promise<ChartAssets> {
  if (spec.type === "network") return { layout: (await fetchJson(spec.layoutUrl)) as ProductSpaceLayout };
  if (spec.type === "geomap") {
    const name = spec.input.mapName ?? WORLD_MAP;
    if (!registeredMaps.has(name)) {
      const [topology, { feature }] = await Promise.all([fetchJson(spec.mapUrl), import("topojson-client")]);
      const topo = topology as Parameters<typeof feature>[0] & { objects: Record<string, Parameters<typeof feature>[1]> };
      const collection = feature(topo, topo.objects.countries) as unknown as Parameters<ChartLibrary["joinWorldFeatures"]>[0];
      const joined = lib.joinWorldFeatures(collection, new Map(spec.m49.map(([m49, iso3]) => [m49, iso3])));
      lib.echarts.registerMap(name, joined as unknown as Parameters<ChartLibrary["echarts"]["registerMap"]>[1]);
      registeredMaps.add(name);
    }
    return { mapReady: true };
  }
  if (spec.type === "regionMap") {
    const { mapName, level } = spec.input;
    const region = await prepareRegion(mapName, level);
    if (!registeredMaps.has(mapName)) {
      lib.echarts.registerMap(mapName, region.areas as unknown as Parameters<ChartLibrary["echarts"]["registerMap"]>[1]);
      registeredMaps.add(mapName);
    }
    return { region };
  }
  return {};
}

/** Labels of every chart, from the "charts" messages. */
export function useChartLabels(): ChartLabels {
  const t = useTranslations("charts");
  return useMemo(
    () => ({
      tooltip: {
        rca: t("tooltip.rca"),
        relatedness: t("tooltip.relatedness"),
        marketShare: t("tooltip.marketShare"),
        delta: t("tooltip.delta"),
        tradeValue: t("tooltip.tradeValue"),
        growth: t("tooltip.growth"),
        percent: t("tooltip.percent"),
        year: t("tooltip.year"),
        month: t("tooltip.month"),
        quarter: t("tooltip.quarter"),
      },
      fallbacks: {
        unspecifiedTerritories: t("fallback.unspecifiedTerritories"),
        multipleItems: t("fallback.multipleItems"),
        otherValues: t("fallback.otherValues"),
      },
      total: t("total"),
      worldTrade: t("worldTrade"),
      noData: t("mapNoData"),
      smallerItems: (count: number) => t("smallerItems", { count }),
      measures: Object.fromEntries(
        ["trade_value", "gdp", "gdp_per_capita", "population", "eci", "eci_rank", "world_trade", "rca", "market_share", "relatedness", "pci", "projected_growth"].map((k) => [k, t(`measures.${k}`)]),
      ),
    }),
    [t],
  );
}

let chartCounter = 0;

/**
 * What of the width an option depends on: most charts only whether the screen is narrow (maps sit
 * above their legend there); a map coloured by an index sizes itself to the box, so every 16 px.
 */
const layoutKey = (spec: ChartSpec, width: number): string =>
  (spec.type === "geomap" && spec.input.measure) || spec.type === "regionMap" ? `w${Math.round(width / 16)}` : width < NARROW_MAP_WIDTH ? "narrow" : "wide";

/**
 * The one chart component: loads ECharts on demand (the core once the browser is idle, then the
 * parts of this chart's type, chartParts.ts), builds the option with the pure generators and
 * draws it on a canvas. Marks `ots-chart-data` when everything it needs is there and measures
 * `ots-chart-draw` until ECharts reports the frame finished (also in data-draw-ms).
 */
export function Chart({ spec, title, subtitle, height = 560, ref, onSelect }: ChartProps) {
  const t = useTranslations("charts");
  const locale = useLocale() as Locale;
  const dark = useComputedColorScheme("light") === "dark";
  const labels = useChartLabels();
  const container = useRef<HTMLDivElement>(null);
  // ECharts and this chart's parts load when the chart comes near the screen, not with the page.
  const near = useNearScreen(container);
  const instance = useRef<Instance | null>(null);
  // The parts registered when the instance was made: it knows only those (see PartRegistry).
  const instanceGeneration = useRef(0);
  const assetsRef = useRef<ChartAssets>({});
  const [status, setStatus] = useState<"loading" | "ready" | "error">("loading");
  const [error, setError] = useState("");
  const [drawMs, setDrawMs] = useState<number | null>(null);
  // Stacked areas and lines: the full legend under the chart (made with the lazily loaded option code).
  const [seriesLegend, setSeriesLegend] = useState<ChartGroup[]>([]);
  // Options depend on the width only through a layout key (see layoutKey): the option is rebuilt
  // when a resize changes it, otherwise ECharts just resizes.
  const builtLayout = useRef<string | null>(null);
  const specRef = useRef(spec);
  useEffect(() => {
    specRef.current = spec;
  }, [spec]);
  // The latest click handler, read when a click happens (a new function does not redraw the chart).
  const selectRef = useRef(onSelect);
  useEffect(() => {
    selectRef.current = onSelect;
  }, [onSelect]);
  const [layout, setLayout] = useState(0);
  const currency = spec.currency;
  const ctx = useMemo<ChartContext>(() => ({ locale, labels, dark, ...(currency ? { currency } : {}) }), [locale, labels, dark, currency]);

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    const id = ++chartCounter;
    (async () => {
      try {
        const lib = await chartsWhenIdle(spec.type);
        const assets = await loadAssets(spec, lib);
        if (cancelled || !container.current) return;
        assetsRef.current = assets;
        const dataMark = `ots-chart-data-${id}`;
        performance.mark(dataMark);
        if (instance.current && lib.partsNewerThan(chartPartsFor(spec.type), instanceGeneration.current)) {
          // Made before this type's chart was registered (another type was drawn here first): make it anew.
          instance.current.dispose();
          instance.current = null;
        }
        const chart = instance.current ?? lib.echarts.init(container.current, null, { renderer: "canvas" });
        if (instance.current !== chart) instanceGeneration.current = lib.partsGeneration();
        instance.current = chart;
        // The instance on its element lets end-to-end tests find where a data point is drawn.
        (container.current as HTMLDivElement & { otsChart?: Instance }).otsChart = chart;
        chart.off("click");
        chart.on("click", (params) => selectRef.current?.(String((params as { name?: string }).name ?? "")));
        chart.off("finished");
        chart.on("finished", () => {
          chart.off("finished");
          const drawnMark = `ots-chart-drawn-${id}`;
          performance.mark(drawnMark);
          const measure = performance.measure("ots-chart-draw", dataMark, drawnMark);
          if (!cancelled) {
            setDrawMs(Math.round(measure.duration * 10) / 10);
            setStatus("ready");
          }
        });
        // Making the instance, reading the option and drawing are three tasks, not one (a phone's
        // main thread is then never blocked for the whole of a big treemap): the option is read
        // after a yield, and ECharts draws it in the next animation frame (lazyUpdate).
        await nextTask();
        if (cancelled || !container.current) return;
        const size = { width: container.current.clientWidth, height: container.current.clientHeight };
        builtLayout.current = layoutKey(spec, size.width);
        const option = lib.chartOption(spec, assets, { ...ctx, size });
        setSeriesLegend(spec.type === "stacked" || spec.type === "line" ? lib.timeSeriesLegend(spec.input, ctx, spec.type === "stacked") : []);
        performance.measure("ots-chart-option", dataMark);
        chart.setOption(option, { notMerge: true, lazyUpdate: true });
        performance.measure("ots-chart-setoption", dataMark);
      } catch (e) {
        if (!cancelled) {
          setError((e as Error).message);
          setStatus("error");
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [spec, ctx, layout, near]);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      instance.current?.resize();
      const key = layoutKey(specRef.current, el.clientWidth);
      if (builtLayout.current !== null && builtLayout.current !== key) {
        builtLayout.current = key;
        setLayout((n) => n + 1);
      }
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.current?.dispose();
      instance.current = null;
    };
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      async exportImage(format) {
        // The SVG renderer is loaded for an SVG image only: charts on the page draw on a canvas.
        const lib = await loadChartsFor(spec.type, format === "svg" ? ["svg"] : []);
        const assets = Object.keys(assetsRef.current).length ? assetsRef.current : await loadAssets(spec, lib);
        const width = Math.max(800, container.current?.clientWidth ?? 1200);
        const height = Math.max(560, container.current?.clientHeight ?? 700);
        const host = document.createElement("div");
        host.style.cssText = `position:fixed;left:-100000px;top:0;width:${width}px;height:${height}px;`;
        document.body.appendChild(host);
        const background = dark ? "#242424" : "#ffffff";
        const exporter = lib.echarts.init(host, null, { renderer: format === "svg" ? "svg" : "canvas", width, height });
        try {
          exporter.setOption({ ...lib.chartOption(spec, assets, { ...ctx, title, subtitle, showTitle: true, size: { width, height } }), animation: false, backgroundColor: background });
          if (format === "svg") return new Blob([exporter.renderToSVGString()], { type: "image/svg+xml;charset=utf-8" });
          const url = exporter.getDataURL({ type: "png", pixelRatio: 2, backgroundColor: background });
          // Decoded here, not fetched: the Content-Security-Policy allows no fetch of data: URLs.
          return dataUrlBlob(url);
        } finally {
          exporter.dispose();
          host.remove();
        }
      },
    }),
    [spec, ctx, dark, title, subtitle],
  );

  return (
    <>
      <Box pos="relative" h={height} data-testid="chart" data-chart-type={spec.type} data-chart-pending={!near || undefined} data-chart-ready={status === "ready" || undefined} data-draw-ms={drawMs ?? undefined}>
        <div ref={container} role="img" aria-label={title} style={{ width: "100%", height: "100%" }} />
        <ChartStatus status={status} loading={t("loading")} error={t("error", { message: error })} />
      </Box>
      {seriesLegend.length > 0 && <ChartLegend groups={seriesLegend} />}
    </>
  );
}

/** Over the chart box: its shape greyed and shimmering while it loads (not a spinner in an empty box), or what went wrong. */
function ChartStatus({ status, loading, error }: { status: "loading" | "ready" | "error"; loading: string; error: string }) {
  if (status === "loading")
    return (
      <Box pos="absolute" inset={0} aria-live="polite" data-testid="chart-skeleton">
        <Skeleton h="100%" radius="md" />
        <VisuallyHidden>{loading}</VisuallyHidden>
      </Box>
    );
  if (status === "error")
    return (
      <Alert pos="absolute" top={16} left={16} right={16} color="red" role="alert">
        {error}
      </Alert>
    );
  return null;
}

/** A base64 data: URL as a Blob of its media type. */
export function dataUrlBlob(url: string): Blob {
  const comma = url.indexOf(",");
  const type = /^data:([^;,]+)/.exec(url.slice(0, comma))?.[1] ?? "application/octet-stream";
  const binary = atob(url.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}
