/**
 * A player's statistics for one game, from their results: played, won, streaks (daily puzzles on
 * consecutive days) and how many guesses or points the wins took. Pure: the browser keeps results
 * for guests (with functional consent), the server for signed-in players; both summarise here.
 */
import type { GameId } from "./puzzle";

export interface GameResult {
  game: GameId;
  /** Puzzle id ("d-2026-11-27", "p-123"). */
  puzzle: string;
  won: boolean;
  /** Guesses used (Tradle), points (Pick 5), mistakes (Connectrade), chips (Hold'em). */
  score: number;
  /** When it ended (ISO). */
  at: string;
}

export interface GameStats {
  played: number;
  won: number;
  /** Daily wins on consecutive days, ending with the latest daily puzzle. */
  currentStreak: number;
  maxStreak: number;
  /** Score of each win, for the distribution ("3 guesses: 4 times"). */
  scores: Record<string, number>;
}

const dayNumber = (puzzle: string) => {
  const m = /^d-(\d{4}-\d{2}-\d{2})$/.exec(puzzle);
  return m ? Math.round(Date.parse(`${m[1]}T00:00:00Z`) / 86_400_000) : null;
};

/** Keeps one result per puzzle (the first played: replaying a daily puzzle changes nothing). */
export function addResult(results: readonly GameResult[], result: GameResult, max = 400): GameResult[] {
  if (results.some((r) => r.game === result.game && r.puzzle === result.puzzle)) return [...results];
  return [...results, result].slice(-max);
}

export function summarise(results: readonly GameResult[]): GameStats {
  const scores: Record<string, number> = {};
  let won = 0;
  for (const r of results) {
    if (!r.won) continue;
    won++;
    scores[r.score] = (scores[r.score] ?? 0) + 1;
  }
  const daily = results
    .map((r) => ({ day: dayNumber(r.puzzle), won: r.won }))
    .filter((r): r is { day: number; won: boolean } => r.day !== null)
    .sort((a, b) => a.day - b.day);
  let run = 0;
  let maxStreak = 0;
  let prev: number | null = null;
  for (const r of daily) {
    run = r.won ? (prev !== null && r.day === prev + 1 && run > 0 ? run + 1 : 1) : 0;
    maxStreak = Math.max(maxStreak, run);
    prev = r.day;
  }
  return { played: results.length, won, currentStreak: run, maxStreak, scores };
}

/** A stored list of results, or an empty one when it is not one. */
export function parseResults(raw: unknown): GameResult[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (r): r is GameResult =>
      typeof r === "object" && r !== null && typeof r.game === "string" && typeof r.puzzle === "string" && typeof r.won === "boolean" && typeof r.score === "number" && typeof r.at === "string",
  );
}
