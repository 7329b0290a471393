import { describe, expect, it } from "vitest";
import type { ConnectradeGroup, ConnectradePuzzle, ConnectradeState } from "@/domain/games/connectrade";
import { connectradeBoard, countryHref, factHref, guessFeedback, guessKey, levelColor, movesWith, shuffledIds, submitAction, toggleTile } from "./connectradeModel";

const ids = "abcdefghijklmnop".split("");
const puzzle: ConnectradePuzzle = { year: 2018, source: "ots", tiles: ids.map((id) => ({ id, name: id.toUpperCase() })), maxMistakes: 4 };
const group = (members: string[], level: 0 | 1 | 2 | 3): ConnectradeGroup => ({
  members: members.map((id) => ({ id, name: id.toUpperCase() })),
  fact: { kind: "continent", params: { continent: "eu", name: "Europe" }, level },
});
const playing = (over: Partial<ConnectradeState>): ConnectradeState => ({ status: "playing", mistakes: 0, solved: [], results: [], ...over });

describe("the board", () => {
  it("starts with every tile in the puzzle's order, nothing selected, every mistake left", () => {
    const board = connectradeBoard({ puzzleId: "d-1", puzzle, state: null, moves: [], selection: { puzzle: "d-1", ids: [] }, order: null });
    expect(board.remaining.map((t) => t.id)).toEqual(ids);
    expect(board.orderIds).toEqual(ids);
    expect(board.selected).toEqual([]);
    expect(board.mistakesLeft).toBe(4);
    expect(board.last).toBeUndefined();
    expect(board.wrongKeys.size).toBe(0);
  });

  it("takes a found group's tiles out of the grid and the selection, keeps the shuffled order, and counts mistakes", () => {
    const state = playing({
      mistakes: 1,
      solved: [group(["a", "b", "c", "d"], 0)],
      results: [
        { correct: false, oneAway: true },
        { correct: true, oneAway: false },
      ],
    });
    const moves = [
      ["e", "f", "g", "a"],
      ["d", "c", "b", "a"],
    ];
    const shuffled = [...ids].reverse();
    const board = connectradeBoard({ puzzleId: "d-1", puzzle, state, moves, selection: { puzzle: "d-1", ids: ["a", "e"] }, order: { puzzle: "d-1", ids: shuffled } });
    expect(board.selected).toEqual(["e"]);
    expect(board.remaining.map((t) => t.id)).toEqual(shuffled.filter((id) => !"abcd".includes(id)));
    expect(board.remaining[0]).toEqual({ id: "p", name: "P" });
    expect(board.mistakesLeft).toBe(3);
    expect(board.last).toEqual({ correct: true, oneAway: false });
    // Only the wrong guess is remembered, whatever the order of its tiles.
    expect([...board.wrongKeys]).toEqual([guessKey(["a", "e", "f", "g"])]);
  });

  it("drops the selection and the order of another puzzle", () => {
    const board = connectradeBoard({ puzzleId: "d-2", puzzle, state: null, moves: [], selection: { puzzle: "d-1", ids: ["a"] }, order: { puzzle: "d-1", ids: [...ids].reverse() } });
    expect(board.selected).toEqual([]);
    expect(board.orderIds).toEqual(ids);
  });
});

describe("selecting and guessing", () => {
  it("selects up to four tiles and unselects one", () => {
    expect(toggleTile([], "a")).toEqual(["a"]);
    expect(toggleTile(["a", "b"], "a")).toEqual(["b"]);
    expect(toggleTile(["a", "b", "c"], "d")).toEqual(["a", "b", "c", "d"]);
    expect(toggleTile(["a", "b", "c", "d"], "e")).toBeNull();
    expect(toggleTile(["a", "b", "c", "d"], "c")).toEqual(["a", "b", "d"]);
  });

  it("keys a guess by its tiles, in any order", () => {
    expect(guessKey(["d", "a", "c", "b"])).toBe(guessKey(["a", "b", "c", "d"]));
    expect(guessKey(["a", "b", "c", "e"])).not.toBe(guessKey(["a", "b", "c", "d"]));
  });

  it("sends four tiles, refuses a wrong guess made before, and waits otherwise", () => {
    const wrongKeys = new Set([guessKey(["a", "b", "c", "e"])]);
    expect(submitAction({ selected: ["a", "b", "c", "d"], wrongKeys }, false, false)).toBe("send");
    expect(submitAction({ selected: ["e", "c", "b", "a"], wrongKeys }, false, false)).toBe("repeated");
    expect(submitAction({ selected: ["a", "b", "c"], wrongKeys }, false, false)).toBe("wait");
    expect(submitAction({ selected: ["a", "b", "c", "d"], wrongKeys }, true, false)).toBe("wait");
    expect(submitAction({ selected: ["a", "b", "c", "d"], wrongKeys }, false, true)).toBe("wait");
  });

  it("sends every guess so far with the new one, without sharing the selection array", () => {
    const guess = ["a", "b", "c", "d"];
    const moves = movesWith([["e", "f", "g", "h"]], guess);
    expect(moves).toEqual([
      ["e", "f", "g", "h"],
      ["a", "b", "c", "d"],
    ]);
    expect(moves[1]).not.toBe(guess);
  });

  it("shuffles into a permutation of the same tiles, driven by the random source", () => {
    const out = shuffledIds(ids, () => 0);
    expect([...out].sort()).toEqual(ids);
    // With random() = 0 every tile swaps with the first: a rotation by one.
    expect(out).toEqual([...ids.slice(1), "a"]);
    expect(shuffledIds(ids, () => 0.999999)).toEqual(ids);
    expect(ids[0]).toBe("a"); // the input is not touched
  });
});

describe("what the last guess says", () => {
  it("says one away for a wrong guess one tile off, found or wrong otherwise, and nothing at the end", () => {
    expect(guessFeedback(undefined, false, false)).toEqual({ oneAway: false, key: null });
    expect(guessFeedback({ correct: false, oneAway: true }, false, false)).toEqual({ oneAway: true, key: null });
    expect(guessFeedback({ correct: false, oneAway: false }, false, false)).toEqual({ oneAway: false, key: "wrong" });
    expect(guessFeedback({ correct: true, oneAway: false }, false, false)).toEqual({ oneAway: false, key: "found" });
    expect(guessFeedback({ correct: true, oneAway: false }, false, true)).toEqual({ oneAway: false, key: null });
  });

  it("says a repeated guess was already made, even after one away", () => {
    expect(guessFeedback({ correct: false, oneAway: true }, true, false)).toEqual({ oneAway: false, key: "alreadyGuessed" });
    expect(guessFeedback(undefined, true, false)).toEqual({ oneAway: false, key: "alreadyGuessed" });
  });
});

describe("links and colours", () => {
  it("links a fact's subject to its product, partner or continent profile", () => {
    expect(factHref({ kind: "topExport", params: { product: "0901", name: "Coffee" }, level: 0 }, "es")).toBe("/es/profile/hs/0901");
    expect(factHref({ kind: "topExporters", params: { product: "2709", name: "Crude" }, level: 1 }, "en")).toBe("/en/profile/hs/2709");
    expect(factHref({ kind: "mainPartner", params: { partner: "chn", name: "China" }, level: 2 }, "zh")).toBe("/zh/profile/country/chn");
    expect(factHref({ kind: "continent", params: { continent: "af", name: "Africa" }, level: 3 }, "en")).toBe("/en/profile/continent/af");
    expect(countryHref("en", "chl")).toBe("/en/profile/country/chl");
  });

  it("colours a group by its level, grey past the four", () => {
    expect([0, 1, 2, 3].map(levelColor)).toEqual(["yellow", "green", "blue", "grape"]);
    expect(levelColor(7)).toBe("gray");
  });
});
