/**
 * Where the hero's bars go: one row per product, its bar's length proportional to its value (the
 * largest fills the width), and its name shortened to fit a line. Pure, so the server draws the
 * SVG without a chart library.
 */
export interface HeroBarInput {
  id: string;
  name: string;
  value: number;
}

export interface HeroBar<T extends HeroBarInput = HeroBarInput> {
  row: T;
  /** Top of the row's label line. */
  y: number;
  /** Bar length in viewBox units (at least 2, so a tiny value still shows). */
  length: number;
  label: string;
}

export const HERO_WIDTH = 360;
export const HERO_ROW = 46;

/** Wide characters (Chinese, Japanese, Korean) take about two Latin letters' room. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/** A name cut to `room` narrow-character widths, ending in "…" when cut. */
export function fitLabel(name: string, room: number): string {
  const width = (ch: string) => (WIDE.test(ch) ? 2 : 1);
  if ([...name].reduce((n, ch) => n + width(ch), 0) <= room) return name;
  let used = 1; // the ellipsis
  let out = "";
  for (const ch of name) {
    if (used + width(ch) > room) break;
    out += ch;
    used += width(ch);
  }
  return `${out.trimEnd()}…`;
}

export function heroBars<T extends HeroBarInput>(rows: readonly T[], width = HERO_WIDTH, labelRoom = 34): HeroBar<T>[] {
  const max = Math.max(0, ...rows.map((r) => r.value));
  return rows.map((row, i) => ({
    row,
    y: i * HERO_ROW,
    length: max > 0 ? Math.max(2, Math.round((width * Math.max(0, row.value)) / max)) : 2,
    label: fitLabel(row.name, labelRoom),
  }));
}
