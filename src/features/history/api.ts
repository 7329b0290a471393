"use client";

import { getCsrfToken } from "next-auth/react";
import { normaliseHistory, type HistoryEntry } from "@/domain/history/history";
import { idempotentPost } from "@/features/session/idempotentPost";

function entriesOf(json: unknown): HistoryEntry[] | null {
  const entries = (json as { entries?: unknown } | null)?.entries;
  if (!Array.isArray(entries)) return null;
  const valid = entries.filter(
    (e): e is HistoryEntry => typeof e?.link === "string" && typeof e?.title === "string" && typeof e?.time === "number",
  );
  return normaliseHistory(valid);
}

// One CSRF token per page: a visit's request then goes out at once and, sent with keepalive,
// survives the navigation that often follows it.
let token: Promise<string | undefined> | null = null;

function csrfToken(fresh = false): Promise<string | undefined> {
  if (fresh || !token) token = getCsrfToken().catch(() => undefined);
  return token;
}

// A visit is written with an Idempotency-Key and retried once on a 503 or a lost answer
// (idempotentPost.ts); clearing the list is idempotent by itself.
async function send(method: "POST" | "DELETE", body: Record<string, unknown>): Promise<Response | null> {
  for (const fresh of [false, true]) {
    try {
      const init = { method, keepalive: true, headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...body, csrfToken: await csrfToken(fresh) }) };
      const response = await (method === "POST" ? idempotentPost("/api/history", init) : fetch("/api/history", init));
      if (response.status !== 403 || fresh) return response;
    } catch {
      return null;
    }
  }
  return null;
}

/** The signed-in user's history as the server keeps it, or null when it cannot be had. */
export async function fetchServerHistory(): Promise<HistoryEntry[] | null> {
  try {
    const response = await fetch("/api/history", { cache: "no-store", headers: { Accept: "application/json" } });
    return response.ok ? entriesOf(await response.json()) : null;
  } catch {
    return null;
  }
}

/** Records one visit (now) or visits made earlier; answers the server's list after it, or null. */
export async function postServerVisits(body: { visit: { link: string; title: string } } | { visits: HistoryEntry[] }): Promise<HistoryEntry[] | null> {
  const response = await send("POST", body);
  if (!response?.ok) return null;
  return entriesOf(await response.json().catch(() => null));
}

export async function clearServerHistory(): Promise<boolean> {
  return Boolean((await send("DELETE", {}))?.ok);
}
