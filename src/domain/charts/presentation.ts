/**
 * Chart presentation rules (spec sections 8 and 9) as data and small pure functions: palettes per
 * dimension, the grey for unknown colours, sequential and divergent scales, font and icon sizes,
 * tooltip rows and their HTML, and the fallbacks for missing names and icons. Every chart option
 * generator and the profile pages read them from here, never from literals of their own.
 */
import { formatGrowth, formatPercent, formatPeriod, formatRca, formatDecimal, formatUsd, periodKind, type FormatLocale } from "@/domain/format";

// ---------------------------------------------------------------------------------------------
// Constants

/** Unknown or malformed colours are drawn in this grey. */
export const UNKNOWN_COLOR = "#b1bac6";

/** Font sizes in px: axis and legend labels, labels drawn inside shapes, chart titles. */
export const FONT_SIZE = { label: 16, shapeLabel: 14, title: 20 } as const;

/** Legend icons are 18 by 18 px. */
export const LEGEND_ICON = { width: 18, height: 18 } as const;

/** Tooltip titles are clamped to 4 lines and 100 px. */
export const TOOLTIP_TITLE = { maxLines: 4, maxHeight: 100 } as const;

/** Sequential palettes, light to dark (ColorBrewer YlGnBu): maps and magnitudes. */
/**
 * Diverging scale for indexes centred on zero (ECI, PCI): red below, blue above, pale at zero.
 * ColorBrewer RdBu, colour-blind safe and legible on both schemes.
 */
export const DIVERGING = ["#b2182b", "#ef8a62", "#fddbc7", "#d1e5f0", "#67a9cf", "#2166ac"] as const;

export const SEQUENTIAL = {
  5: ["#ffffcc", "#a1dab4", "#41b6c4", "#2c7fb8", "#253494"],
  7: ["#ffffcc", "#c7e9b4", "#7fcdbb", "#41b6c4", "#1d91c0", "#225ea8", "#0c2c84"],
} as const;

/** Divergent palettes, low (red) through neutral to high (blue) (ColorBrewer RdBu): RCA, growth. */
export const DIVERGENT = {
  5: ["#ca0020", "#f4a582", "#f7f7f7", "#92c5de", "#0571b0"],
  7: ["#b2182b", "#ef8a62", "#fddbc7", "#f7f7f7", "#d1e5f0", "#67a9cf", "#2166ac"],
} as const;

export type PaletteSize = 5 | 7;

/** Colours for members of dimensions that carry none in the data (partners as lines, services...). */
export const CATEGORICAL = ["#4c6ef5", "#f08c00", "#2f9e44", "#e03131", "#ae3ec9", "#1098ad", "#f59f00", "#5c940d", "#d6336c", "#495057"] as const;

/**
 * A few series drawn side by side (a country's line, two countries compared, exports / imports /
 * balance in an answer of the assistant): the first is the site's blue, then the categorical hues.
 */
export const SERIES_COLORS = ["#1c7ed6", "#f08c00", "#2f9e44", "#e03131", "#ae3ec9", "#1098ad"] as const;

/** Service categories of the ABS state tables (Australian state profiles), by category id. */
export const SERVICE_CATEGORY_COLORS: Readonly<Record<string, string>> = { transport: "#2e97ff", travel: "#f2aa86", financial: "#892eff", ict: "#02a347", other: "#9c9fb2" };

/** History lines of a profile, one per series (the sum of reporters, each world-only dataset). */
export const HISTORY_LINE_COLORS = ["#2f6eb5", "#d9822b", "#5a9e3a", "#8e5ab5"] as const;

/** Parts of a change: what was gained, what was lost, what continued, and the net total. */
export const CHANGE_COLORS = { gained: "#2f9e44", lost: "#e03131", continuing: "#1c7ed6", total: "#868e96" } as const;

/** Trade Flow: 1 imports, 2 exports, 3 trade balance. */
export const FLOW_COLORS: Readonly<Record<string, string>> = { "1": "#e8590c", "2": "#1c7ed6", "3": "#7950f2" };

// ---------------------------------------------------------------------------------------------
// Colours

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The colour when it is a valid hex colour, otherwise the unknown grey. */
export function colorOrGrey(color: string | null | undefined): string {
  return typeof color === "string" && HEX.test(color.trim()) ? color.trim() : UNKNOWN_COLOR;
}

/** Relative luminance (WCAG) of a hex colour; the unknown grey's when the colour is not valid. */
export function luminance(color: string | null | undefined): number {
  let hex = colorOrGrey(color).slice(1);
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join("");
  const channel = (i: number) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** Text colour readable on a background: near-black on light colours, white on dark ones. */
export function contrastText(background: string | null | undefined): string {
  // 0.179 is where black and white text have equal contrast ratios.
  return luminance(background) > 0.179 ? "#1a1b1e" : "#ffffff";
}

/**
 * Which palette a dimension uses. Sections and continents carry their colours in the data package
 * (dim_hs_sections.color, dim_continents.color); flows have fixed colours; anything else cycles
 * through the categorical palette by position.
 */
export type PaletteRule = { kind: "member" } | { kind: "fixed"; colors: Readonly<Record<string, string>> } | { kind: "categorical" };

export const DIMENSION_PALETTES: Readonly<Record<string, PaletteRule>> = {
  Section: { kind: "member" },
  HS2: { kind: "member" },
  HS4: { kind: "member" },
  HS6: { kind: "member" },
  Continent: { kind: "member" },
  Country: { kind: "member" },
  "Trade Flow": { kind: "fixed", colors: FLOW_COLORS },
  Flow: { kind: "fixed", colors: FLOW_COLORS },
};

/**
 * The colour of one member. `memberColor` is the colour the data gives it (its section's or
 * continent's colour for products and countries); `index` its position, for categorical dimensions.
 */
export function dimensionColor(dimension: string, member: { id: string | number; color?: string | null; index?: number }): string {
  const rule = DIMENSION_PALETTES[dimension] ?? { kind: "categorical" };
  if (rule.kind === "member") return colorOrGrey(member.color);
  if (rule.kind === "fixed") return colorOrGrey(rule.colors[String(member.id)]);
  const index = member.index ?? 0;
  return index >= 0 ? CATEGORICAL[index % CATEGORICAL.length] : UNKNOWN_COLOR;
}

/**
 * Class thresholds splitting positive values into `classes` groups of about equal size (quantiles),
 * so skewed trade values still use every colour. Returns classes-1 ascending thresholds.
 */
export function quantileBreaks(values: readonly number[], classes: PaletteSize): number[] {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const breaks: number[] = [];
  for (let i = 1; i < classes; i++) {
    const position = (sorted.length - 1) * (i / classes);
    const low = Math.floor(position);
    const high = Math.ceil(position);
    breaks.push(sorted[low] + (sorted[high] - sorted[low]) * (position - low));
  }
  return breaks;
}

/** Index of the class a value falls in, given ascending thresholds (0 .. thresholds.length). */
export function classIndex(value: number, thresholds: readonly number[]): number {
  let i = 0;
  while (i < thresholds.length && value >= thresholds[i]) i++;
  return i;
}

/** The sequential colour of a value; grey for missing values. */
export function sequentialColor(value: number | null | undefined, thresholds: readonly number[], size: PaletteSize = 7): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return UNKNOWN_COLOR;
  const palette = SEQUENTIAL[size];
  return palette[Math.min(classIndex(value, thresholds), palette.length - 1)];
}

/** Thresholds for RCA, symmetric around 1 on a log scale; the middle class is "about 1". */
export const RCA_BREAKS: Readonly<Record<PaletteSize, readonly number[]>> = {
  5: [0.5, 0.9, 1.1, 2],
  7: [0.25, 0.5, 0.9, 1.1, 2, 4],
};

/** The divergent colour of a value around a neutral middle (RCA around 1 by default). */
export function divergentColor(value: number | null | undefined, size: PaletteSize = 7, thresholds: readonly number[] = RCA_BREAKS[size]): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return UNKNOWN_COLOR;
  const palette = DIVERGENT[size];
  return palette[Math.min(classIndex(value, thresholds), palette.length - 1)];
}

// ---------------------------------------------------------------------------------------------
// Fallbacks for missing names and icons (spec section 8)

/** Message keys under "charts.fallback". */
export type FallbackKey = "unspecifiedTerritories" | "multipleItems" | "otherValues";

const GEO_DIMENSIONS = /(Country|Continent|Region|Province|State|District|Geography|Autonomous|Subnat)/;

/**
 * Which fallback a datum without a name gets: geography -> Unspecified Territories, a datum that
 * stands for several members -> Multiple Items, anything else -> Other values.
 */
export function fallbackKey(dimension: string, options: { several?: boolean } = {}): FallbackKey {
  if (options.several) return "multipleItems";
  if (GEO_DIMENSIONS.test(dimension)) return "unspecifiedTerritories";
  return "otherValues";
}

/** The member's name, or the localised fallback when the name is missing or blank. */
export function memberName(name: string | null | undefined, dimension: string, fallbacks: Readonly<Record<FallbackKey, string>>, options: { several?: boolean } = {}): string {
  return typeof name === "string" && name.trim() ? name : fallbacks[fallbackKey(dimension, options)];
}

const svgUri = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`;

/** Generic HS product icon: a grey box with a crate glyph. */
export const GENERIC_HS_ICON = svgUri(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48"><rect width="48" height="48" rx="8" fill="${UNKNOWN_COLOR}"/><path d="M12 18l12-6 12 6v14l-12 6-12-6zM12 18l12 6 12-6M24 24v14" fill="none" stroke="#fff" stroke-width="2.5" stroke-linejoin="round"/></svg>`,
);

/** X icon for members of other kinds whose icon is missing. */
export const X_ICON = svgUri(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48"><rect width="48" height="48" rx="8" fill="${UNKNOWN_COLOR}"/><path d="M16 16l16 16M32 16L16 32" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>`,
);

export type IconKind = "country" | "continent" | "section" | "hs2" | "hs4" | "hs6" | "other";
const PRODUCT_KINDS = new Set<IconKind>(["section", "hs2", "hs4", "hs6"]);
const ICON_ID = /^[a-z0-9-]{1,12}$/i;

/**
 * The icon URL of a member (the site's member-image route), or the generic HS icon (products) /
 * X icon (anything else) when the member is unknown or has no icon.
 */
export function memberIcon(kind: IconKind, id: string | number | null | undefined, known = true): string {
  const text = id === null || id === undefined ? "" : String(id);
  if (!known || kind === "other" || !ICON_ID.test(text)) return PRODUCT_KINDS.has(kind) ? GENERIC_HS_ICON : X_ICON;
  return `/api/cms/member-image?member=${encodeURIComponent(`${kind}:${text}`)}&size=thumb`;
}

// ---------------------------------------------------------------------------------------------
// Tooltips (spec section 9)

/** The rows a tooltip can show, in the order it shows them. */
export const TOOLTIP_ROW_ORDER = ["rca", "relatedness", "marketShare", "delta", "tradeValue", "growth", "percent", "period"] as const;
export type TooltipRowKey = (typeof TOOLTIP_ROW_ORDER)[number];

export interface TooltipDatum {
  rca?: number | null;
  relatedness?: number | null;
  /** Share of world trade (0..1). */
  marketShare?: number | null;
  /** Change of a share, in ratio points (0.01 = one percentage point). */
  delta?: number | null;
  /** USD. */
  tradeValue?: number | null;
  /** Growth ratio against the previous period (0.05 = +5%). */
  growth?: number | null;
  /** Share of the chart's total (0..1). */
  percent?: number | null;
  /** Period code: 2018, 20183, 201807. */
  period?: number | string | null;
  /** Other measures (GDP per capita in a scatter...), already formatted; shown before the period. */
  extra?: readonly { label: string; value: string }[];
}

/** Localised row labels; "year" or "month" is chosen by the period code's length. */
export type TooltipLabels = Readonly<Record<Exclude<TooltipRowKey, "period"> | "year" | "month" | "quarter", string>>;

export interface TooltipRow {
  key: TooltipRowKey | "extra" | "series" | "total";
  label: string;
  value: string;
  /** Swatch before the label (series rows of a time-series tooltip). */
  color?: string;
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null && !(typeof value === "number" && !Number.isFinite(value));
}

/** The tooltip's rows for one datum: only the values it has, formatted, in the spec's order. */
export function tooltipRows(datum: TooltipDatum, labels: TooltipLabels, locale: FormatLocale, currency: "USD" | "AUD" = "USD"): TooltipRow[] {
  const rows: TooltipRow[] = [];
  const add = (key: TooltipRow["key"], label: string, value: string) => rows.push({ key, label, value });
  if (present(datum.rca)) add("rca", labels.rca, formatRca(datum.rca, locale));
  if (present(datum.relatedness)) add("relatedness", labels.relatedness, formatDecimal(datum.relatedness, locale, 3));
  if (present(datum.marketShare)) add("marketShare", labels.marketShare, formatPercent(datum.marketShare, locale));
  if (present(datum.delta)) add("delta", labels.delta, formatPercent(datum.delta, locale, { signed: true }));
  if (present(datum.tradeValue)) add("tradeValue", labels.tradeValue, formatUsd(datum.tradeValue, locale, { currency }));
  if (present(datum.growth)) add("growth", labels.growth, formatGrowth(datum.growth, locale));
  if (present(datum.percent)) add("percent", labels.percent, formatPercent(datum.percent, locale));
  for (const extra of datum.extra ?? []) add("extra", extra.label, extra.value);
  if (present(datum.period)) {
    const text = formatPeriod(datum.period);
    const kind = periodKind(datum.period);
    if (text && kind) add("period", labels[kind], text);
  }
  return rows;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
}

const TITLE_STYLE = [
  "display:-webkit-box",
  `-webkit-line-clamp:${TOOLTIP_TITLE.maxLines}`,
  "-webkit-box-orient:vertical",
  "overflow:hidden",
  `max-height:${TOOLTIP_TITLE.maxHeight}px`,
  "font-weight:700",
  `font-size:${FONT_SIZE.shapeLabel}px`,
  "line-height:1.3",
  "white-space:normal",
].join(";");

/**
 * Tooltip HTML: an optional 18 px icon, the title (clamped to 4 lines / 100 px), an optional
 * subtitle, then label/value rows. All text is escaped; icons must come from memberIcon.
 */
export function tooltipHtml(content: { title: string; subtitle?: string; icon?: string; color?: string; rows: readonly TooltipRow[] }): string {
  const icon = content.icon
    ? `<img src="${escapeHtml(content.icon)}" alt="" width="${LEGEND_ICON.width}" height="${LEGEND_ICON.height}" style="flex:none;border-radius:3px"/>`
    : content.color
      ? `<span style="flex:none;width:12px;height:12px;border-radius:2px;background:${colorOrGrey(content.color)}"></span>`
      : "";
  const head = `<div style="display:flex;gap:8px;align-items:flex-start;max-width:280px">${icon}<div data-tooltip-title style="${TITLE_STYLE}">${escapeHtml(content.title)}</div></div>`;
  const subtitle = content.subtitle ? `<div style="opacity:.75;font-size:12px;margin-top:2px">${escapeHtml(content.subtitle)}</div>` : "";
  const rows = content.rows
    .map(
      (row) =>
        `<tr data-row="${row.key}"><td style="padding:2px 12px 0 0;opacity:.8">${row.color ? `<span style="display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:6px;background:${colorOrGrey(row.color)}"></span>` : ""}${escapeHtml(row.label)}</td><td style="padding-top:2px;text-align:right;font-weight:600">${escapeHtml(row.value)}</td></tr>`,
    )
    .join("");
  return `${head}${subtitle}${rows ? `<table style="margin-top:6px;border-collapse:collapse;font-size:13px">${rows}</table>` : ""}`;
}
