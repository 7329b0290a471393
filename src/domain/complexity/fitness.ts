import { assertNoEmptyRowsOrColumns, type BinaryMatrix } from "./binary";
import { ComplexityError } from "./errors";

export interface FitnessComplexityOptions {
  /** As in economiccomplexity: rounded up to an even number, and iterations - 1 updates are made. */
  readonly iterations?: number;
  /** gamma in Q = 1 / (M^T (1/F)^gamma)^(1/gamma). */
  readonly extremality?: number;
}

export interface FitnessComplexity {
  /** Country fitness, normalised to mean 1 (no log, no z-score). */
  readonly fitness: Float64Array;
  /** Product complexity, normalised to mean 1. */
  readonly complexity: Float64Array;
}

function normaliseToMeanOne(x: Float64Array): void {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i];
  const m = s / x.length;
  for (let i = 0; i < x.length; i++) x[i] /= m;
}

/**
 * Fitness-Complexity (Tacchella et al. 2012) exactly as economiccomplexity 2.0.0 computes it by
 * default (`complexity_measures(M)`, method "fitness", 20 iterations, extremality 1):
 *
 *   F_0 = 1, Q_0 = 1; for j = 1 .. iterations-1:
 *     F_j = M Q_{j-1},                          then F_j / mean(F_j)
 *     Q_j = 1 / (M^T (1/F_{j-1})^g)^(1/g),      then Q_j / mean(Q_j)
 *
 * Note Q_j uses the previous fitness F_{j-1}, as the package does (a Jacobi rather than a
 * Gauss-Seidel update); matching it is what makes the output comparable with the package's.
 * The package drops empty rows and columns first; here they are refused instead, so indices
 * stay aligned with the caller's ids.
 */
export function fitnessComplexity(m: BinaryMatrix, options: FitnessComplexityOptions = {}): FitnessComplexity {
  assertNoEmptyRowsOrColumns(m, "Fitness-Complexity");
  let iterations = options.iterations ?? 20;
  const gamma = options.extremality ?? 1;
  if (!Number.isInteger(iterations) || iterations < 2) {
    throw new ComplexityError("INVALID_INPUT", `iterations must be an integer >= 2, got ${iterations}`);
  }
  if (!(gamma > 0) || !Number.isFinite(gamma)) {
    throw new ComplexityError("INVALID_INPUT", `extremality must be a positive number, got ${gamma}`);
  }
  if (iterations % 2 === 1) iterations += 1;

  const { rows, cols, rowStart, countryProducts, colStart, productCountries } = m;
  let f = new Float64Array(rows).fill(1);
  let q = new Float64Array(cols).fill(1);
  for (let j = 1; j < iterations; j++) {
    const nextF = new Float64Array(rows);
    for (let c = 0; c < rows; c++) {
      let s = 0;
      for (let k = rowStart[c]; k < rowStart[c + 1]; k++) s += q[countryProducts[k]];
      nextF[c] = s;
    }
    normaliseToMeanOne(nextF);

    const nextQ = new Float64Array(cols);
    for (let p = 0; p < cols; p++) {
      let s = 0;
      for (let k = colStart[p]; k < colStart[p + 1]; k++) {
        const inv = 1 / f[productCountries[k]];
        s += gamma === 1 ? inv : inv ** gamma;
      }
      nextQ[p] = gamma === 1 ? 1 / s : 1 / s ** (1 / gamma);
    }
    normaliseToMeanOne(nextQ);
    f = nextF;
    q = nextQ;
  }
  return { fitness: f, complexity: q };
}
