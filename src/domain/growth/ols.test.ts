import { describe, expect, it } from "vitest";
import { backSubstitute, householderQr, invertUpper, meanAbsoluteError, ols, OlsError } from "./ols";

const TOL = 1e-9;

function expectClose(actual: readonly number[], expected: readonly number[], tol = TOL) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((v, i) => expect(Math.abs(v - expected[i]), `entry ${i}: ${v} vs ${expected[i]}`).toBeLessThan(tol));
}

describe("ols: worked examples computed by hand", () => {
  /**
   * Simple regression, y on (1, x) with x = 1..5 and y = 2, 4, 5, 4, 5.
   *   x̄ = 3, ȳ = 4, Sxx = Σ(x − x̄)² = 4 + 1 + 0 + 1 + 4 = 10,
   *   Sxy = Σ(x − x̄)(y − ȳ) = (−2)(−2) + (−1)(0) + 0·1 + 1·0 + 2·1 = 6.
   *   slope = Sxy / Sxx = 0.6, intercept = ȳ − 0.6 x̄ = 2.2.
   *   fitted 2.8, 3.4, 4.0, 4.6, 5.2; residuals −0.8, 0.6, 1.0, −0.6, −0.2.
   *   SSR = 0.64 + 0.36 + 1 + 0.36 + 0.04 = 2.4; SST = 4 + 0 + 1 + 0 + 1 = 6; R² = 1 − 2.4/6 = 0.6.
   *   σ̂² = SSR / (n − k) = 2.4 / 3 = 0.8.
   *   SE(slope) = √(σ̂² / Sxx) = √0.08; SE(intercept) = √(σ̂² (1/n + x̄²/Sxx)) = √(0.8 · 1.1) = √0.88.
   *   adjusted R² = 1 − 0.4 · 4/3 = 7/15.
   */
  it("fits a line", () => {
    const x = [1, 2, 3, 4, 5].map((v) => [1, v]);
    const fit = ols(x, [2, 4, 5, 4, 5]);
    expectClose(fit.coefficients, [2.2, 0.6]);
    expectClose(fit.fitted, [2.8, 3.4, 4.0, 4.6, 5.2]);
    expectClose(fit.residuals, [-0.8, 0.6, 1.0, -0.6, -0.2]);
    expect(Math.abs(fit.ssr - 2.4)).toBeLessThan(TOL);
    expect(Math.abs(fit.sst - 6)).toBeLessThan(TOL);
    expect(Math.abs(fit.r2 - 0.6)).toBeLessThan(TOL);
    expect(Math.abs(fit.adjustedR2 - 7 / 15)).toBeLessThan(TOL);
    expect(Math.abs(fit.residualVariance - 0.8)).toBeLessThan(TOL);
    expectClose(fit.standardErrors, [Math.sqrt(0.88), Math.sqrt(0.08)]);
    expectClose(fit.tStatistics, [2.2 / Math.sqrt(0.88), 0.6 / Math.sqrt(0.08)]);
    expect(fit.n).toBe(5);
    expect(fit.k).toBe(2);
  });

  /**
   * Two correlated regressors: columns (1, x₁, x₂) with x₁ = 0, 1, 2, 3, x₂ = 1, 0, 1, 0 and
   * y = 1, 2, 4, 3.
   *   XᵀX = [[4, 6, 2], [6, 14, 2], [2, 2, 2]], Xᵀy = [10, 19, 5].
   *   The third normal equation gives c = 2.5 − a − b; substituted into the first two:
   *   2a + 4b = 5 and 2a + 6b = 7, so b = 1, a = 0.5, c = 1.
   *   fitted 1.5, 1.5, 3.5, 3.5; residuals −0.5, 0.5, 0.5, −0.5; SSR = 1; σ̂² = 1 / (4 − 3) = 1.
   *   det(XᵀX) = 4·24 − 6·8 + 2·(−16) = 16 and the cofactors give
   *   (XᵀX)⁻¹ = [[24, −8, −16], [−8, 4, 4], [−16, 4, 20]] / 16 = [[1.5, −0.5, −1], [−0.5, 0.25, 0.25], [−1, 0.25, 1.25]],
   *   so SE = √1.5, √0.25 = 0.5, √1.25.
   *   ȳ = 2.5, SST = 2.25 + 0.25 + 2.25 + 0.25 = 5, R² = 1 − 1/5 = 0.8, adjusted R² = 1 − 0.2 · 3/1 = 0.4.
   */
  it("fits two correlated regressors with an intercept", () => {
    const x = [
      [1, 0, 1],
      [1, 1, 0],
      [1, 2, 1],
      [1, 3, 0],
    ];
    const fit = ols(x, [1, 2, 4, 3]);
    expectClose(fit.coefficients, [0.5, 1, 1]);
    expectClose(fit.fitted, [1.5, 1.5, 3.5, 3.5]);
    expectClose(fit.residuals, [-0.5, 0.5, 0.5, -0.5]);
    expect(Math.abs(fit.ssr - 1)).toBeLessThan(TOL);
    expect(Math.abs(fit.residualVariance - 1)).toBeLessThan(TOL);
    expectClose(fit.covariance.flat(), [1.5, -0.5, -1, -0.5, 0.25, 0.25, -1, 0.25, 1.25]);
    expectClose(fit.standardErrors, [Math.sqrt(1.5), 0.5, Math.sqrt(1.25)]);
    expectClose(fit.tStatistics, [0.5 / Math.sqrt(1.5), 2, 1 / Math.sqrt(1.25)]);
    expect(Math.abs(fit.r2 - 0.8)).toBeLessThan(TOL);
    expect(Math.abs(fit.adjustedR2 - 0.4)).toBeLessThan(TOL);
  });

  /**
   * Orthogonal ±1 columns make XᵀX = 4I: with y = 1, 3, 4, 8, β = Xᵀy / 4 = (16, 6, 8) / 4 =
   * (4, 1.5, 2); residuals 0.5, −0.5, −0.5, 0.5; SSR = 1, σ̂² = 1, every SE = √(1/4) = 0.5;
   * SST = 9 + 1 + 0 + 16 = 26, R² = 25/26.
   */
  it("fits an orthogonal design", () => {
    const x = [
      [1, -1, -1],
      [1, 1, -1],
      [1, -1, 1],
      [1, 1, 1],
    ];
    const fit = ols(x, [1, 3, 4, 8]);
    expectClose(fit.coefficients, [4, 1.5, 2]);
    expectClose(fit.standardErrors, [0.5, 0.5, 0.5]);
    expect(Math.abs(fit.r2 - 25 / 26)).toBeLessThan(TOL);
  });
});

describe("ols: numerics and refusals", () => {
  it("is unmoved by the scale of a column (the coefficient scales instead)", () => {
    const base = [
      [1, 0, 1],
      [1, 1, 0],
      [1, 2, 1],
      [1, 3, 0],
    ];
    const scaled = base.map(([a, b, c]) => [a, b * 1e6, c]);
    const fit = ols(scaled, [1, 2, 4, 3]);
    expectClose(fit.coefficients.map((v, i) => (i === 1 ? v * 1e6 : v)), [0.5, 1, 1]);
    expect(Math.abs(fit.standardErrors[1] * 1e6 - 0.5)).toBeLessThan(TOL);
  });

  it("recovers the coefficients of a nearly collinear design", () => {
    // x₂ = x₁ + 1e-7·d: forming XᵀX would square the design's condition number; QR works on X itself.
    const d = [1, -1, -1, 1, 0, 0];
    const x1 = [1, 2, 3, 4, 5, 6];
    const x = x1.map((v, i) => [1, v, v + 1e-7 * d[i]]);
    const y = x.map(([, a, b]) => 2 + 3 * a - 1 * b);
    const fit = ols(x, y);
    expectClose(fit.coefficients, [2, 3, -1], 1e-6);
  });

  it("factorises X = QR with RᵀR = XᵀX", () => {
    const x = [
      [1, 0, 1],
      [1, 1, 0],
      [1, 2, 1],
      [1, 3, 0],
    ];
    const { r } = householderQr(x, [0, 0, 0, 0]);
    const rtr = r.map((_, i) => r.map((__, j) => r.reduce((s, row) => s + row[i] * row[j], 0)));
    expectClose(rtr.flat(), [4, 6, 2, 6, 14, 2, 2, 2, 2]);
    r.forEach((row, i) => row.forEach((v, j) => (j < i ? expect(v).toBe(0) : undefined)));
  });

  it("back-substitutes and inverts upper-triangular matrices", () => {
    const r = [
      [2, 1, -1],
      [0, 3, 2],
      [0, 0, 4],
    ];
    // z = (1, 2, 3): R z = (2 + 2 − 3, 6 + 6, 12) = (1, 12, 12).
    expectClose(backSubstitute(r, [1, 12, 12]), [1, 2, 3]);
    const inv = invertUpper(r);
    const product = r.map((row) => inv[0].map((_, j) => row.reduce((s, v, m) => s + v * inv[m][j], 0)));
    expectClose(product.flat(), [1, 0, 0, 0, 1, 0, 0, 0, 1]);
  });

  it("refuses a column that is a combination of the others", () => {
    const x = [0, 1, 2, 3, 4].map((v) => [1, v, 2 * v + 1]);
    expect(() => ols(x, [1, 2, 3, 5, 4])).toThrowError(expect.objectContaining({ code: "rank_deficient" }));
  });

  it("refuses bad shapes, too few rows and values that are not numbers", () => {
    expect(() => ols([[1, 2]], [1, 2])).toThrow(OlsError);
    expect(() => ols([[1, 2], [1]], [1, 2])).toThrowError(expect.objectContaining({ code: "shape" }));
    expect(() => ols([[1, 0], [1, 1]], [1, 2])).toThrowError(expect.objectContaining({ code: "too_few_rows" }));
    expect(() => ols([[1, 0], [1, 1], [1, Number.NaN]], [1, 2, 3])).toThrowError(expect.objectContaining({ code: "not_finite" }));
  });

  it("measures mean absolute error", () => {
    expect(meanAbsoluteError([1, 2, 3], [2, 2, 1])).toBeCloseTo(1, 12);
    expect(Number.isNaN(meanAbsoluteError([], []))).toBe(true);
  });
});
