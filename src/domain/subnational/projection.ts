/**
 * Map projections for the subnational maps, in the shape ECharts' `geo.projection` option takes
 * ({ project, unproject } on [longitude, latitude] pairs). ECharts does not flip the y axis when a
 * projection is given, so `project` returns screen-like coordinates (north up = smaller y).
 *
 * Miller cylindrical (the spec's default): x = λ − λ0, y = 5/4 · ln(tan(π/4 + 2φ/5)).
 */
import { millerProject, millerUnproject } from "@/domain/charts/miller";
import type { SubnationalProjection } from "./config";

const DEG = Math.PI / 180;

export interface Projection {
  project(point: number[]): number[];
  unproject(point: number[]): number[];
}

/** Longitude relative to the central meridian, in (-180, 180]. */
export function wrapLongitude(lon: number, center = 0): number {
  let x = (((lon - center) % 360) + 360) % 360;
  if (x > 180) x -= 360;
  return x;
}

/** Miller's y for a latitude in degrees (radians out, north positive): the site's one Miller formula (domain/charts/miller.ts). */
export function millerY(lat: number): number {
  return -millerProject([0, lat])[1];
}

/** Latitude in degrees of a Miller y. */
export function millerLatitude(y: number): number {
  return millerUnproject([0, -y])[1];
}

/** Mercator's y (for comparison and for levels that ask for it). */
export function mercatorY(lat: number): number {
  const clamped = Math.max(-85, Math.min(85, lat));
  return Math.log(Math.tan(Math.PI / 4 + (clamped * DEG) / 2));
}

export function mercatorLatitude(y: number): number {
  return (2 * Math.atan(Math.exp(y)) - Math.PI / 2) / DEG;
}

/** A part of a country drawn as an inset beside the rest: everything inside `box` moves so the box's north-east corner lands on `to`. */
export interface Inset {
  box: { west: number; east: number; south: number; north: number };
  /** [longitude, latitude] where the box's north-east corner is drawn. */
  to: [number, number];
}

/**
 * Spain's Canary Islands, 1,000 km south-west of the peninsula: drawn where they are, they shrink
 * the peninsula to a fifth of the card. As Spanish maps do, they move into an inset south of
 * Cádiz and Ceuta, over open sea (Morocco is not drawn), so the peninsula keeps the card.
 */
export const CANARY_ISLANDS_INSET: Inset = { box: { west: -18.6, east: -13.0, south: 27.3, north: 29.8 }, to: [-5.6, 35.2] };

const inBox = (lon: number, lat: number, b: Inset["box"]) => lon >= b.west && lon <= b.east && lat >= b.south && lat <= b.north;

/** A projection with insets: points inside an inset's box are shifted, in projected space, to the inset's place. */
export function withInsets(base: Projection, insets: readonly Inset[]): Projection {
  const moves = insets.map((inset) => {
    const [fromX, fromY] = base.project([inset.box.east, inset.box.north]);
    const [toX, toY] = base.project(inset.to);
    const [x0, y0] = base.project([inset.box.west, inset.box.north]);
    const [x1, y1] = base.project([inset.box.east, inset.box.south]);
    const dx = toX - fromX;
    const dy = toY - fromY;
    // The inset's drawn rectangle (projected y grows southwards).
    return { inset, dx, dy, drawn: { x0: x0 + dx, x1: x1 + dx, y0: y0 + dy, y1: y1 + dy } };
  });
  return {
    project: ([lon, lat]) => {
      const [x, y] = base.project([lon, lat]);
      const move = moves.find((m) => inBox(lon, lat, m.inset.box));
      return move ? [x + move.dx, y + move.dy] : [x, y];
    },
    unproject: ([x, y]) => {
      const move = moves.find((m) => x >= m.drawn.x0 && x <= m.drawn.x1 && y >= m.drawn.y0 && y <= m.drawn.y1);
      return move ? base.unproject([x - move.dx, y - move.dy]) : base.unproject([x, y]);
    },
  };
}

/** A projection centred on a meridian (Russia's Chukotka runs past 180°: centre it at 100°E). */
export function makeProjection(kind: SubnationalProjection = "miller", rotation = 0): Projection {
  if (kind === "miller-canaries") return withInsets(makeProjection("miller", rotation), [CANARY_ISLANDS_INSET]);
  const forward = kind === "miller" ? millerY : mercatorY;
  const inverse = kind === "miller" ? millerLatitude : mercatorLatitude;
  return {
    project: ([lon, lat]) => [wrapLongitude(lon, rotation) * DEG, -forward(lat)],
    unproject: ([x, y]) => [wrapLongitude(x / DEG + rotation), inverse(-y)],
  };
}
