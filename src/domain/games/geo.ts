/** Distance, direction and proximity between two places on the globe (Tradle's hints). */

const EARTH_RADIUS_KM = 6371;
/** Half the Earth's circumference: the farthest two places can be. */
export const MAX_DISTANCE_KM = Math.PI * EARTH_RADIUS_KM;

const rad = (deg: number) => (deg * Math.PI) / 180;

export interface Point {
  lat: number;
  lon: number;
}

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from a to b, degrees clockwise from north, [0, 360). */
export function bearing(a: Point, b: Point): number {
  const y = Math.sin(rad(b.lon - a.lon)) * Math.cos(rad(b.lat));
  const x = Math.cos(rad(a.lat)) * Math.sin(rad(b.lat)) - Math.sin(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(rad(b.lon - a.lon));
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

export const DIRECTIONS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** The nearest of the eight compass points. */
export function compass(degrees: number): Direction {
  return DIRECTIONS[Math.round(degrees / 45) % 8];
}

/** 100% at the answer, 0% on the other side of the world. */
export function proximity(km: number): number {
  return Math.max(0, Math.round((1 - km / MAX_DISTANCE_KM) * 100));
}
