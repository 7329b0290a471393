/**
 * Export Hold'em's client-side rules, pure: where the hand stands after the moves the server
 * accepted, what a bet may be, the quick bets, and how each round and the game read. The server
 * stays the judge of every move (domain/games/holdem.ts); this only lays out its answers.
 */
import type { HoldemMove, HoldemPlayed, HoldemPuzzle, HoldemSide, HoldemState } from "@/domain/games/holdem";

export type Outcome = "won" | "lost" | "tie";

export const outcomeOf = (p: HoldemPlayed): Outcome => (p.winner === "tie" ? "tie" : p.winner === p.side ? "won" : "lost");

export const DEFAULT_BET = 10;
export const QUICK_BETS = [10, 25] as const;
export const SIDES: readonly HoldemSide[] = ["a", "b"];

/** Where the hand stands: rounds played, the chips held, the card to play (none once ended), the last reveal. */
export function holdemProgress(puzzle: HoldemPuzzle, state: HoldemState | null, ended: boolean) {
  const played = state?.played ?? [];
  const round = played.length;
  return {
    played,
    chips: state?.chips ?? puzzle.startChips,
    round,
    total: puzzle.rounds.length,
    current: !ended ? puzzle.rounds[round] : undefined,
    last: played.at(-1) ?? null,
    /** The chips before the last round was played. */
    chipsBefore: played.length > 1 ? played[played.length - 2].chipsAfter : puzzle.startChips,
  };
}

/** Rounds a side has won. */
export const winsOf = (played: readonly HoldemPlayed[], side: HoldemSide) => played.filter((p) => p.winner === side).length;

/** A whole number of chips from 1 to what the player holds. */
export const isBet = (bet: number, chips: number) => Number.isInteger(bet) && bet >= 1 && bet <= chips;

/**
 * The bet input belongs to one puzzle: on another puzzle it starts from the default (or all the
 * player holds, when less). `bet` is the number typed (NaN when blank or not a number).
 */
export interface BetInput {
  puzzle: string;
  value: number | string;
}

export function readBet(input: BetInput, puzzle: string, chips: number): { value: number | string; bet: number; valid: boolean; error: boolean } {
  const value = input.puzzle === puzzle ? input.value : Math.min(DEFAULT_BET, chips);
  const bet = typeof value === "number" ? value : value.trim() === "" ? NaN : Number(value);
  const valid = isBet(bet, chips);
  return { value, bet, valid, error: !valid && String(value).trim() !== "" };
}

/** Every move of the game so far plus the new bet: the server replays them all. */
export function movesWith(played: readonly HoldemPlayed[], side: HoldemSide, bet: number): HoldemMove[] {
  return [...played.map((p) => ({ side: p.side, bet: p.bet })), { side, bet }];
}

/** The same bet for the next round when the player still holds it, else all they have. */
export const nextBet = (bet: number, chips: number) => Math.min(bet, chips);

/** The quick bets: fixed amounts, half of the chips (at least one) and all in. */
export function quickBets(chips: number): { key: string; value: number }[] {
  return [...QUICK_BETS.map((value) => ({ key: String(value), value })), { key: "half", value: Math.max(1, Math.floor(chips / 2)) }, { key: "all", value: chips }];
}

/** The message key (under `games.holdem`) of how the game ended, with its values. */
export function endingText(state: HoldemState, startChips: number, rounds: number): { key: "wonText" | "bustText" | "lostText"; values: Record<string, number> } {
  if (state.status === "won") return { key: "wonText", values: { profit: state.chips - startChips } };
  return state.chips <= 0 ? { key: "bustText", values: { n: rounds } } : { key: "lostText", values: { start: startChips } };
}

/** The message key (under `games.holdem`) of what a round's bet did. */
export const betOutcomeKey = (p: HoldemPlayed) => ({ won: "betWon", lost: "betLost", tie: "betTie" } as const)[outcomeOf(p)];

/** A revealed value's bar length, in percent of the larger of the two (at least 1 USD, so never a division by zero). */
export function revealShare(values: HoldemPlayed["values"], side: HoldemSide): number {
  return (100 * values[side]) / Math.max(values.a, values.b, 1);
}
