/**
 * Profile history kept in this browser (local storage), one list per owner: the guest, and each
 * signed-in user. Components read it through useSyncExternalStore; other tabs' changes arrive by
 * the storage event.
 */
import { addVisit, parseStoredHistory, type HistoryEntry } from "@/domain/history/history";
import { HISTORY_PREFIX } from "@/domain/consent/storageKeys";
import { onFunctionalConsentWithdrawn } from "@/features/consent/withdrawal";

const EMPTY: HistoryEntry[] = [];
const listeners = new Set<() => void>();
// The last list parsed for each key, so an unchanged value returns the same array (a stable
// snapshot for useSyncExternalStore).
const cache = new Map<string, { raw: string | null; list: HistoryEntry[] }>();

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // Storage disabled by the browser.
  }
}

function notify() {
  for (const listener of listeners) listener();
}

// Withdrawing functional consent removes every history key (features/consent/browser.ts); this
// tab's readers then read the empty lists at once.
onFunctionalConsentWithdrawn(notify);

export function readHistory(key: string): HistoryEntry[] {
  const raw = storage()?.getItem(key) ?? null;
  const cached = cache.get(key);
  if (cached && cached.raw === raw) return cached.list;
  const list = raw ? parseStoredHistory(raw) : EMPTY;
  cache.set(key, { raw, list });
  return list;
}

export function emptyHistory(): HistoryEntry[] {
  return EMPTY;
}

function writeHistory(key: string, list: HistoryEntry[]) {
  try {
    storage()?.setItem(key, JSON.stringify(list));
  } catch {
    // Full or disabled storage: history is a convenience, never worth an error.
  }
  notify();
}

export function recordLocalVisit(key: string, visit: HistoryEntry) {
  writeHistory(key, addVisit(readHistory(key), visit));
}

/** Replaces a list (the server's copy is the truth for a signed-in user). */
export function replaceLocal(key: string, entries: HistoryEntry[]) {
  if (JSON.stringify(entries) !== JSON.stringify(readHistory(key))) writeHistory(key, entries);
}

/** Takes visits off a pending list once the server has them (a newer visit of a link stays). */
export function removeFromLocal(key: string, sent: HistoryEntry[]) {
  const current = readHistory(key);
  const remaining = current.filter((entry) => !sent.some((s) => s.link === entry.link && s.time >= entry.time));
  if (remaining.length === 0) clearLocalHistory(key);
  else if (remaining.length !== current.length) writeHistory(key, remaining);
}

export function clearLocalHistory(key: string) {
  storage()?.removeItem(key);
  notify();
}

export function subscribeHistory(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(HISTORY_PREFIX)) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
