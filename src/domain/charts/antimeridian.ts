/**
 * World-atlas polygons that cross the antimeridian (Russia's Chukotka, Fiji) jump from +180 to
 * -180 longitude inside one ring. Drawn in a flat projection such a ring becomes a band across the
 * whole map. This module cuts those polygons into a part east and a part west of the line.
 */
type Position = number[];
type Ring = Position[];
type PolygonCoords = Ring[];

/** Makes a ring continuous: longitudes may run past ±180 instead of jumping across. */
export function unwrapRing(ring: Ring): Ring {
  if (ring.length === 0) return ring;
  const out: Ring = [[...ring[0]]];
  let offset = 0;
  for (let i = 1; i < ring.length; i++) {
    const delta = ring[i][0] - ring[i - 1][0];
    if (delta > 180) offset -= 360;
    else if (delta < -180) offset += 360;
    out.push([ring[i][0] + offset, ...ring[i].slice(1)]);
  }
  return out;
}

/** Sutherland-Hodgman clipping of a closed ring against a vertical line, keeping one side. */
export function clipRing(ring: Ring, x: number, keep: "left" | "right"): Ring {
  const inside = (p: Position) => (keep === "left" ? p[0] <= x : p[0] >= x);
  const cross = (a: Position, b: Position): Position => {
    const t = (x - a[0]) / (b[0] - a[0]);
    return [x, a[1] + t * (b[1] - a[1])];
  };
  const out: Ring = [];
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const current = ring[i];
    const previous = ring[(i + n - 1) % n];
    if (inside(current)) {
      if (!inside(previous)) out.push(cross(previous, current));
      out.push(current);
    } else if (inside(previous)) {
      out.push(cross(previous, current));
    }
  }
  if (out.length > 0) {
    const [first, last] = [out[0], out[out.length - 1]];
    if (first[0] !== last[0] || first[1] !== last[1]) out.push([...first]);
  }
  return out.length >= 4 ? out : [];
}

/** One polygon, or two when it crosses the antimeridian (each clipped to [-180, 180]). */
export function splitPolygon(polygon: PolygonCoords): PolygonCoords[] {
  const rings = polygon.map(unwrapRing);
  const longitudes = rings.flatMap((r) => r.map((p) => p[0]));
  const hi = Math.max(...longitudes);
  const lo = Math.min(...longitudes);
  if (hi <= 180 && lo >= -180) return [polygon];
  const shift = (ring: Ring, by: number) => ring.map((p) => [p[0] + by, ...p.slice(1)]);
  const part = (list: Ring[]) => list.filter((r) => r.length > 0);
  const [east, west] =
    hi > 180
      ? [part(rings.map((r) => clipRing(r, 180, "left"))), part(rings.map((r) => clipRing(shift(r, -360), -180, "right")))]
      : [part(rings.map((r) => clipRing(shift(r, 360), 180, "left"))), part(rings.map((r) => clipRing(r, -180, "right")))];
  // A hole cut off from its outer ring would become an outer ring of its own: keep parts whose
  // first ring is the clipped outer ring.
  return [east, west].filter((p) => p.length > 0);
}

interface Geometry {
  type: string;
  coordinates?: unknown;
}

/** A GeoJSON geometry with antimeridian-crossing polygons split (others returned as they are). */
export function splitAntimeridian<G extends Geometry>(geometry: G): G | { type: "MultiPolygon"; coordinates: PolygonCoords[] } {
  if (geometry.type === "Polygon") {
    const parts = splitPolygon(geometry.coordinates as PolygonCoords);
    return parts.length === 1 ? geometry : { type: "MultiPolygon", coordinates: parts };
  }
  if (geometry.type === "MultiPolygon") {
    const polygons = geometry.coordinates as PolygonCoords[];
    const parts = polygons.flatMap(splitPolygon);
    return parts.length === polygons.length && parts.every((p, i) => p === polygons[i]) ? geometry : { type: "MultiPolygon", coordinates: parts };
  }
  return geometry;
}
