import { binaryMatrix, type BinaryMatrix } from "./binary";
import { bipartiteComponents } from "./components";
import { eigenvectorComplexity } from "./eigenvector";
import { ComplexityError } from "./errors";
import { fitnessComplexity, type FitnessComplexityOptions } from "./fitness";
import {
  DEFAULT_FILTERS,
  NO_FILTERS,
  indicesOf,
  selectForComplexity,
  type ComplexityFilters,
  type Exclusion,
} from "./filters";
import { assertTradeMatrix, selectSubmatrix } from "./matrix";
import { productProximity } from "./proximity";
import { balassaRca, binarize } from "./rca";
import { reflectionsComplexity } from "./reflections";
import { opportunityMeasuresFromBinary } from "./opportunity";
import { distance } from "./relatedness";
import { rankDescending } from "./stats";

export interface ComplexityInput {
  readonly countries: readonly string[];
  readonly products: readonly string[];
  /** Exports, countries x products, row-major. Non-negative and finite. */
  readonly values: Float64Array;
  /** Population per country id; countries absent here skip the population filter. */
  readonly population?: ReadonlyMap<string, number>;
}

export type EciMethod = "eigenvector" | "reflections";

export interface ComplexityOptions {
  /** Default "eigenvector" (Atlas / OEC); "reflections" reproduces py-economic-complexity. */
  readonly method?: EciMethod;
  /** Reflections only. Default 20, as py-economic-complexity. */
  readonly iterations?: number;
  /** RCA at or above this counts as specialised. Default 1. */
  readonly rcaCutoff?: number;
  /** Sample filters; `false` keeps every country and product that has any trade. */
  readonly filters?: ComplexityFilters | false;
  /** Fitness-Complexity settings, or `false` to skip it. Default: economiccomplexity's. */
  readonly fitness?: FitnessComplexityOptions | false;
}

export interface ComplexityResult {
  /** Ids that survived the filters, in input order; every array below is indexed by these. */
  readonly countries: readonly string[];
  readonly products: readonly string[];
  /** Everything left out, with the reason, so a page can say so. */
  readonly excluded: readonly Exclusion[];
  /** Kept countries whose population was not given (not checked against the population filter). */
  readonly populationUnknown: readonly string[];
  readonly method: EciMethod;

  /** Balassa RCA over the kept sample, countries x products. */
  readonly rca: Float64Array;
  /** M (RCA >= cutoff) with diversity and ubiquity. */
  readonly binary: BinaryMatrix;
  readonly eci: Float64Array;
  readonly pci: Float64Array;
  /** 1 = highest. */
  readonly eciRank: Int32Array;
  readonly pciRank: Int32Array;
  /** Second eigenvalue of the country matrix (eigenvector method only). */
  readonly eigenvalue: number | null;
  /** Fitness-Complexity: country fitness and product complexity, mean 1 (null when disabled). */
  readonly fitness: Float64Array | null;
  readonly productFitnessComplexity: Float64Array | null;

  /** Product proximity, products x products, diagonal 1; computed on first read (products^2 doubles). */
  readonly proximity: Float64Array;
  /** Countries x products. */
  readonly relatedness: Float64Array;
  readonly distance: Float64Array;
  readonly opportunityGain: Float64Array;
  /** Complexity outlook index per country. */
  readonly coi: Float64Array;
}

function selectBinary(m: BinaryMatrix, rows: Int32Array, cols: Int32Array): BinaryMatrix {
  const data = new Uint8Array(rows.length * cols.length);
  for (let r = 0; r < rows.length; r++) {
    const src = rows[r] * m.cols;
    const dst = r * cols.length;
    for (let c = 0; c < cols.length; c++) data[dst + c] = m.data[src + cols[c]];
  }
  return binaryMatrix(data, rows.length, cols.length);
}

function selectRows(values: Float64Array, width: number, rows: Int32Array, cols: Int32Array): Float64Array {
  const out = new Float64Array(rows.length * cols.length);
  for (let r = 0; r < rows.length; r++) {
    const src = rows[r] * width;
    const dst = r * cols.length;
    for (let c = 0; c < cols.length; c++) out[dst + c] = values[src + cols[c]];
  }
  return out;
}

/**
 * The whole complexity pipeline for one period: filter the sample, RCA, M, ECI / PCI,
 * Fitness-Complexity, proximity, relatedness, distance, opportunity gain and COI.
 *
 * Degenerate input never yields NaN. Invalid values or ids throw `INVALID_INPUT`. Countries and
 * products that cannot be ranked are dropped and listed in `excluded`: no trade at all, no
 * RCA >= cutoff (only through rounding), or outside the largest connected part of the
 * country-product network (ECI compares economies through shared products, so a separate
 * island has no common scale; the part with most countries is kept). If fewer than two
 * countries or products remain (a single country, an all-zero matrix, everything filtered
 * out) it throws `INSUFFICIENT_DATA`, whose details carry the exclusions.
 */
export function computeComplexity(input: ComplexityInput, options: ComplexityOptions = {}): ComplexityResult {
  const matrix = { countries: input.countries, products: input.products, values: input.values };
  assertTradeMatrix(matrix);
  const method = options.method ?? "eigenvector";
  if (method !== "eigenvector" && method !== "reflections") {
    throw new ComplexityError("INVALID_INPUT", `Unknown ECI method "${String(method)}"`);
  }
  const cutoff = options.rcaCutoff ?? 1;
  if (!Number.isFinite(cutoff) || cutoff <= 0) {
    throw new ComplexityError("INVALID_INPUT", `rcaCutoff must be a positive number, got ${cutoff}`);
  }
  const filters = options.filters === false ? NO_FILTERS : { ...DEFAULT_FILTERS, ...options.filters };
  const selection = selectForComplexity(matrix, input.population, filters);
  const excluded: Exclusion[] = [...selection.excluded];

  const insufficient = (countries: number, products: number): never => {
    throw new ComplexityError(
      "INSUFFICIENT_DATA",
      `Complexity needs at least 2 countries and 2 products after filtering; ${countries} and ${products} remain`,
      { excluded },
    );
  };
  if (selection.countryIndex.length < 2 || selection.productIndex.length < 2) {
    insufficient(selection.countryIndex.length, selection.productIndex.length);
  }

  let sample = selectSubmatrix(matrix, selection.countryIndex, selection.productIndex);
  const rows = sample.countries.length;
  const cols = sample.products.length;
  let rca = balassaRca(sample.values, rows, cols);
  let binary = binarize(rca, rows, cols, cutoff);

  // Keep rows/columns with some specialisation, then the largest connected part.
  const keepRow = new Uint8Array(rows);
  const keepCol = new Uint8Array(cols);
  for (let c = 0; c < rows; c++) {
    if (binary.diversity[c] > 0) keepRow[c] = 1;
    else excluded.push({ kind: "country", id: sample.countries[c], reason: "no-advantage" });
  }
  for (let p = 0; p < cols; p++) {
    if (binary.ubiquity[p] > 0) keepCol[p] = 1;
    else excluded.push({ kind: "product", id: sample.products[p], reason: "no-advantage" });
  }
  const components = bipartiteComponents(binary);
  if (components.count > 1) {
    for (let c = 0; c < rows; c++) {
      if (keepRow[c] && components.countryComponent[c] !== 0) {
        keepRow[c] = 0;
        excluded.push({ kind: "country", id: sample.countries[c], reason: "disconnected" });
      }
    }
    for (let p = 0; p < cols; p++) {
      if (keepCol[p] && components.productComponent[p] !== 0) {
        keepCol[p] = 0;
        excluded.push({ kind: "product", id: sample.products[p], reason: "disconnected" });
      }
    }
    const rowIndex = indicesOf(keepRow);
    const colIndex = indicesOf(keepCol);
    if (rowIndex.length < 2 || colIndex.length < 2) insufficient(rowIndex.length, colIndex.length);
    // RCA keeps the full sample as its world: the dropped rows and columns are still trade.
    rca = selectRows(rca, cols, rowIndex, colIndex);
    binary = selectBinary(binary, rowIndex, colIndex);
    sample = selectSubmatrix(sample, rowIndex, colIndex);
  }

  const indices =
    method === "reflections"
      ? { ...reflectionsComplexity(binary, options.iterations ?? 20), eigenvalue: null }
      : eigenvectorComplexity(binary);
  const fitness = options.fitness === false ? null : fitnessComplexity(binary, options.fitness ?? {});
  const measures = opportunityMeasuresFromBinary(binary, indices.pci);
  // products^2 doubles (200 MB at HS6) that the opportunity measures do not need: made on first
  // read only (the product space reads it; the import never does).
  let proximity: Float64Array | null = null;
  const finalBinary = binary;

  return {
    countries: sample.countries,
    products: sample.products,
    excluded,
    populationUnknown: selection.populationUnknown.filter((id) => sample.countries.includes(id)),
    method,
    rca,
    binary,
    eci: indices.eci,
    pci: indices.pci,
    eciRank: rankDescending(indices.eci),
    pciRank: rankDescending(indices.pci),
    eigenvalue: indices.eigenvalue,
    fitness: fitness?.fitness ?? null,
    productFitnessComplexity: fitness?.complexity ?? null,
    get proximity() {
      proximity ??= productProximity(finalBinary, { diagonal: 1 });
      return proximity;
    },
    relatedness: measures.relatedness,
    distance: distance(measures.relatedness),
    opportunityGain: measures.opportunityGain,
    coi: measures.coi,
  };
}
