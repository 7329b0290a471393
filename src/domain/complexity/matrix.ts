import { ComplexityError } from "./errors";

/**
 * A dense country x product matrix of export values: `values[c * products.length + p]`.
 * Dense because complexity maths touches every cell anyway and typed arrays keep it cache friendly.
 */
export interface TradeMatrix {
  readonly countries: readonly string[];
  readonly products: readonly string[];
  readonly values: Float64Array;
}

function assertUniqueIds(ids: readonly string[], what: string): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) {
      throw new ComplexityError("INVALID_INPUT", `Duplicate ${what} id "${id}"`, { id });
    }
    seen.add(id);
  }
}

/** Rejects anything that would otherwise surface later as NaN in some output. */
export function assertTradeMatrix(matrix: TradeMatrix): void {
  const { countries, products, values } = matrix;
  if (values.length !== countries.length * products.length) {
    throw new ComplexityError(
      "INVALID_INPUT",
      `values has ${values.length} cells, expected ${countries.length} x ${products.length}`,
    );
  }
  assertUniqueIds(countries, "country");
  assertUniqueIds(products, "product");
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!(v >= 0) || v === Infinity) {
      const c = Math.floor(i / products.length);
      throw new ComplexityError(
        "INVALID_INPUT",
        `Value for ${countries[c]} x ${products[i % products.length]} is ${v}; values must be finite and >= 0`,
      );
    }
  }
}

export function rowSums(values: Float64Array, rows: number, cols: number): Float64Array {
  const out = new Float64Array(rows);
  for (let r = 0; r < rows; r++) {
    let s = 0;
    const base = r * cols;
    for (let c = 0; c < cols; c++) s += values[base + c];
    out[r] = s;
  }
  return out;
}

export function colSums(values: Float64Array, rows: number, cols: number): Float64Array {
  const out = new Float64Array(cols);
  for (let r = 0; r < rows; r++) {
    const base = r * cols;
    for (let c = 0; c < cols; c++) out[c] += values[base + c];
  }
  return out;
}

/** Copies the rows and columns listed (in the order listed) into a new matrix. */
export function selectSubmatrix(
  matrix: TradeMatrix,
  rowIndex: ArrayLike<number>,
  colIndex: ArrayLike<number>,
): TradeMatrix {
  const cols = matrix.products.length;
  const outRows = rowIndex.length;
  const outCols = colIndex.length;
  const values = new Float64Array(outRows * outCols);
  for (let r = 0; r < outRows; r++) {
    const src = rowIndex[r] * cols;
    const dst = r * outCols;
    for (let c = 0; c < outCols; c++) values[dst + c] = matrix.values[src + colIndex[c]];
  }
  return {
    countries: Array.from(rowIndex, (i) => matrix.countries[i]),
    products: Array.from(colIndex, (i) => matrix.products[i]),
    values,
  };
}

/**
 * The dense matrix of a list of (country, product, value) cells given as three columns, as a table
 * or a query returns them: ids sorted, duplicate cells summed, values that are not positive
 * exports (zero, negative, NaN) left out.
 */
export function tradeMatrixFromCells(
  countryIds: readonly string[],
  productIds: readonly string[],
  cellValues: ArrayLike<number>,
): TradeMatrix {
  const countries = [...new Set(countryIds)].sort();
  const products = [...new Set(productIds)].sort();
  const ci = new Map(countries.map((id, i) => [id, i]));
  const pi = new Map(products.map((id, i) => [id, i]));
  const values = new Float64Array(countries.length * products.length);
  for (let i = 0; i < countryIds.length; i++) {
    const v = cellValues[i];
    if (v > 0) values[ci.get(countryIds[i])! * products.length + pi.get(productIds[i])!] += v;
  }
  return { countries, products, values };
}
