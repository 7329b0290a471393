"use client";

/**
 * POSTs to the site's own session-protected routes (account, consent, history), which all want
 * the CSRF token and answer errors as { error: { code, issues } }.
 */
import { getCsrfToken } from "next-auth/react";

export interface ApiFailure {
  ok: false;
  status: number;
  code: string;
  issues: { field: string; code: string }[];
}

export type ApiResult<T> = { ok: true; data: T } | ApiFailure;

/** POSTs JSON to one of our account routes with the CSRF token they require. */
export async function postAccount<T>(url: string, body: Record<string, unknown>): Promise<ApiResult<T>> {
  let response: Response;
  try {
    const csrfToken = await getCsrfToken();
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...body, csrfToken }),
    });
  } catch {
    return { ok: false, status: 0, code: "network", issues: [] };
  }
  const json = (await response.json().catch(() => null)) as { error?: { code?: string; issues?: ApiFailure["issues"] } } | null;
  if (response.ok) return { ok: true, data: json as T };
  return { ok: false, status: response.status, code: json?.error?.code ?? "unknown", issues: json?.error?.issues ?? [] };
}
