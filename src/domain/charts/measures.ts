/**
 * Measures a scatter plot can put on its axes, as data. A scatter compares two of them for the
 * members it shows (countries, or one country's products). Complexity measures (ECI, PCI,
 * relatedness) are listed but marked unavailable until the warehouse stores them: the page says
 * so instead of inventing numbers.
 */
export type ScatterEntity = "country" | "product";
export type MeasureFormat = "usd" | "number" | "decimal" | "percent";

export interface ScatterMeasure {
  key: string;
  entity: ScatterEntity;
  /** Whether this warehouse can answer it. */
  available: boolean;
  /** Log axes for skewed, positive magnitudes. */
  scale: "log" | "linear";
  format: MeasureFormat;
  /** Tooltip row it fills, when it is one of the spec's rows. */
  tooltipRow?: "tradeValue" | "rca" | "relatedness" | "marketShare";
}

export const SCATTER_MEASURES: readonly ScatterMeasure[] = [
  { key: "trade_value", entity: "country", available: true, scale: "log", format: "usd", tooltipRow: "tradeValue" },
  { key: "gdp", entity: "country", available: true, scale: "log", format: "usd" },
  { key: "gdp_per_capita", entity: "country", available: true, scale: "log", format: "usd" },
  { key: "population", entity: "country", available: true, scale: "log", format: "number" },
  { key: "eci", entity: "country", available: false, scale: "linear", format: "decimal" },
  { key: "trade_value", entity: "product", available: true, scale: "log", format: "usd", tooltipRow: "tradeValue" },
  { key: "world_trade", entity: "product", available: true, scale: "log", format: "usd" },
  { key: "rca", entity: "product", available: true, scale: "log", format: "decimal", tooltipRow: "rca" },
  { key: "market_share", entity: "product", available: true, scale: "log", format: "percent", tooltipRow: "marketShare" },
  { key: "relatedness", entity: "product", available: false, scale: "linear", format: "decimal", tooltipRow: "relatedness" },
  { key: "pci", entity: "product", available: false, scale: "linear", format: "decimal" },
];

export const DEFAULT_AXES: Readonly<Record<ScatterEntity, { x: string; y: string }>> = {
  country: { x: "gdp_per_capita", y: "trade_value" },
  product: { x: "world_trade", y: "rca" },
};

export function scatterMeasure(entity: ScatterEntity, key: string | undefined): ScatterMeasure | null {
  return SCATTER_MEASURES.find((m) => m.entity === entity && m.key === key) ?? null;
}

export function scatterMeasures(entity: ScatterEntity): ScatterMeasure[] {
  return SCATTER_MEASURES.filter((m) => m.entity === entity);
}

/** Any measure key known for any entity (the codec accepts these; the planner checks the entity). */
export function isMeasureKey(key: string): boolean {
  return SCATTER_MEASURES.some((m) => m.key === key);
}
