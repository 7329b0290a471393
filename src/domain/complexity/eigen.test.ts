import { describe, expect, it } from "vitest";
import { dominantEigenpair } from "./lanczos";
import { tridiagonalEigen } from "./tridiagonal";
import { seededRandom } from "./test-support/random";

describe("tridiagonal eigen-solver", () => {
  it("solves [[2,1],[1,2]]", () => {
    const { values, vectors } = tridiagonalEigen([2, 2], [1]);
    expect(values[0]).toBeCloseTo(1, 14);
    expect(values[1]).toBeCloseTo(3, 14);
    expect(Math.abs(vectors[0 * 2 + 1])).toBeCloseTo(Math.SQRT1_2, 14);
  });

  it("returns orthonormal eigenvectors of a random tridiagonal matrix", () => {
    const rand = seededRandom(1);
    const n = 30;
    const d = Array.from({ length: n }, rand);
    const e = Array.from({ length: n - 1 }, () => rand() - 0.5);
    const { values, vectors } = tridiagonalEigen(d, e);
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < n; i++) {
        const tv = d[i] * vectors[i * n + j] + (i > 0 ? e[i - 1] * vectors[(i - 1) * n + j] : 0) + (i < n - 1 ? e[i] * vectors[(i + 1) * n + j] : 0);
        expect(Math.abs(tv - values[j] * vectors[i * n + j])).toBeLessThan(1e-12);
      }
      let norm = 0;
      for (let i = 0; i < n; i++) norm += vectors[i * n + j] ** 2;
      expect(norm).toBeCloseTo(1, 12);
      if (j > 0) expect(values[j]).toBeGreaterThanOrEqual(values[j - 1]);
    }
  });
});

describe("Lanczos", () => {
  it("finds the largest eigenvalue orthogonal to a deflated vector", () => {
    // Diagonal operator diag(5, 4, 3, 2, 1, ...): deflating e_0 leaves 4 on top.
    const n = 200;
    const diag = Float64Array.from({ length: n }, (_, i) => (i < 5 ? 5 - i : 1 / (i + 1)));
    const e0 = new Float64Array(n);
    e0[0] = 1;
    const pair = dominantEigenpair((x, y) => {
      for (let i = 0; i < n; i++) y[i] = diag[i] * x[i];
    }, n, { deflate: [e0] });
    expect(pair.value).toBeCloseTo(4, 12);
    expect(Math.abs(pair.vector[1])).toBeCloseTo(1, 10);
    expect(pair.residual).toBeLessThan(1e-11);
  });
});
