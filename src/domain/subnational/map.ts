/**
 * The subnational map as pure functions: a level's features read the way its config says (id and
 * name properties, ids compared as integers, features to leave out), then the ECharts option for
 * them — areas coloured by value in sequential classes, or, for ports and customs districts,
 * points over the country's outline sized by value. Miller projection unless the level says
 * otherwise (domain/subnational/projection.ts).
 */
import type { EChartsOption } from "echarts";
import { SEQUENTIAL, quantileBreaks } from "@/domain/charts/presentation";
import { formatUsd, type FormatLocale } from "@/domain/format";
import { mapConfigOf, normaliseRegionId, type GeoLevel } from "./config";
import { makeProjection } from "./projection";

export interface GeoFeature {
  type: "Feature";
  id?: string | number;
  properties: Record<string, unknown> | null;
  geometry: { type: string; coordinates?: unknown } | null;
}

export interface GeoCollection {
  type: "FeatureCollection";
  features: GeoFeature[];
}

export interface MapPoint {
  key: string;
  name: string;
  coord: [number, number];
}

export interface PreparedMap {
  /** Polygons: the level's members (keyed by normalised id), or only the outline for point levels. */
  areas: GeoCollection;
  /** Point members (ports, districts). */
  points: MapPoint[];
  /** Member keys drawn (areas or points). */
  keys: string[];
}

export interface MapValue {
  id: string;
  value: number;
  name?: string;
}

const isPoint = (f: GeoFeature) => f.geometry?.type === "Point";

function rawId(feature: GeoFeature, level: GeoLevel): string | null {
  const spec = level.geometry?.id;
  const value = spec?.from === "property" ? feature.properties?.[spec.key] : feature.id;
  return value === undefined || value === null || value === "" ? null : String(value);
}

function dropped(feature: GeoFeature, id: string | null, level: GeoLevel): boolean {
  if (id !== null && level.ignoreIdsList?.includes(id)) return true;
  const names = id !== null ? level.ignoreIdsMap?.[id] : undefined;
  return Boolean(names && names.includes(String(feature.properties?.name ?? "")));
}

/**
 * Reads a level's features: each member keyed by its normalised id ("05" -> "5" where the level's
 * ids are integers), named by the level's name property. Features the level ignores are left out,
 * except that a point level keeps its ignored polygon (the country's outline) to draw under the points.
 */
export function prepareFeatures(collection: GeoCollection, level: GeoLevel): PreparedMap {
  const geometry = level.geometry;
  const areas: GeoFeature[] = [];
  const points: MapPoint[] = [];
  const keys: string[] = [];
  const seen = new Set<string>();
  if (!geometry) return { areas: { type: "FeatureCollection", features: [] }, points, keys };
  for (const feature of collection.features) {
    if (!feature.geometry) continue;
    const id = rawId(feature, level);
    const ignored = dropped(feature, id, level);
    const normalised = id === null ? null : normaliseRegionId(id, geometry.ids);
    const key = normalised === null ? null : (geometry.memberIds?.[normalised] ?? normalised);
    const name = String((geometry.nameKey ? feature.properties?.[geometry.nameKey] : null) ?? feature.properties?.name ?? id ?? "");
    if (geometry.points) {
      if (isPoint(feature)) {
        const coords = feature.geometry.coordinates as number[] | undefined;
        if (!ignored && key !== null && coords && Number.isFinite(coords[0]) && Number.isFinite(coords[1])) {
          points.push({ key, name, coord: [coords[0], coords[1]] });
          keys.push(key);
        }
      } else {
        areas.push({ ...feature, properties: { ...feature.properties, key: `outline-${areas.length}`, name } });
      }
      continue;
    }
    if (ignored || key === null || isPoint(feature)) continue;
    areas.push({ ...feature, properties: { ...feature.properties, key, name } });
    // A member drawn in several features (islands stored apart) is one member.
    if (!seen.has(key)) {
      seen.add(key);
      keys.push(key);
    }
  }
  return { areas: { type: "FeatureCollection", features: areas }, points, keys };
}

function walk(coords: unknown, visit: (lon: number, lat: number) => void): void {
  if (!Array.isArray(coords)) return;
  if (typeof coords[0] === "number" && typeof coords[1] === "number") visit(coords[0], coords[1]);
  else for (const c of coords) walk(c, visit);
}

/** Width over height of the drawn features in the level's projection (1 when nothing is drawn). */
export function projectedAspect(prepared: PreparedMap, level: GeoLevel): number {
  const config = mapConfigOf(level);
  const projection = makeProjection(config.projection, config.rotation);
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (lon: number, lat: number) => {
    const [x, y] = projection.project([lon, lat]);
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  };
  for (const f of prepared.areas.features) walk(f.geometry?.coordinates, visit);
  for (const p of prepared.points) visit(p.coord[0], p.coord[1]);
  return x1 > x0 && y1 > y0 ? (x1 - x0) / (y1 - y0) : 1;
}

/**
 * Where the map is drawn: a custom projection does not keep its proportions inside a
 * top/left/right/bottom box, so the size is computed from the drawing's size and the map's aspect.
 */
export function mapLayout(aspect: number, size: { width: number; height: number } | undefined, legendSpace: number): Record<string, unknown> {
  if (!size) return { layoutCenter: ["50%", "50%"], layoutSize: "90%" };
  const width = Math.max(40, size.width - 16);
  const height = Math.max(40, size.height - 16 - legendSpace);
  // layoutSize is the map's larger side.
  const larger = aspect >= 1 ? Math.min(width, height * aspect) : Math.min(height, width / aspect);
  return { layoutCenter: [size.width / 2, 8 + height / 2], layoutSize: Math.round(larger) };
}

export interface MapPiece {
  gte?: number;
  lt?: number;
  color: string;
  label: string;
}

/** Up to seven classes of about equal size, labelled in the level's currency. */
export function valuePieces(values: readonly number[], locale: FormatLocale, currency: string): MapPiece[] {
  const positive = values.filter((v) => v > 0);
  if (!positive.length) return [];
  const min = Math.min(...positive);
  const breaks = [...new Set(quantileBreaks(positive, 7))].filter((b) => b > min);
  const colors = SEQUENTIAL[7];
  const offset = colors.length - (breaks.length + 1);
  const fmt = (v: number) => formatUsd(v, locale, { compact: true, currency });
  return Array.from({ length: breaks.length + 1 }, (_, i) => {
    const gte = i === 0 ? undefined : breaks[i - 1];
    const lt = i === breaks.length ? undefined : breaks[i];
    const label = gte === undefined ? `< ${fmt(lt!)}` : lt === undefined ? `≥ ${fmt(gte)}` : `${fmt(gte)} – ${fmt(lt)}`;
    return { ...(gte !== undefined ? { gte } : {}), ...(lt !== undefined ? { lt } : {}), color: colors[i + offset], label };
  });
}

export interface SubnationalMapInput {
  /** Name the areas were registered under (echarts.registerMap). */
  mapName: string;
  level: GeoLevel;
  prepared: PreparedMap;
  values?: readonly MapValue[];
  locale: FormatLocale;
  /** ISO 4217 code of the values ("USD", "AUD"): every label shows it. */
  currency: string;
  dark: boolean;
  /** What the tooltip says where a member has no value. */
  noDataLabel: string;
  /** The member to outline (a member profile's own map). */
  focus?: string;
  /** The drawing's size in pixels, to keep the map's proportions. */
  size?: { width: number; height: number };
}

const PALETTE = {
  light: { text: "#212529", noData: "rgba(177,186,198,0.45)", border: "#ffffff", tooltip: "#ffffff" },
  dark: { text: "#e9ecef", noData: "rgba(177,186,198,0.25)", border: "#1a1b1e", tooltip: "#2e2e2e" },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function subnationalMapOption(input: SubnationalMapInput): EChartsOption {
  const colors = input.dark ? PALETTE.dark : PALETTE.light;
  const config = mapConfigOf(input.level);
  const projection = makeProjection(config.projection, config.rotation);
  const kind = input.level.geometry?.ids ?? "string";
  const values = new Map((input.values ?? []).map((v) => [normaliseRegionId(v.id, kind), v]));
  const pieces = valuePieces([...values.values()].map((v) => v.value), input.locale, input.currency);
  const names = new Map([...input.prepared.points.map((p) => [p.key, p.name] as const), ...input.prepared.areas.features.map((f) => [String(f.properties?.key), String(f.properties?.name ?? "")] as const)]);
  const tooltip = (key: string) => {
    const v = values.get(key);
    const name = escapeHtml(v?.name || names.get(key) || key);
    const figure = v ? escapeHtml(formatUsd(v.value, input.locale, { compact: true, currency: input.currency })) : escapeHtml(input.noDataLabel);
    return `<strong>${name}</strong><br/>${figure}`;
  };
  const visualMap = pieces.length
    ? {
        type: "piecewise" as const,
        pieces,
        left: 8,
        bottom: 8,
        itemWidth: 14,
        itemHeight: 10,
        itemGap: 3,
        textStyle: { color: colors.text, fontSize: 11 },
        seriesIndex: 0,
      }
    : undefined;
  const base = {
    animation: false,
    tooltip: { trigger: "item" as const, confine: true, backgroundColor: colors.tooltip, textStyle: { color: colors.text } },
    ...(visualMap ? { visualMap } : {}),
  };
  const layout = mapLayout(projectedAspect(input.prepared, input.level), input.size, visualMap ? 56 : 0);
  const emphasis = { label: { show: false }, itemStyle: { areaColor: "#fab005", borderColor: colors.text, borderWidth: 0.8 } };
  if (input.level.geometry?.points) {
    const max = Math.max(1, ...[...values.values()].map((v) => v.value));
    return {
      ...base,
      geo: {
        map: input.mapName,
        nameProperty: "key",
        projection,
        roam: true,
        scaleLimit: { min: 1, max: 20 },
        silent: true,
        itemStyle: { areaColor: colors.noData, borderColor: colors.border, borderWidth: 0.6 },
        ...layout,
      },
      series: [
        {
          type: "scatter",
          coordinateSystem: "geo",
          data: input.prepared.points.map((p) => ({ name: p.key, value: [...p.coord, values.get(p.key)?.value ?? Number.NaN] })),
          symbolSize: (value: number[]) => (Number.isFinite(value[2]) ? 5 + 17 * Math.sqrt(value[2] / max) : 4),
          itemStyle: { color: "#1d91c0", borderColor: colors.border, borderWidth: 0.5, opacity: 0.85 },
          encode: { value: 2 },
          tooltip: { formatter: (p: unknown) => tooltip((p as { name: string }).name) },
        },
      ],
    } as EChartsOption;
  }
  return {
    ...base,
    series: [
      {
        type: "map",
        map: input.mapName,
        nameProperty: "key",
        projection,
        roam: true,
        scaleLimit: { min: 1, max: 20 },
        ...layout,
        selectedMode: false,
        label: { show: false },
        itemStyle: { areaColor: colors.noData, borderColor: colors.border, borderWidth: 0.5 },
        emphasis,
        tooltip: { formatter: (p: unknown) => tooltip((p as { name: string }).name) },
        data: input.prepared.keys.map((key) => {
          const v = values.get(key);
          const outline = key === input.focus ? { itemStyle: { borderColor: colors.text, borderWidth: 2 } } : {};
          return { name: key, value: v ? v.value : Number.NaN, ...outline };
        }),
      },
    ],
  } as EChartsOption;
}
