"use client";

import { useEffect, useState } from "react";

export type Fetched<T> = { status: "idle" } | { status: "loading" } | { status: "ok"; data: T } | { status: "error"; message: string; code: string };

/** GETs a JSON URL (null: nothing to fetch); the API's `{ error: { code, message } }` becomes an error state. */
export function useJson<T>(url: string | null): Fetched<T> {
  const [state, setState] = useState<{ url: string | null; value: Fetched<T> }>({ url: null, value: { status: "idle" } });
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    fetch(url, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then(async (response) => {
        const body = (await response.json().catch(() => null)) as (T & { error?: { code?: string; message?: string } }) | null;
        if (!response.ok || !body) {
          setState({ url, value: { status: "error", code: body?.error?.code ?? `http_${response.status}`, message: body?.error?.message ?? `HTTP ${response.status}` } });
        } else {
          setState({ url, value: { status: "ok", data: body } });
        }
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ url, value: { status: "error", code: "network", message: error instanceof Error ? error.message : String(error) } });
      });
    return () => controller.abort();
  }, [url]);
  if (!url) return { status: "idle" };
  return state.url === url ? state.value : { status: "loading" };
}
