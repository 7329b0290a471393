/**
 * The context of a country profile as plain rows: GDP, GDP per capita and population by year
 * (World Bank WDI), goods trade as a share of GDP, the ECI with its rank year by year, and services
 * exports by year. Pure: the server loaders (server/profiles/countryContext.ts) fill these rows from
 * the warehouse; the functions here join, pick and group them.
 */

/** One year of the World Bank indicators for a country; null where the series has no value. */
export interface IndicatorYear {
  year: number;
  gdp: number | null;
  gdpPerCapita: number | null;
  population: number | null;
}

export const INDICATOR_KEYS = ["gdp", "gdpPerCapita", "population"] as const;
export type IndicatorKey = (typeof INDICATOR_KEYS)[number];

export interface LatestIndicator {
  year: number;
  value: number;
}

const usable = (value: number | null | undefined): value is number => typeof value === "number" && Number.isFinite(value) && value > 0;

/** The newest year in which the indicator has a value (each indicator its own year: GDP may lag population). */
export function latestIndicator(rows: readonly IndicatorYear[], key: IndicatorKey): LatestIndicator | null {
  let found: LatestIndicator | null = null;
  for (const row of rows) {
    const value = row[key];
    if (usable(value) && (!found || row.year > found.year)) found = { year: row.year, value };
  }
  return found;
}

/** Goods trade of a country in one year, from one trade dataset. */
export interface TradeYear {
  year: number;
  exports: number;
  imports: number;
}

/** Goods exports plus imports over GDP, both of the same year. */
export interface TradeShareRow {
  year: number;
  exports: number;
  imports: number;
  gdp: number;
  /** (exports + imports) / GDP, a ratio (0.55 = 55%). */
  share: number;
}

/**
 * Trade as a share of GDP, year by year: only years where both the trade (exports or imports
 * above zero) and the GDP exist; a year is never paired with another year's GDP.
 */
export function tradeShareOfGdp(trade: readonly TradeYear[], indicators: readonly Pick<IndicatorYear, "year" | "gdp">[]): TradeShareRow[] {
  const gdpByYear = new Map<number, number>();
  for (const row of indicators) if (usable(row.gdp)) gdpByYear.set(row.year, row.gdp);
  const rows: TradeShareRow[] = [];
  const seen = new Set<number>();
  for (const t of [...trade].sort((a, b) => a.year - b.year)) {
    const gdp = gdpByYear.get(t.year);
    const exports = Number.isFinite(t.exports) ? t.exports : 0;
    const imports = Number.isFinite(t.imports) ? t.imports : 0;
    if (gdp === undefined || exports + imports <= 0 || seen.has(t.year)) continue;
    seen.add(t.year);
    rows.push({ year: t.year, exports, imports, gdp, share: (exports + imports) / gdp });
  }
  return rows;
}

/** A year of a complexity ranking as the catalogue lists it. */
export interface RankedYear {
  year: number;
  period: string;
  /** Economies ranked that year. */
  reporters: number;
  /** Source key of the trade the ranking was computed from ("ots_hs4", "atlas_hs4"). */
  source: string;
  /** Release of that trade: ranks and values compare only within one release. */
  release: string;
}

/** The release a catalogue entry comes from: its vintage when the warehouse records one, else its source. */
export function releaseOf(entry: { dataset: string; source: string; vintage?: string | null }): string {
  // Warehouses imported before vintages were recorded give the dataset key: fall back to the source.
  return entry.vintage && entry.vintage !== entry.dataset ? entry.vintage : entry.source;
}

/** A country's ECI and rank in one ranked year. */
export interface EciValue {
  year: number;
  eci: number;
  rank: number;
}

/** One ranked year of the country's ECI history; eci and rank are null when the country is not ranked that year. */
export interface EciPoint {
  year: number;
  period: string;
  eci: number | null;
  rank: number | null;
  /** Economies ranked that year. */
  ranked: number;
  source: string;
  release: string;
}

/** Every ranked year (oldest first) with the country's ECI and rank where it is ranked. */
export function eciRankSeries(ranked: readonly RankedYear[], own: readonly EciValue[]): EciPoint[] {
  const byYear = new Map<number, EciValue>();
  for (const v of own) if (Number.isFinite(v.eci) && Number.isFinite(v.rank)) byYear.set(v.year, v);
  const years = new Map<number, RankedYear>();
  for (const r of ranked) years.set(r.year, r);
  return [...years.values()]
    .sort((a, b) => a.year - b.year)
    .map((r) => {
      const v = byYear.get(r.year);
      return { year: r.year, period: r.period, eci: v?.eci ?? null, rank: v?.rank ?? null, ranked: r.reporters, source: r.source, release: r.release };
    });
}

/** A run of consecutive ranked years from one release of one source. */
export interface ReleaseGroup {
  release: string;
  source: string;
  years: number[];
}

/** The points split where the release changes (oldest first): each run is drawn as its own line. */
export function releaseGroups(points: readonly Pick<EciPoint, "year" | "release" | "source">[]): ReleaseGroup[] {
  const groups: ReleaseGroup[] = [];
  for (const p of [...points].sort((a, b) => a.year - b.year)) {
    const last = groups.at(-1);
    if (last && last.release === p.release) last.years.push(p.year);
    else groups.push({ release: p.release, source: p.source, years: [p.year] });
  }
  return groups;
}

/** One service category's exports in one year. */
export interface ServiceValue {
  year: number;
  id: string;
  name: string;
  value: number;
}

export interface ServicesYear {
  year: number;
  total: number;
  /** Largest first. */
  items: ServiceValue[];
}

/** Services exports grouped by year (oldest first), categories largest first; years without a positive total are left out. */
export function servicesByYear(rows: readonly ServiceValue[]): ServicesYear[] {
  const years = new Map<number, ServiceValue[]>();
  for (const r of rows) {
    if (!Number.isFinite(r.value)) continue;
    years.set(r.year, [...(years.get(r.year) ?? []), r]);
  }
  return [...years.entries()]
    .map(([year, items]) => ({ year, total: items.reduce((s, i) => s + i.value, 0), items: [...items].sort((a, b) => b.value - a.value || a.id.localeCompare(b.id)) }))
    .filter((y) => y.total > 0)
    .sort((a, b) => a.year - b.year);
}
