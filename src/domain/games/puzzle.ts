/**
 * Games and their puzzle ids. A puzzle is named by its id alone, so the server can rebuild it on
 * every request (nothing stored, nothing in the page that gives the answer away):
 * - `d-YYYY-MM-DD`: the daily puzzle of that date, seeded from the game, the date and the data's
 *   identity (the warehouse build's fingerprint: the same on every node and after a restart; a
 *   re-import with other data changes the puzzles);
 * - `p-<number>`: a practice puzzle with a random seed.
 */
import { hashText } from "./random";

export const GAMES = ["tradle", "pick-5", "connectrade", "export-holdem"] as const;
export type GameId = (typeof GAMES)[number];

export const isGame = (value: string): value is GameId => (GAMES as readonly string[]).includes(value);

export type PuzzleId = { kind: "daily"; date: string } | { kind: "practice"; seed: number };

const DAILY = /^d-(\d{4})-(\d{2})-(\d{2})$/;
const PRACTICE = /^p-(\d{1,10})$/;

/** The date of `now` in UTC, "YYYY-MM-DD": one daily puzzle per UTC day, worldwide. */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** A puzzle id from a request; null when malformed, in the future, or older than a year. */
export function parsePuzzleId(raw: string, now: Date): PuzzleId | null {
  const daily = DAILY.exec(raw);
  if (daily) {
    const date = `${daily[1]}-${daily[2]}-${daily[3]}`;
    const time = Date.parse(`${date}T00:00:00Z`);
    if (!Number.isFinite(time) || utcDate(new Date(time)) !== date) return null;
    const today = Date.parse(`${utcDate(now)}T00:00:00Z`);
    if (time > today || today - time > 366 * 86_400_000) return null;
    return { kind: "daily", date };
  }
  const practice = PRACTICE.exec(raw);
  if (practice) {
    const seed = Number(practice[1]);
    return seed <= 0xffffffff ? { kind: "practice", seed } : null;
  }
  return null;
}

export function puzzleIdText(id: PuzzleId): string {
  return id.kind === "daily" ? `d-${id.date}` : `p-${id.seed}`;
}

/** The seed of a puzzle: a daily one mixes in the game and the data's identity (`dataKey`). */
export function puzzleSeed(game: GameId, id: PuzzleId, dataKey: string): number {
  return id.kind === "daily" ? hashText(`${game}|${id.date}|${dataKey}`) : hashText(`${game}|practice|${id.seed}`);
}

/** Today's daily puzzle (UTC). */
export const todaysPuzzle = (now: Date): PuzzleId => ({ kind: "daily", date: utcDate(now) });
