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

/** A projection centred on a meridian (Russia's Chukotka runs past 180°: centre it at 100°E). */
export function makeProjection(kind: SubnationalProjection = "miller", rotation = 0): Projection {
  const forward = kind === "miller" ? millerY : mercatorY;
  const inverse = kind === "miller" ? millerLatitude : mercatorLatitude;
  return {
    project: ([lon, lat]) => [wrapLongitude(lon, rotation) * DEG, -forward(lat)],
    unproject: ([x, y]) => [wrapLongitude(x / DEG + rotation), inverse(-y)],
  };
}
