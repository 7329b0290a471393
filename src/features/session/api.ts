"use client";

/**
 * POSTs to the site's own session-protected routes (account, consent, history), which all want
 * the CSRF token and answer errors as { error: { code, issues } }.
 */
import { getCsrfToken } from "next-auth/react";
import { idempotentPost } from "./idempotentPost";

export interface ApiFailure {
  ok: false;
  status: number;
  code: string;
  issues: { field: string; code: string }[];
}

export type ApiResult<T> = { ok: true; data: T } | ApiFailure;

/**
 * POSTs JSON to one of our account routes with the CSRF token they require. `idempotent`: the
 * route takes an Idempotency-Key (sign-up, consent), and the write is retried once with it on a
 * network error or a 503 (idempotentPost.ts).
 */
export async function postAccount<T>(url: string, body: Record<string, unknown>, options: { idempotent?: boolean } = {}): Promise<ApiResult<T>> {
  let response: Response;
  try {
    const csrfToken = await getCsrfToken();
    const init = { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...body, csrfToken }) };
    response = await (options.idempotent ? idempotentPost(url, init) : fetch(url, init));
  } catch {
    return { ok: false, status: 0, code: "network", issues: [] };
  }
  const json = (await response.json().catch(() => null)) as { error?: { code?: string; issues?: ApiFailure["issues"] } } | null;
  if (response.ok) return { ok: true, data: json as T };
  return { ok: false, status: response.status, code: json?.error?.code ?? "unknown", issues: json?.error?.issues ?? [] };
}
