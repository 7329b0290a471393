/**
 * Each game as the API sees it: how to build its public puzzle from a seed and how to check the
 * moves played so far. Pure generators live in domain/games; this only adapts them.
 */
import "server-only";
import type { GameData } from "@/domain/games/data";
import type { GameId } from "@/domain/games/puzzle";
import { tradlePlay, tradlePuzzle } from "@/domain/games/tradle";
import type { Locale } from "@/domain/i18n/locales";

export type PlayOutcome =
  | { state: { status: "playing" | "won" | "lost" }; result?: { won: boolean; score: number } }
  | { error: string; value?: string };

export interface Engine {
  puzzle(data: GameData, seed: number, locale: Locale): object | null;
  /** `moves` is untrusted JSON: each engine checks its shape. */
  play(data: GameData, seed: number, moves: unknown, locale: Locale): PlayOutcome;
}

const ended = (status: string) => status === "won" || status === "lost";

const isStringList = (value: unknown, max: number): value is string[] => Array.isArray(value) && value.length <= max && value.every((v) => typeof v === "string" && v.length <= 16);

export const ENGINES: Partial<Record<GameId, Engine>> = {
  tradle: {
    puzzle: tradlePuzzle,
    play(data, seed, moves, locale) {
      if (!isStringList(moves, 16)) return { error: "invalid_moves" };
      const state = tradlePlay(data, seed, moves, locale);
      if ("error" in state) return state;
      // Score: guesses used to win (7 for a loss, so a lower score is always better).
      return { state, ...(ended(state.status) ? { result: { won: state.status === "won", score: state.status === "won" ? state.guesses.length : 7 } } : {}) };
    },
  },
};
