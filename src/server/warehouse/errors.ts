/**
 * Every failure the data API can explain to a caller. Anything that is not a WarehouseError is a bug
 * and is reported as an internal error without details.
 */
import "server-only";
export type WarehouseErrorCode =
  | "invalid_parameter"
  | "unknown_parameter"
  | "unknown_cube"
  | "unknown_level"
  | "unknown_measure"
  | "invalid_cut"
  | "invalid_time"
  | "invalid_sort"
  | "limit_out_of_range"
  | "query_too_long"
  | "query_too_expensive"
  | "cube_not_loaded"
  | "warehouse_unavailable"
  | "query_timeout"
  | "query_cancelled"
  | "warehouse_busy"
  | "internal_error";

export class WarehouseError extends Error {
  readonly code: WarehouseErrorCode;
  readonly status: number;
  readonly parameter?: string;
  /** Extra machine-readable context (e.g. where the importer looked for data). */
  readonly details?: Readonly<Record<string, unknown>>;
  /** Sent as Retry-After on the HTTP answer (busy). */
  readonly retryAfterSeconds?: number;

  constructor(
    code: WarehouseErrorCode,
    message: string,
    options: { status?: number; parameter?: string; details?: Record<string, unknown>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "WarehouseError";
    this.code = code;
    this.status = options.status ?? 400;
    this.parameter = options.parameter;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  toJSON(): { error: { code: string; message: string; parameter?: string } & Record<string, unknown> } {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.parameter ? { parameter: this.parameter } : {}),
        ...(this.details ?? {}),
      },
    };
  }
}

export function badParameter(parameter: string, message: string, code: WarehouseErrorCode = "invalid_parameter") {
  return new WarehouseError(code, message, { parameter, status: 400 });
}

/**
 * By shape as well as by class: Next.js bundles this module more than once, and the warehouse
 * state they share (duckdb.ts) may hand one bundle an error made by another bundle's class.
 */
export function isWarehouseError(error: unknown): error is WarehouseError {
  if (error instanceof WarehouseError) return true;
  const e = error as Partial<WarehouseError> | null;
  return error instanceof Error && e!.name === "WarehouseError" && typeof e!.code === "string" && typeof e!.status === "number" && typeof e!.toJSON === "function";
}
