/**
 * Chart options for the ranking pages, as pure functions of the rows (tested without a browser).
 * The thin client components in this folder only register ECharts pieces and render these.
 */
import type { EChartsCoreOption } from "echarts/core";
import { formatDecimal, formatNumber, formatUsd, type FormatLocale } from "@/domain/format";
import type { MapDatum, ScatterPoint } from "@/domain/rankings/charts";

export { padM49, type MapDatum, type ScatterPoint } from "@/domain/rankings/charts";

export interface ChartTheme {
  text: string;
  muted: string;
  border: string;
  noData: string;
  background: string;
}

export const LIGHT_THEME: ChartTheme = { text: "#212529", muted: "#495057", border: "#ffffff", noData: "#dee2e6", background: "#ffffff" };
export const DARK_THEME: ChartTheme = { text: "#c9c9c9", muted: "#a6a7ab", border: "#242424", noData: "#3b3b3b", background: "#242424" };

/** Diverging blue (less complex) to teal-green (more complex), readable in both schemes. */
export const ECI_COLORS = ["#b2182b", "#ef8a62", "#fddbc7", "#d1e5f0", "#67a9cf", "#2166ac"];


export interface MapLabels {
  measure: string;
  rank: string;
  high: string;
  low: string;
}


function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}


export function eciMapOption(data: readonly MapDatum[], labels: MapLabels, theme: ChartTheme, locale: FormatLocale, mapName = "world"): EChartsCoreOption {
  const values = data.map((d) => d.value);
  const bound = values.length ? Math.max(Math.abs(Math.min(...values)), Math.abs(Math.max(...values))) : 1;
  return {
    backgroundColor: "transparent",
    tooltip: {
      trigger: "item",
      formatter: (p: { data?: MapDatum & { label?: string }; name: string }) => {
        if (!p.data) return "";
        const rank = p.data.rank !== null ? `<br/>${escapeHtml(labels.rank)}: ${formatNumber(p.data.rank, locale)}` : "";
        return `<strong>${escapeHtml(p.data.label ?? p.name)}</strong><br/>${escapeHtml(labels.measure)}: ${formatDecimal(p.data.value, locale)}${rank}`;
      },
    },
    visualMap: {
      type: "continuous",
      min: -Math.ceil(bound * 10) / 10,
      max: Math.ceil(bound * 10) / 10,
      orient: "horizontal",
      left: "center",
      bottom: 0,
      itemWidth: 10,
      itemHeight: 110,
      text: [labels.high, labels.low],
      textStyle: { color: theme.text, fontSize: 11 },
      calculable: false,
      inRange: { color: ECI_COLORS },
    },
    series: [
      {
        type: "map",
        map: mapName,
        nameProperty: "m49",
        roam: false,
        top: 8,
        bottom: 44,
        left: 0,
        right: 0,
        selectedMode: false,
        itemStyle: { areaColor: theme.noData, borderColor: theme.border, borderWidth: 0.5 },
        emphasis: { label: { show: false }, itemStyle: { areaColor: "#fcc419" } },
        data: data.map((d) => ({ name: d.m49, value: d.value, label: d.name, rank: d.rank })),
      },
    ],
  };
}


export interface ScatterLabels {
  x: string;
  y: string;
}

/** ECI against GDP per capita on a log axis; points without a positive GDP per capita are left out. */
export function eciScatterOption(points: readonly ScatterPoint[], labels: ScatterLabels, theme: ChartTheme, locale: FormatLocale): EChartsCoreOption {
  const usd = { format: (v: number) => formatUsd(v, locale, { compact: true }) };
  const usable = points.filter((p) => p.x > 0 && Number.isFinite(p.x) && Number.isFinite(p.y));
  const groups = [...new Set(usable.map((p) => p.group))];
  return {
    backgroundColor: "transparent",
    grid: { left: 52, right: 16, top: 16, bottom: 76 },
    legend: { type: "scroll", bottom: 0, textStyle: { color: theme.text }, itemWidth: 10, itemHeight: 10, data: groups, pageTextStyle: { color: theme.muted } },
    tooltip: {
      trigger: "item",
      formatter: (p: { data?: { name: string; value: [number, number] } }) =>
        p.data ? `<strong>${escapeHtml(p.data.name)}</strong><br/>${escapeHtml(labels.y)}: ${formatDecimal(p.data.value[1], locale)}<br/>${escapeHtml(labels.x)}: ${usd.format(p.data.value[0])}` : "",
    },
    xAxis: {
      type: "log",
      name: labels.x,
      nameLocation: "middle",
      nameGap: 28,
      nameTextStyle: { color: theme.muted },
      axisLabel: { color: theme.muted, formatter: (v: number) => usd.format(v) },
      axisLine: { lineStyle: { color: theme.muted } },
      splitLine: { show: false },
    },
    yAxis: {
      type: "value",
      name: labels.y,
      nameLocation: "middle",
      nameGap: 34,
      nameTextStyle: { color: theme.muted },
      axisLabel: { color: theme.muted, formatter: (v: number) => formatDecimal(v, locale, 1) },
      splitLine: { lineStyle: { color: theme.noData, type: "dashed" } },
    },
    series: groups.map((group) => ({
      type: "scatter",
      name: group,
      symbolSize: 8,
      itemStyle: { color: usable.find((p) => p.group === group)!.color, opacity: 0.85 },
      data: usable.filter((p) => p.group === group).map((p) => ({ name: p.name, value: [p.x, p.y] })),
    })),
  };
}

type Ring = number[][];

/**
 * World-atlas keeps rings that cross the antimeridian (Russia's Chukotka, Fiji) as spherical
 * polygons; drawn on a flat plane they become bands across the whole map. Points on the ring's
 * minority side are pulled to the ±180° edge on its majority side: at 1:110m the shapes stay
 * recognisable and the bands disappear.
 */
export function clampAntimeridian(ring: Ring): Ring {
  let crosses = false;
  for (let i = 1; i < ring.length; i++) if (Math.abs(ring[i][0] - ring[i - 1][0]) > 180) crosses = true;
  if (!crosses) return ring;
  const east = ring.filter((p) => p[0] >= 0).length >= ring.length / 2;
  return ring.map(([lon, lat, ...rest]) => (east ? (lon < -90 ? [180, lat, ...rest] : [lon, lat, ...rest]) : lon > 90 ? [-180, lat, ...rest] : [lon, lat, ...rest]));
}

export function clampGeometry<G extends { type: string; coordinates?: unknown }>(geometry: G): G {
  if (geometry.type === "Polygon") return { ...geometry, coordinates: (geometry.coordinates as Ring[]).map(clampAntimeridian) };
  if (geometry.type === "MultiPolygon") return { ...geometry, coordinates: (geometry.coordinates as Ring[][]).map((poly) => poly.map(clampAntimeridian)) };
  return geometry;
}
