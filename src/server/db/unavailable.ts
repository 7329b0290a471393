/**
 * "The app database cannot be reached right now" told apart from every other failure: a refused or
 * dropped connection, a server shutting down or starting up, a pool that cannot connect in time, a
 * SQLite file that is locked past its busy timeout or cannot be opened. Those are worth a retry
 * (503 with Retry-After, a session kept from its token); anything else is a bug and stays a 500.
 */
import "server-only";

/** The API error shape of server/http/jsonError (server/http imports this folder, so not imported back). */
function jsonError(status: number, code: string, message: string, headers?: HeadersInit): Response {
  return Response.json({ error: { code, message } }, { status, headers });
}

/** Thrown by our own code when it knows the database is away. */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "EPIPE", "ECONNABORTED"]);
/** PostgreSQL SQLSTATEs: class 08 (connection exception), shutting down / starting up, too many connections. */
const PG_UNAVAILABLE = /^(?:08...|57P0[1-3]|53300)$/;
const SQLITE_UNAVAILABLE = /^SQLITE_(?:BUSY|LOCKED|CANTOPEN|IOERR)/;
/** What node-postgres says without a code when a connection dies or never comes. */
const MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is insecure|the database system is (?:starting up|shutting down|in recovery mode)|terminating connection due to administrator command/i;

function oneUnavailable(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const { code, syscall, message } = error as { code?: unknown; syscall?: unknown; message?: unknown };
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code)) return true;
    // A Unix socket that is not there (the server is stopped): ENOENT from connect, not from a file read.
    if ((code === "ENOENT" || code === "ECONNREFUSED") && syscall === "connect") return true;
    if (PG_UNAVAILABLE.test(code) || SQLITE_UNAVAILABLE.test(code)) return true;
  }
  return typeof message === "string" && MESSAGES.test(message);
}

/**
 * Whether `error` (or what caused it: Drizzle wraps the driver's error as `cause`, Node wraps both
 * address families' refusals in an AggregateError) says the database is unreachable.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 6 || !error || typeof error !== "object") return false;
  if (oneUnavailable(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause && isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/** The error and its causes on one line, for logs ("Failed query: ... <- connect ECONNREFUSED 127.0.0.1:5432"). */
export function describeCause(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    const { message, code, errors, cause } = current as { message?: unknown; code?: unknown; errors?: unknown; cause?: unknown };
    let text = typeof message === "string" && message ? message : "";
    if (!text && Array.isArray(errors)) text = errors.map((inner) => String((inner as Error)?.message ?? inner)).join("; ");
    if (!text) text = String(current);
    if (typeof code === "string" && !text.includes(code)) text = `${text} (${code})`;
    parts.push(text.replace(/\s+/g, " ").trim().slice(0, 300));
    current = cause;
  }
  return parts.join(" <- ");
}

/**
 * A short public word on why the database failed, for health answers anyone may read: the error
 * codes of the chain ("unreachable (ECONNREFUSED)"), never its messages (they name hosts, ports
 * and queries; the node's log has them).
 */
export function publicCause(error: unknown): string {
  const codes: string[] = [];
  const visit = (current: unknown, depth: number) => {
    if (!current || typeof current !== "object" || depth > 6) return;
    const { code, cause, errors } = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === "string" && /^[A-Z0-9_]{2,40}$/.test(code) && !codes.includes(code)) codes.push(code);
    visit(cause, depth + 1);
    if (Array.isArray(errors)) for (const inner of errors) visit(inner, depth + 1);
  };
  visit(error, 0);
  const what = isDatabaseUnavailable(error) ? "unreachable" : "failed";
  return codes.length ? `${what} (${codes.join(", ")})` : what;
}

/** Seconds a client should wait before trying a write again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** 503 with Retry-After, in the API error shape: the write did not happen; send it again later. */
export function databaseUnavailableResponse(): Response {
  return jsonError(503, "database_unavailable", "Your data cannot be saved or read right now. Nothing was changed; try again in a few seconds.", {
    "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
    "Cache-Control": "no-store",
  });
}

/**
 * Runs a route handler that needs the app database: an unreachable database answers 503 with
 * Retry-After and the JSON error body (logged once, with its cause) instead of an empty 500;
 * any other error is thrown on, as before.
 */
export async function whileDatabaseAnswers(route: string, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.warn(`[db] ${route}: the app database is unreachable (${describeCause(error)}): answered 503`);
    return databaseUnavailableResponse();
  }
}
