import type { BinaryMatrix } from "./binary";

export interface BipartiteComponents {
  /** Number of connected components (an isolated country or product counts as one). */
  readonly count: number;
  /** Component id per country; components are numbered by decreasing number of countries. */
  readonly countryComponent: Int32Array;
  readonly productComponent: Int32Array;
  /** Countries per component, indexed by component id. */
  readonly countryCount: Int32Array;
}

/**
 * Connected components of the country-product network (country c linked to product p when
 * M[c,p] = 1). The eigenvector ECI is only unique when there is one component: each extra
 * component adds another eigenvalue 1 to the country matrix.
 */
export function bipartiteComponents(m: BinaryMatrix): BipartiteComponents {
  const { rows, cols, rowStart, countryProducts, colStart, productCountries } = m;
  const countryRaw = new Int32Array(rows).fill(-1);
  const productRaw = new Int32Array(cols).fill(-1);
  const sizes: number[] = [];
  // Node ids: countries 0..rows-1, products rows..rows+cols-1.
  const stack = new Int32Array(rows + cols);
  let count = 0;

  const visit = (seed: number): void => {
    let top = 0;
    stack[top++] = seed;
    let size = 0;
    while (top > 0) {
      const node = stack[--top];
      if (node < rows) {
        size++;
        for (let k = rowStart[node]; k < rowStart[node + 1]; k++) {
          const p = countryProducts[k];
          if (productRaw[p] < 0) {
            productRaw[p] = count;
            stack[top++] = rows + p;
          }
        }
      } else {
        const p = node - rows;
        for (let k = colStart[p]; k < colStart[p + 1]; k++) {
          const c = productCountries[k];
          if (countryRaw[c] < 0) {
            countryRaw[c] = count;
            stack[top++] = c;
          }
        }
      }
    }
    sizes.push(size);
    count++;
  };

  for (let c = 0; c < rows; c++) {
    if (countryRaw[c] < 0) {
      countryRaw[c] = count;
      visit(c);
    }
  }
  for (let p = 0; p < cols; p++) {
    if (productRaw[p] < 0) {
      productRaw[p] = count;
      visit(rows + p);
    }
  }

  // Renumber so component 0 is the one with most countries (ties: first found), which is
  // the one a caller keeps.
  const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => sizes[b] - sizes[a] || a - b);
  const newId = new Int32Array(count);
  order.forEach((old, i) => (newId[old] = i));
  const countryCount = new Int32Array(count);
  const countryComponent = countryRaw.map((id) => newId[id]);
  const productComponent = productRaw.map((id) => newId[id]);
  for (let c = 0; c < rows; c++) countryCount[countryComponent[c]]++;
  return { count, countryComponent, productComponent, countryCount };
}
