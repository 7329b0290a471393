/**
 * The Miller cylindrical projection (the spec's default map projection), in the shape ECharts'
 * geo `projection` option takes: [longitude, latitude] in degrees <-> planar [x, y].
 *
 *   x = λ,  y = 1.25 · ln tan(π/4 + 0.4 · φ)      (λ, φ in radians)
 *
 * ECharts draws y downwards, so y is negated: north is up.
 */
const RAD = Math.PI / 180;

/** Largest latitude we project; tan() diverges at the poles. */
export const MILLER_MAX_LATITUDE = 89.9;

export function millerProject(point: readonly number[]): number[] {
  const lambda = point[0] * RAD;
  const phi = Math.max(-MILLER_MAX_LATITUDE, Math.min(MILLER_MAX_LATITUDE, point[1])) * RAD;
  return [lambda, -1.25 * Math.log(Math.tan(Math.PI / 4 + 0.4 * phi))];
}

export function millerUnproject(point: readonly number[]): number[] {
  const lambda = point[0];
  const y = -point[1];
  const phi = 2.5 * Math.atan(Math.exp(0.8 * y)) - 0.625 * Math.PI;
  return [lambda / RAD, phi / RAD];
}

export const millerProjection = { project: millerProject, unproject: millerUnproject };
