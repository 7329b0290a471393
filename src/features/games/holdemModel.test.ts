import { describe, expect, it } from "vitest";
import type { HoldemPlayed, HoldemPuzzle, HoldemState } from "@/domain/games/holdem";
import { betOutcomeKey, DEFAULT_BET, endingText, holdemProgress, isBet, movesWith, nextBet, outcomeOf, quickBets, readBet, revealShare, winsOf } from "./holdemModel";

const card = (id: string) => ({ product: { id, name: `Product ${id}`, section: { id: "1", name: "Animals", color: null } } });
const puzzle: HoldemPuzzle = { year: 2018, source: "ots", countries: [{ id: "chl", name: "Chile" }, { id: "per", name: "Peru" }], rounds: ["0101", "0201", "0301", "0401", "0501"].map(card), startChips: 100 };
const play = (side: "a" | "b", bet: number, winner: HoldemPlayed["winner"], chipsAfter: number, values = { a: 5, b: 3 }): HoldemPlayed => ({ product: { id: "x", name: "X" }, side, bet, values, winner, chipsAfter });
const stateOf = (played: HoldemPlayed[], status: HoldemState["status"] = "playing"): HoldemState => ({ status, chips: played.at(-1)?.chipsAfter ?? 100, round: played.length, played });

describe("outcomes", () => {
  it("reads a round from the side bet on and the winner", () => {
    expect(outcomeOf(play("a", 10, "a", 110))).toBe("won");
    expect(outcomeOf(play("a", 10, "b", 90))).toBe("lost");
    expect(outcomeOf(play("b", 10, "tie", 100))).toBe("tie");
    expect(betOutcomeKey(play("b", 10, "b", 110))).toBe("betWon");
    expect(betOutcomeKey(play("b", 10, "a", 90))).toBe("betLost");
    expect(betOutcomeKey(play("b", 10, "tie", 100))).toBe("betTie");
  });

  it("counts the rounds each side won", () => {
    const played = [play("a", 10, "a", 110), play("a", 10, "b", 100), play("b", 10, "b", 110), play("a", 5, "tie", 110)];
    expect(winsOf(played, "a")).toBe(1);
    expect(winsOf(played, "b")).toBe(2);
    expect(winsOf([], "a")).toBe(0);
  });
});

describe("holdemProgress", () => {
  it("starts with the starting chips on the first card", () => {
    expect(holdemProgress(puzzle, null, false)).toMatchObject({ played: [], chips: 100, round: 0, total: 5, current: puzzle.rounds[0], last: null, chipsBefore: 100 });
  });

  it("moves to the next card and remembers the chips before the last round", () => {
    const played = [play("a", 10, "a", 110), play("b", 20, "a", 90)];
    const progress = holdemProgress(puzzle, stateOf(played), false);
    expect(progress).toMatchObject({ chips: 90, round: 2, current: puzzle.rounds[2], last: played[1], chipsBefore: 110 });
    expect(holdemProgress(puzzle, stateOf(played.slice(0, 1)), false).chipsBefore).toBe(100);
  });

  it("has no card to play once the game ended", () => {
    expect(holdemProgress(puzzle, stateOf([play("a", 100, "b", 0)], "lost"), true).current).toBeUndefined();
  });
});

describe("bets", () => {
  it("takes a whole number of chips from 1 to what is held", () => {
    expect(isBet(1, 100)).toBe(true);
    expect(isBet(100, 100)).toBe(true);
    expect(isBet(0, 100)).toBe(false);
    expect(isBet(101, 100)).toBe(false);
    expect(isBet(2.5, 100)).toBe(false);
    expect(isBet(NaN, 100)).toBe(false);
  });

  it("reads the typed bet of this puzzle, and the default (capped by the chips) on another", () => {
    expect(readBet({ puzzle: "p1", value: 30 }, "p1", 100)).toEqual({ value: 30, bet: 30, valid: true, error: false });
    expect(readBet({ puzzle: "p1", value: "42" }, "p1", 100)).toMatchObject({ bet: 42, valid: true });
    expect(readBet({ puzzle: "p1", value: 30 }, "p2", 100)).toMatchObject({ value: DEFAULT_BET, bet: DEFAULT_BET, valid: true });
    expect(readBet({ puzzle: "p1", value: 30 }, "p2", 4)).toMatchObject({ value: 4, bet: 4 });
  });

  it("flags a bad bet, but not a blank input", () => {
    expect(readBet({ puzzle: "p", value: "" }, "p", 100)).toMatchObject({ valid: false, error: false });
    expect(readBet({ puzzle: "p", value: "  " }, "p", 100)).toMatchObject({ valid: false, error: false });
    expect(Number.isNaN(readBet({ puzzle: "p", value: "" }, "p", 100).bet)).toBe(true);
    expect(readBet({ puzzle: "p", value: 150 }, "p", 100)).toMatchObject({ valid: false, error: true });
    expect(readBet({ puzzle: "p", value: "abc" }, "p", 100)).toMatchObject({ valid: false, error: true });
  });

  it("sends every move so far with the new one", () => {
    expect(movesWith([play("a", 10, "a", 110), play("b", 20, "a", 90)], "a", 5)).toEqual([
      { side: "a", bet: 10 },
      { side: "b", bet: 20 },
      { side: "a", bet: 5 },
    ]);
    expect(movesWith([], "b", 10)).toEqual([{ side: "b", bet: 10 }]);
  });

  it("keeps the bet for the next round unless fewer chips are left", () => {
    expect(nextBet(25, 80)).toBe(25);
    expect(nextBet(25, 12)).toBe(12);
  });

  it("offers fixed amounts, half (at least one) and all in", () => {
    expect(quickBets(100)).toEqual([
      { key: "10", value: 10 },
      { key: "25", value: 25 },
      { key: "half", value: 50 },
      { key: "all", value: 100 },
    ]);
    expect(quickBets(1).slice(2)).toEqual([
      { key: "half", value: 1 },
      { key: "all", value: 1 },
    ]);
    expect(quickBets(7)[2].value).toBe(3);
  });
});

describe("the end and the reveal", () => {
  it("says how the game ended", () => {
    expect(endingText({ ...stateOf([]), status: "won", chips: 140 }, 100, 5)).toEqual({ key: "wonText", values: { profit: 40 } });
    expect(endingText({ ...stateOf([]), status: "lost", chips: 0 }, 100, 3)).toEqual({ key: "bustText", values: { n: 3 } });
    expect(endingText({ ...stateOf([]), status: "lost", chips: 60 }, 100, 5)).toEqual({ key: "lostText", values: { start: 100 } });
  });

  it("draws revealed values against the larger one, and zero values without dividing by zero", () => {
    expect(revealShare({ a: 50, b: 200 }, "a")).toBe(25);
    expect(revealShare({ a: 50, b: 200 }, "b")).toBe(100);
    expect(revealShare({ a: 0, b: 0 }, "a")).toBe(0);
  });
});
