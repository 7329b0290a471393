/**
 * Geomap: countries of the world (TopoJSON from the data package, Miller projection) coloured by
 * trade value in 7 sequential classes of about equal size; countries without data are drawn in a
 * light grey. The selected country, when it is not itself coloured, is outlined.
 */
import type { EChartsOption } from "echarts";
import { formatUsd } from "@/domain/format";
import type { MeasureFormat } from "@/domain/charts/measures";
import { splitAntimeridian } from "../antimeridian";
import { millerProjection } from "../miller";
import { DIVERGING, FONT_SIZE, LEGEND_ICON, memberIcon, memberName, quantileBreaks, SEQUENTIAL, tooltipHtml, tooltipRows } from "../presentation";
import type { ChartContext, ChartRow } from "../types";
import { formatMeasure, palette, titleOption, titleSpace, tooltipFrame, total } from "./common";
import { measureOf } from "./scatterPoints";
import { WORLD_MAP } from "./geomapName";
import { NARROW_MAP_WIDTH } from "../breakpoints";

export { WORLD_MAP };

/** Feature properties the map series reads: iso3 joins the data, name is the atlas name. */
export interface WorldFeatureProperties {
  /** What the map series joins data on: the ISO3 code, or a placeholder unique to the feature. */
  key: string;
  iso3: string | null;
  name: string;
}

export interface GeomapInput {
  rows: readonly ChartRow[];
  /** Name the GeoJSON was registered under (echarts.registerMap). */
  mapName?: string;
  year?: number;
  /** ISO3 of the country whose partners are shown. */
  focus?: string | null;
  dimension: string;
  /**
   * What colours the countries when it is not trade value: an index centred on zero (ECI) on a
   * diverging scale, with the words for its two ends and, optionally, the measure holding a rank.
   */
  measure?: GeomapMeasure;
}

export interface GeomapMeasure {
  key: string;
  format: MeasureFormat;
  scale: "diverging";
  high: string;
  low: string;
  rankKey?: string;
}

export interface MapPiece {
  min?: number;
  max?: number;
  color: string;
  label: string;
}

/** The 7 colour classes for the values (fewer when there are few distinct values). */
export function mapPieces(values: readonly number[], ctx: Pick<ChartContext, "locale" | "currency">): MapPiece[] {
  const positive = values.filter((v) => v > 0);
  if (positive.length === 0) return [];
  const breaks = [...new Set(quantileBreaks(positive, 7))].filter((b) => b > Math.min(...positive));
  const colors = SEQUENTIAL[7];
  const pieces: MapPiece[] = [];
  const fmt = (v: number) => formatUsd(v, ctx.locale, { compact: true, currency: ctx.currency });
  const offset = colors.length - (breaks.length + 1);
  for (let i = 0; i <= breaks.length; i++) {
    const min = i === 0 ? undefined : breaks[i - 1];
    const max = i === breaks.length ? undefined : breaks[i];
    const label = min === undefined ? `< ${fmt(max!)}` : max === undefined ? `≥ ${fmt(min)}` : `${fmt(min)} – ${fmt(max)}`;
    pieces.push({ ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}), color: colors[i + offset], label });
  }
  return pieces;
}


/**
 * Where the map is drawn. A custom projection does not keep the world's proportions inside a
 * box, so on narrow screens the map is sized by `layoutSize` (the smaller side, aspect kept) and
 * raised so the legend fits under it rather than over the Americas.
 */
function mapBox(ctx: ChartContext): Record<string, unknown> {
  if (ctx.size && ctx.size.width < NARROW_MAP_WIDTH) {
    return { layoutCenter: ["50%", "28%"], layoutSize: "96%", aspectScale: 1 };
  }
  return { top: titleSpace(ctx) + 8, left: 8, right: 8, bottom: 8 };
}

/** The world map series both colourings share: Miller projection, zoom, no-data grey, hover colour. */
function mapSeries(input: GeomapInput, ctx: ChartContext, box: Record<string, unknown>, data: readonly object[]) {
  const colors = palette(ctx.dark);
  return {
    type: "map",
    map: input.mapName ?? WORLD_MAP,
    nameProperty: "key",
    projection: millerProjection,
    roam: true,
    scaleLimit: { min: 1, max: 12 },
    ...box,
    selectedMode: false,
    label: { show: false },
    itemStyle: { areaColor: colors.noData, borderColor: colors.border, borderWidth: 0.4 },
    emphasis: { label: { show: false }, itemStyle: { areaColor: "#fab005", borderColor: colors.text, borderWidth: 0.8 } },
    data,
  };
}

export function geomapOption(input: GeomapInput, ctx: ChartContext): EChartsOption {
  if (input.measure) return divergingMapOption(input, input.measure, ctx);
  const colors = palette(ctx.dark);
  const rows = input.rows.filter((r) => (r.value ?? 0) > 0);
  const sum = total(rows);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pieces = mapPieces(rows.map((r) => r.value ?? 0), ctx);
  const data: { name: string; value: number; itemStyle?: object }[] = rows.map((r) => ({ name: r.id, value: r.value ?? 0 }));
  if (input.focus && !byId.has(input.focus)) {
    // Outlined, not filled: a dark fill reads as "the largest value" on a sequential scale.
    data.push({ name: input.focus, value: Number.NaN, itemStyle: { areaColor: colors.noData, borderColor: colors.text, borderWidth: 1.6 } });
  }
  return {
    animation: false,
    title: titleOption(ctx),
    tooltip: {
      ...tooltipFrame(ctx),
      trigger: "item",
      formatter: (params: unknown) => {
        const p = params as { name: string; data?: { name: string } };
        const row = byId.get(p.name);
        if (!row) return "";
        return tooltipHtml({
          title: memberName(row.name, input.dimension, ctx.labels.fallbacks),
          subtitle: row.groupName ?? undefined,
          icon: memberIcon(row.kind, row.id),
          rows: tooltipRows({ tradeValue: row.value, percent: sum ? (row.value ?? 0) / sum : null, period: input.year }, ctx.labels.tooltip, ctx.locale, ctx.currency),
        });
      },
    },
    visualMap: pieces.length
      ? {
          type: "piecewise",
          pieces: pieces.map((p) => ({ ...(p.min !== undefined ? { gte: p.min } : {}), ...(p.max !== undefined ? { lt: p.max } : {}), color: p.color, label: p.label })),
          left: 8,
          bottom: 8,
          itemWidth: LEGEND_ICON.width,
          itemHeight: LEGEND_ICON.height,
          itemGap: ctx.size && ctx.size.width < NARROW_MAP_WIDTH ? 2 : 4,
          textStyle: { color: colors.text, fontSize: FONT_SIZE.label - 4 },
          seriesIndex: 0,
        }
      : undefined,
    series: [mapSeries(input, ctx, mapBox(ctx), data)],
  } as EChartsOption;
}

/** Symmetric bound of a diverging scale: the largest absolute value, rounded up to a tenth. */
export function divergingBound(values: readonly number[]): number {
  const largest = values.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  return Math.ceil(largest * 10) / 10 || 1;
}

/** Width over height of the Miller world without Antarctica, as ECharts draws it. */
const WORLD_ASPECT = 2;
const LEGEND_SPACE = 52;

/**
 * The map as large as the box allows above its legend, at any width: a custom projection does not
 * fit itself to top/left/right/bottom, so the size and centre are computed from the drawing size.
 */
function divergingMapBox(ctx: ChartContext): Record<string, unknown> {
  if (!ctx.size) return { top: titleSpace(ctx) + 8, left: 8, right: 8, bottom: LEGEND_SPACE };
  const top = titleSpace(ctx) + 8;
  const height = Math.max(40, ctx.size.height - top - LEGEND_SPACE);
  const size = Math.max(40, Math.min(ctx.size.width - 16, height * WORLD_ASPECT));
  return { layoutCenter: [ctx.size.width / 2, top + height / 2], layoutSize: Math.round(size), aspectScale: 1 };
}

/** The map coloured by an index centred on zero (ECI): continuous diverging legend, index and rank in tooltips. */
function divergingMapOption(input: GeomapInput, measure: GeomapMeasure, ctx: ChartContext): EChartsOption {
  const colors = palette(ctx.dark);
  const rows = input.rows.filter((r) => Number.isFinite(measureOf(r, measure.key)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const bound = divergingBound(rows.map((r) => measureOf(r, measure.key) as number));
  const narrow = Boolean(ctx.size && ctx.size.width < NARROW_MAP_WIDTH);
  const label = (key: string) => ctx.labels.measures[key] ?? key;
  return {
    animation: false,
    title: titleOption(ctx),
    tooltip: {
      ...tooltipFrame(ctx),
      trigger: "item",
      formatter: (params: unknown) => {
        const row = byId.get((params as { name: string }).name);
        if (!row) return "";
        const extra = [{ label: label(measure.key), value: formatMeasure(measureOf(row, measure.key), measure.format, ctx.locale, false) }];
        const rank = measure.rankKey ? measureOf(row, measure.rankKey) : null;
        if (typeof rank === "number") extra.push({ label: label(measure.rankKey!), value: formatMeasure(rank, "number", ctx.locale, false) });
        return tooltipHtml({
          title: memberName(row.name, input.dimension, ctx.labels.fallbacks),
          subtitle: row.groupName ?? undefined,
          icon: memberIcon(row.kind, row.id),
          rows: tooltipRows({ extra, period: input.year }, ctx.labels.tooltip, ctx.locale),
        });
      },
    },
    visualMap: rows.length
      ? {
          type: "continuous",
          min: -bound,
          max: bound,
          orient: "horizontal",
          left: "center",
          bottom: 4,
          itemWidth: 12,
          itemHeight: narrow ? 140 : 200,
          text: [measure.high, measure.low],
          textGap: 8,
          textStyle: { color: colors.text, fontSize: FONT_SIZE.label - 4 },
          calculable: false,
          precision: 2,
          inRange: { color: [...DIVERGING] },
          seriesIndex: 0,
        }
      : undefined,
    series: [mapSeries(input, ctx, divergingMapBox(ctx), rows.map((r) => ({ name: r.id, value: measureOf(r, measure.key) as number })))],
  } as EChartsOption;
}

/**
 * Adds `iso3` to world-atlas features (ids are zero-padded ISO numeric codes) from an M49 -> ISO3
 * table, drops Antarctica, which has no trade and dominates a Miller map, and splits polygons that
 * cross the antimeridian so a flat projection does not draw them across the whole map.
 */
export function joinWorldFeatures<G extends { type: string; coordinates?: unknown }>(
  collection: { type: "FeatureCollection"; features: readonly { type: "Feature"; id?: string | number; properties: Record<string, unknown> | null; geometry: G }[] },
  m49ToIso3: ReadonlyMap<number, string>,
): { type: "FeatureCollection"; features: { type: "Feature"; id?: string | number; properties: WorldFeatureProperties; geometry: G | ReturnType<typeof splitAntimeridian> }[] } {
  return {
    type: "FeatureCollection",
    features: collection.features
      .filter((f) => String(f.id ?? "") !== "010")
      .map((f, index) => {
        const m49 = f.id === undefined || f.id === null || f.id === "" ? Number.NaN : Number(f.id);
        const name = typeof f.properties?.name === "string" ? f.properties.name : "";
        const iso3 = Number.isFinite(m49) ? (m49ToIso3.get(m49) ?? null) : null;
        return { ...f, geometry: f.geometry ? splitAntimeridian(f.geometry) : f.geometry, properties: { key: iso3 ?? `_${f.id ?? index}`, iso3, name } };
      }),
  };
}
