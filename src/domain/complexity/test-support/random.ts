/** Seeded generators for property tests: reproducible, no dependency. */
import { seededRandom } from "@/domain/random";

export { seededRandom };

/**
 * A nested random export matrix (capable countries export more, and more sophisticated,
 * products), whole-dollar values, every row and column non-zero.
 */
export function randomTrade(rows: number, cols: number, seed: number): { countries: string[]; products: string[]; values: Float64Array } {
  const rand = seededRandom(seed);
  const capability = Array.from({ length: rows }, rand);
  const sophistication = Array.from({ length: cols }, rand);
  const values = new Float64Array(rows * cols);
  for (let c = 0; c < rows; c++) {
    for (let p = 0; p < cols; p++) {
      const chance = 1 / (1 + Math.exp(-8 * (capability[c] - sophistication[p]) - 1));
      if (rand() < chance) values[c * cols + p] = Math.round(1e6 * Math.exp(4 * rand()));
    }
    values[c * cols + Math.floor(rand() * cols)] += 1e6;
  }
  for (let p = 0; p < cols; p++) values[Math.floor(rand() * rows) * cols + p] += 1e6;
  return {
    countries: Array.from({ length: rows }, (_, i) => `c${String(i).padStart(3, "0")}`),
    products: Array.from({ length: cols }, (_, i) => `p${String(i).padStart(4, "0")}`),
    values,
  };
}

export function hasNaN(...arrays: ArrayLike<number>[]): boolean {
  return arrays.some((a) => Array.prototype.some.call(a, (v: number) => Number.isNaN(v) || !Number.isFinite(v)));
}
