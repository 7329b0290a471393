import { colSums, rowSums, type TradeMatrix } from "./matrix";

/**
 * Sample restrictions of the published rankings (OEC / Atlas of Economic Complexity): small or
 * barely-trading economies and thinly traded products make RCA noisy and drag ECI around, so
 * they are left out of the computation, and pages say which and why.
 * Each threshold can be switched off with `null`.
 */
export interface ComplexityFilters {
  /** Minimum population. Applied only where a population figure is given. Default 1 million. */
  readonly minPopulation?: number | null;
  /** Minimum total exports of a country (sum of its row), in the values' unit. Default 1e9 (USD 1 bn). */
  readonly minCountryExports?: number | null;
  /** Minimum world trade of a product (sum of its column over all input countries). Default 5e8. */
  readonly minProductTrade?: number | null;
}

export const DEFAULT_FILTERS: Required<ComplexityFilters> = {
  minPopulation: 1_000_000,
  minCountryExports: 1_000_000_000,
  minProductTrade: 500_000_000,
};

/** Filters that keep everything with any trade (for fixtures and small examples). */
export const NO_FILTERS: Required<ComplexityFilters> = {
  minPopulation: null,
  minCountryExports: null,
  minProductTrade: null,
};

export type ExclusionReason =
  /** Population below `minPopulation`. */
  | "population"
  /** Total exports below `minCountryExports`. */
  | "country-exports"
  /** World trade below `minProductTrade`. */
  | "product-trade"
  /** The country exports none of the remaining products. */
  | "no-exports"
  /** No remaining country exports the product. */
  | "no-trade"
  /** No RCA >= cutoff anywhere in the row or column (possible only through rounding). */
  | "no-advantage"
  /** Outside the largest connected part of the country-product network. */
  | "disconnected";

export interface Exclusion {
  readonly kind: "country" | "product";
  readonly id: string;
  readonly reason: ExclusionReason;
  /** The measured value that failed the threshold (population, exports or trade), when there is one. */
  readonly value?: number;
  readonly threshold?: number;
}

export interface Selection {
  /** Indices into the input's countries / products that stay, in input order. */
  readonly countryIndex: Int32Array;
  readonly productIndex: Int32Array;
  /** One entry per dropped id, with the first reason that applied. */
  readonly excluded: Exclusion[];
  /** Countries kept without a population check because none was given. */
  readonly populationUnknown: string[];
}

/**
 * Applies the thresholds, then drops countries and products left with no trade at all (so RCA
 * is never 0/0). Product world trade is measured over every input country, before country
 * filters, because it describes the product, not the sample.
 */
export function selectForComplexity(
  matrix: TradeMatrix,
  population: ReadonlyMap<string, number> | undefined,
  filters: ComplexityFilters = DEFAULT_FILTERS,
): Selection {
  const { countries, products, values } = matrix;
  const rows = countries.length;
  const cols = products.length;
  const { minPopulation, minCountryExports, minProductTrade } = { ...DEFAULT_FILTERS, ...filters };
  const excluded: Exclusion[] = [];
  const populationUnknown: string[] = [];

  const countryExports = rowSums(values, rows, cols);
  const productTrade = colSums(values, rows, cols);

  const keepCountry = new Uint8Array(rows);
  for (let c = 0; c < rows; c++) {
    const id = countries[c];
    const pop = population?.get(id);
    if (minPopulation !== null && pop !== undefined && Number.isFinite(pop) && pop < minPopulation) {
      excluded.push({ kind: "country", id, reason: "population", value: pop, threshold: minPopulation });
    } else if (minCountryExports !== null && countryExports[c] < minCountryExports) {
      excluded.push({ kind: "country", id, reason: "country-exports", value: countryExports[c], threshold: minCountryExports });
    } else {
      keepCountry[c] = 1;
      if (minPopulation !== null && (pop === undefined || !Number.isFinite(pop))) populationUnknown.push(id);
    }
  }
  const keepProduct = new Uint8Array(cols);
  for (let p = 0; p < cols; p++) {
    if (minProductTrade !== null && productTrade[p] < minProductTrade) {
      excluded.push({ kind: "product", id: products[p], reason: "product-trade", value: productTrade[p], threshold: minProductTrade });
    } else {
      keepProduct[p] = 1;
    }
  }

  // Zero rows and columns of the kept block. Removing an all-zero column cannot empty a row
  // (and vice versa), so one pass is enough.
  const keptExports = new Float64Array(rows);
  const keptTrade = new Float64Array(cols);
  for (let c = 0; c < rows; c++) {
    if (!keepCountry[c]) continue;
    const base = c * cols;
    for (let p = 0; p < cols; p++) {
      if (!keepProduct[p]) continue;
      keptExports[c] += values[base + p];
      keptTrade[p] += values[base + p];
    }
  }
  for (let c = 0; c < rows; c++) {
    if (keepCountry[c] && !(keptExports[c] > 0)) {
      keepCountry[c] = 0;
      excluded.push({ kind: "country", id: countries[c], reason: "no-exports", value: keptExports[c] });
    }
  }
  for (let p = 0; p < cols; p++) {
    if (keepProduct[p] && !(keptTrade[p] > 0)) {
      keepProduct[p] = 0;
      excluded.push({ kind: "product", id: products[p], reason: "no-trade", value: keptTrade[p] });
    }
  }

  const stillUnknown = new Set(populationUnknown);
  for (let c = 0; c < rows; c++) if (!keepCountry[c]) stillUnknown.delete(countries[c]);
  return {
    countryIndex: indicesOf(keepCountry),
    productIndex: indicesOf(keepProduct),
    excluded,
    populationUnknown: [...stillUnknown],
  };
}

export function indicesOf(mask: Uint8Array): Int32Array {
  let count = 0;
  for (let i = 0; i < mask.length; i++) count += mask[i];
  const out = new Int32Array(count);
  let k = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]) out[k++] = i;
  return out;
}
