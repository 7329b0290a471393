/**
 * Each game as the API sees it: how to build its public puzzle from a seed and how to check the
 * moves played so far. Pure generators live in domain/games; this only adapts them.
 */
import "server-only";
import type { GameData } from "@/domain/games/data";
import type { GameId } from "@/domain/games/puzzle";
import { connectradePlay, connectradePuzzle } from "@/domain/games/connectrade";
import { holdemPlay, holdemPuzzle, type HoldemMove } from "@/domain/games/holdem";
import { pick5Play, pick5Puzzle } from "@/domain/games/pick5";
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

export const ENGINES: Record<GameId, Engine> = {
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
  "pick-5": {
    puzzle: pick5Puzzle,
    play(data, seed, moves, locale) {
      if (!isStringList(moves, 8)) return { error: "invalid_moves" };
      const state = pick5Play(data, seed, moves, locale);
      if ("error" in state) return state;
      // One submission ends the game; the score is the points (out of 10).
      return { state, result: { won: state.status === "won", score: state.score } };
    },
  },
  connectrade: {
    puzzle: connectradePuzzle,
    play(data, seed, moves, locale) {
      if (!Array.isArray(moves) || moves.length > 12 || !moves.every((m) => isStringList(m, 8))) return { error: "invalid_moves" };
      const state = connectradePlay(data, seed, moves as string[][], locale);
      if ("error" in state) return state;
      // Score: the mistakes made (fewer is better).
      return { state, ...(ended(state.status) ? { result: { won: state.status === "won", score: state.mistakes } } : {}) };
    },
  },
  "export-holdem": {
    puzzle: holdemPuzzle,
    play(data, seed, moves, locale) {
      if (!Array.isArray(moves) || moves.length > 8 || !moves.every((m) => typeof m === "object" && m !== null)) return { error: "invalid_moves" };
      const state = holdemPlay(data, seed, moves as HoldemMove[], locale);
      if ("error" in state) return state;
      // Score: the chips at the end.
      return { state, ...(ended(state.status) ? { result: { won: state.status === "won", score: state.chips } } : {}) };
    },
  },
};
