"use client";

import { getCsrfToken } from "next-auth/react";
import { normaliseHistory, type HistoryEntry } from "@/domain/history/history";
import { postAccount } from "@/features/account/api";

function entriesOf(json: unknown): HistoryEntry[] | null {
  const entries = (json as { entries?: unknown } | null)?.entries;
  if (!Array.isArray(entries)) return null;
  const valid = entries.filter(
    (e): e is HistoryEntry => typeof e?.link === "string" && typeof e?.title === "string" && typeof e?.time === "number",
  );
  return normaliseHistory(valid);
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

/** Records a visit on the server; answers the server's list after it. */
export async function postServerVisit(visit: { link: string; title: string }): Promise<HistoryEntry[] | null> {
  const result = await postAccount<{ entries: HistoryEntry[] }>("/api/history", { visit });
  return result.ok ? entriesOf(result.data) : null;
}

export async function clearServerHistory(): Promise<boolean> {
  try {
    const csrfToken = await getCsrfToken();
    const response = await fetch("/api/history", {
      method: "DELETE",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ csrfToken }),
    });
    return response.ok;
  } catch {
    return false;
  }
}
