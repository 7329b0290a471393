/**
 * The profile history list (spec sections 3 and 9): newest first, one entry per link, at most 25.
 * Pure: the browser keeps one list per owner (the guest, each signed-in user), the server one
 * per user, and both go through these functions.
 */
export const HISTORY_CAP = 25;
export const HISTORY_TITLE_MAX = 200;
export const HISTORY_LINK_MAX = 300;

export interface HistoryEntry {
  /** The profile's path without the locale, e.g. /profile/country/chl. */
  link: string;
  /** The profile's title as it was shown. */
  title: string;
  /** When it was visited, ms since the epoch. */
  time: number;
}

/** A profile path: "/profile" and one to eight plain segments (no "..", no host, no spaces). */
export const HISTORY_LINK = /^\/profile(?:\/[A-Za-z0-9_~-][A-Za-z0-9_.~-]*){1,8}$/;

// Plain checks rather than a schema library: this module runs in every page's browser bundle.

export function isHistoryLink(link: unknown): link is string {
  return typeof link === "string" && link.length <= HISTORY_LINK_MAX && HISTORY_LINK.test(link);
}

/** A title with control characters and runs of white space folded; null when empty or too long. */
export function cleanHistoryTitle(title: unknown): string | null {
  if (typeof title !== "string") return null;
  const clean = title.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ").replace(/\s+/g, " ").trim();
  return clean.length >= 1 && clean.length <= HISTORY_TITLE_MAX ? clean : null;
}

/** An entry read back from storage, or null when anything about it is off. */
export function parseHistoryEntry(item: unknown): HistoryEntry | null {
  if (!item || typeof item !== "object") return null;
  const { link, title, time } = item as Record<string, unknown>;
  const clean = cleanHistoryTitle(title);
  if (!isHistoryLink(link) || clean === null || typeof time !== "number" || !Number.isInteger(time) || time < 0) return null;
  return { link, title: clean, time };
}

/** Newest first, one entry per link (its newest visit), at most `cap`. */
export function normaliseHistory(entries: readonly HistoryEntry[], cap = HISTORY_CAP): HistoryEntry[] {
  const sorted = entries.map((entry, order) => ({ entry, order })).sort((a, b) => b.entry.time - a.entry.time || a.order - b.order);
  const seen = new Set<string>();
  const out: HistoryEntry[] = [];
  for (const { entry } of sorted) {
    if (seen.has(entry.link)) continue;
    seen.add(entry.link);
    out.push(entry);
    if (out.length >= cap) break;
  }
  return out;
}

/**
 * The list after a visit: the visit goes first and replaces an older entry with the same link.
 * Its time is never earlier than the newest entry's, so a clock behind the server's (whose times
 * are merged in) cannot sort the latest visit below older ones.
 */
export function addVisit(list: readonly HistoryEntry[], visit: HistoryEntry, cap = HISTORY_CAP): HistoryEntry[] {
  const newest = list.reduce((max, entry) => Math.max(max, entry.time), 0);
  const latest = { ...visit, time: Math.max(visit.time, newest) };
  return normaliseHistory([latest, ...list.filter((entry) => entry.link !== visit.link)], cap);
}

/** Two lists of the same owner (this browser's and the server's) as one. */
export function mergeHistories(a: readonly HistoryEntry[], b: readonly HistoryEntry[], cap = HISTORY_CAP): HistoryEntry[] {
  return normaliseHistory([...a, ...b], cap);
}

/** A list read back from storage: anything malformed is dropped, never trusted. */
export function parseStoredHistory(raw: string | null | undefined): HistoryEntry[] {
  if (!raw) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(json)) return [];
  const entries: HistoryEntry[] = [];
  for (const item of json) {
    const entry = parseHistoryEntry(item);
    if (entry) entries.push(entry);
  }
  return normaliseHistory(entries);
}
