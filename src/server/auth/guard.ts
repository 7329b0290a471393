/**
 * The front door of our own POST routes: same-origin, bounded body, JSON, the CSRF token, then
 * the zod schema. Each failure is a 4xx in the { error: { code, message } } shape.
 */
import "server-only";
import type { z } from "zod";
import { jsonError, jsonErrorWith, readBodyLimited } from "@/server/http/jsonError";
import { csrfCookieName, isSameOrigin, readCookie, verifyCsrfToken } from "./csrf";
import { authOrigin, secureCookies } from "@/server/origin";
import { authSecret } from "./secret";
import { currentSession, type ServerSession } from "./session";

export type Guarded<T> = { ok: true; data: T } | { ok: false; response: Response };

export interface FieldIssue {
  field: string;
  code: string;
}

export async function readProtectedPost<S extends z.ZodType>(request: Request, schema: S, maxBytes = 64 * 1024): Promise<Guarded<z.infer<S>>> {
  if (!isSameOrigin(request.headers, authOrigin().origin)) {
    return { ok: false, response: jsonError(403, "cross_site", "This request must come from the site itself.") };
  }
  const body = await readBodyLimited(request, maxBytes);
  if (!body.ok) return { ok: false, response: jsonError(413, "too_large", "The request body is too large.") };
  let json: unknown;
  try {
    json = JSON.parse(body.text);
  } catch {
    return { ok: false, response: jsonError(400, "invalid_json", "The request body must be JSON.") };
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) {
    return { ok: false, response: jsonError(400, "invalid_json", "The request body must be a JSON object.") };
  }
  const { csrfToken, ...fields } = json as Record<string, unknown>;
  const cookie = readCookie(request.headers.get("cookie"), csrfCookieName(secureCookies()));
  if (!verifyCsrfToken(cookie, csrfToken, authSecret())) {
    return { ok: false, response: jsonError(403, "csrf", "The form expired. Reload the page and try again.") };
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const issues: FieldIssue[] = parsed.error.issues.map((issue) => ({
      field: issue.path.join(".") || "form",
      code: issue.code === "custom" ? issue.message : issue.code,
    }));
    return {
      ok: false,
      response: jsonErrorWith(400, { code: "invalid", message: "Some fields are not valid.", issues }),
    };
  }
  return { ok: true, data: parsed.data };
}

/** The signed-in user of an API request, or a 401. */
export async function requireApiSession(): Promise<{ ok: true; session: ServerSession } | { ok: false; response: Response }> {
  const session = await currentSession();
  if (!session) return { ok: false, response: jsonError(401, "unauthenticated", "Sign in first.") };
  return { ok: true, session };
}
