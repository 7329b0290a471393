/**
 * An inline sparkline as an SVG path: x spread evenly over the series, y scaled to its own range
 * (a flat series draws a middle line). Gaps (null) break the line. Null when fewer than two
 * values exist: one point is not a trend.
 */
export interface Sparkline {
  d: string;
  last: { x: number; y: number };
  min: number;
  max: number;
}

export function sparklinePath(values: readonly (number | null)[], width: number, height: number, pad = 2): Sparkline | null {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (present.length < 2) return null;
  const min = Math.min(...present);
  const max = Math.max(...present);
  const span = max - min;
  const step = values.length > 1 ? (width - 2 * pad) / (values.length - 1) : 0;
  const y = (v: number) => (span === 0 ? height / 2 : pad + (height - 2 * pad) * (1 - (v - min) / span));
  const round = (n: number) => Math.round(n * 100) / 100;
  let d = "";
  let drawing = false;
  let last = { x: 0, y: 0 };
  values.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) {
      drawing = false;
      return;
    }
    const point = { x: round(pad + i * step), y: round(y(v)) };
    d += `${drawing ? "L" : "M"}${point.x} ${point.y}`;
    drawing = true;
    last = point;
  });
  return { d, last, min, max };
}
