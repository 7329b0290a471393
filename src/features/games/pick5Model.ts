/**
 * Pick 5's client-side rules, pure: the ordered picks (toggle, remove, move) with where the focus
 * goes after each change, the links of a puzzle and how a scored pick reads. The server scores the
 * picks (domain/games/pick5.ts); this only arranges them and lays out its answer.
 */
import { PICK5_PICKS, type Pick5Kind, type Pick5Pick, type Pick5Puzzle } from "@/domain/games/pick5";

/** The picks belong to one puzzle: on another puzzle there are none. */
export interface Chosen {
  puzzle: string;
  ids: string[];
}

export const picksOf = (chosen: Chosen, puzzle: string): string[] => (chosen.puzzle === puzzle ? chosen.ids : []);

/**
 * The picks after a change, and the buttons (by key: `candidate:`, `remove:`, `up:`, `down:` and
 * an id) the focus should go to, the first that exists and is enabled.
 */
export interface PickChange {
  picks: string[];
  focus: string[] | null;
}

/** A candidate picked (at the next rank, while fewer than five) or unpicked; null: nothing changes. */
export function togglePick(picks: readonly string[], id: string): PickChange | null {
  if (picks.includes(id)) return { picks: picks.filter((p) => p !== id), focus: null };
  if (picks.length < PICK5_PICKS) return { picks: [...picks, id], focus: null };
  return null;
}

/** A pick removed; the focus goes to the pick now at its rank, else the one above, else the candidate. */
export function removePick(picks: readonly string[], id: string): PickChange {
  const at = picks.indexOf(id);
  const next = picks.filter((p) => p !== id);
  return { picks: next, focus: [next[at], next[at - 1]].filter(Boolean).map((p) => `remove:${p}`).concat(`candidate:${id}`) };
}

/** A pick moved up (-1) or down (+1) a rank; the focus stays on the same arrow (or the other at an end). Null off the ends. */
export function movePick(picks: readonly string[], id: string, by: -1 | 1): PickChange | null {
  const at = picks.indexOf(id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= picks.length) return null;
  const next = [...picks];
  [next[at], next[to]] = [next[to], next[at]];
  return { picks: next, focus: by < 0 ? [`up:${id}`, `down:${id}`] : [`down:${id}`, `up:${id}`] };
}

export const canSubmit = (picks: readonly string[], pending: boolean) => picks.length === PICK5_PICKS && !pending;

/** The five rank slots: each pick's id and name (its id when the candidate is unknown), or empty. */
export function pickSlots(picks: readonly string[], candidates: Pick5Puzzle["candidates"]): { id: string | null; name: string | null }[] {
  const names = new Map(candidates.map((c) => [c.id, c.name]));
  return Array.from({ length: PICK5_PICKS }, (_, i) => {
    const id = picks[i] ?? null;
    return { id, name: id ? (names.get(id) ?? id) : null };
  });
}

/** Profile links: country puzzles rank products, product puzzles rank countries. */
export function pick5Links(kind: Pick5Kind, locale: string, subject: string): { item: (id: string) => string; subject: string } {
  const product = (id: string) => `/${locale}/profile/hs/${id}`;
  const country = (id: string) => `/${locale}/profile/country/${id}`;
  return kind === "country" ? { item: product, subject: country(subject) } : { item: country, subject: product(subject) };
}

/** How a scored pick reads: its mark and colour by points, and the message key (under `games.pick5`) with its values. */
const MARK = ["✗", "≈", "✓"] as const;
/** Only the dot is coloured (text stays in the text colour, for contrast). */
const MARK_COLOR = ["red", "yellow", "green"] as const;

export function pickVerdict(pick: Pick5Pick): { mark: string; color: string; key: "exact" | "inTop" | "notTop"; values: { rank?: number } } {
  const mark = MARK[pick.points] ?? MARK[0];
  const color = MARK_COLOR[pick.points] ?? "red";
  if (pick.points === 2) return { mark, color, key: "exact", values: {} };
  if (pick.points === 1) return { mark, color, key: "inTop", values: { rank: pick.trueRank ?? 0 } };
  return { mark, color, key: "notTop", values: {} };
}

/** Each answer's bar, in percent of the largest value (at least 1 USD, so never a division by zero). */
export function answerBars(answer: readonly { value: number }[]): number[] {
  const largest = Math.max(...answer.map((a) => a.value), 1);
  return answer.map((a) => (100 * a.value) / largest);
}
