import { ComplexityError } from "./errors";

/**
 * The 0/1 specialisation matrix M (countries x products) together with its nonzero lists.
 * Every algorithm downstream is a sum over nonzeros, so the lists are built once here and
 * shared: `countryProducts` (CSR) lists the products of each country, `productCountries` (CSC)
 * the countries of each product, both in ascending order.
 */
export interface BinaryMatrix {
  readonly rows: number;
  readonly cols: number;
  /** Row-major 0/1 cells. */
  readonly data: Uint8Array;
  /** Products with M = 1 per country: `countryProducts[rowStart[c] .. rowStart[c + 1])`. */
  readonly rowStart: Int32Array;
  readonly countryProducts: Int32Array;
  /** Countries with M = 1 per product: `productCountries[colStart[p] .. colStart[p + 1])`. */
  readonly colStart: Int32Array;
  readonly productCountries: Int32Array;
  /** k_c,0: number of products per country. */
  readonly diversity: Float64Array;
  /** k_p,0: number of countries per product. */
  readonly ubiquity: Float64Array;
}

/** Builds the nonzero lists, diversity and ubiquity from a row-major 0/1 array. */
export function binaryMatrix(data: Uint8Array, rows: number, cols: number): BinaryMatrix {
  if (data.length !== rows * cols) {
    throw new ComplexityError("INVALID_INPUT", `binary data has ${data.length} cells, expected ${rows} x ${cols}`);
  }
  const diversity = new Float64Array(rows);
  const ubiquity = new Float64Array(cols);
  let nnz = 0;
  for (let r = 0; r < rows; r++) {
    const base = r * cols;
    for (let c = 0; c < cols; c++) {
      const v = data[base + c];
      if (v === 1) {
        diversity[r]++;
        ubiquity[c]++;
        nnz++;
      } else if (v !== 0) {
        throw new ComplexityError("INVALID_INPUT", `binary cell (${r}, ${c}) is ${v}, expected 0 or 1`);
      }
    }
  }
  const rowStart = new Int32Array(rows + 1);
  for (let r = 0; r < rows; r++) rowStart[r + 1] = rowStart[r] + diversity[r];
  const colStart = new Int32Array(cols + 1);
  for (let c = 0; c < cols; c++) colStart[c + 1] = colStart[c] + ubiquity[c];

  const countryProducts = new Int32Array(nnz);
  const productCountries = new Int32Array(nnz);
  const colFill = colStart.slice(0, cols);
  let k = 0;
  for (let r = 0; r < rows; r++) {
    const base = r * cols;
    for (let c = 0; c < cols; c++) {
      if (data[base + c] === 1) {
        countryProducts[k++] = c;
        productCountries[colFill[c]++] = r;
      }
    }
  }
  return { rows, cols, data, rowStart, countryProducts, colStart, productCountries, diversity, ubiquity };
}

/** Methods that divide by diversity or ubiquity call this rather than emit Infinity or NaN. */
export function assertNoEmptyRowsOrColumns(m: BinaryMatrix, method: string): void {
  const emptyRows: number[] = [];
  const emptyCols: number[] = [];
  for (let r = 0; r < m.rows; r++) if (m.diversity[r] === 0) emptyRows.push(r);
  for (let c = 0; c < m.cols; c++) if (m.ubiquity[c] === 0) emptyCols.push(c);
  if (emptyRows.length > 0 || emptyCols.length > 0) {
    throw new ComplexityError(
      "EMPTY_ROW_OR_COLUMN",
      `${method} needs every country and product to have at least one 1 in the binary matrix ` +
        `(${emptyRows.length} empty rows, ${emptyCols.length} empty columns); drop them first`,
      { emptyRows, emptyCols },
    );
  }
}
