/**
 * Typed failures of the complexity engine. Callers (the importer, API routes) switch on `code`
 * rather than parsing messages, so each code names one situation a caller can act on.
 */
export type ComplexityErrorCode =
  /** Shapes disagree, ids repeat, or a value is negative / not finite. */
  | "INVALID_INPUT"
  /** A method that divides by diversity or ubiquity was given a country or product with none. */
  | "EMPTY_ROW_OR_COLUMN"
  /** Fewer than two countries or two products are left, so no ranking is meaningful. */
  | "INSUFFICIENT_DATA"
  /** The country-product network splits into parts; the eigenvector ECI is then not unique. */
  | "DISCONNECTED"
  /** The eigen-solver did not reach its tolerance within its iteration budget. */
  | "NO_CONVERGENCE";

export class ComplexityError extends Error {
  readonly code: ComplexityErrorCode;
  readonly details?: Readonly<Record<string, unknown>>;

  constructor(code: ComplexityErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "ComplexityError";
    this.code = code;
    this.details = details;
  }
}
