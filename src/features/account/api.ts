"use client";

import { getCsrfToken } from "next-auth/react";
import { API_ERROR_CODES } from "./errors";

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

/** The message key (under "auth.errors") for a failed request. */
export function errorKey(failure: ApiFailure): string {
  if ((API_ERROR_CODES as readonly string[]).includes(failure.code)) return failure.code;
  if (failure.status === 429) return "rate_limited";
  if (failure.status === 0) return "network";
  return "unknown";
}
