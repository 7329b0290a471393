import { describe, expect, it } from "vitest";
import { PICK5_PICKS } from "@/domain/games/pick5";
import { answerBars, canSubmit, movePick, pick5Links, pickSlots, pickVerdict, picksOf, removePick, togglePick } from "./pick5Model";

const five = ["a", "b", "c", "d", "e"];

describe("picking", () => {
  it("keeps the picks of the puzzle they were made on only", () => {
    expect(picksOf({ puzzle: "p1", ids: ["a"] }, "p1")).toEqual(["a"]);
    expect(picksOf({ puzzle: "p1", ids: ["a"] }, "p2")).toEqual([]);
  });

  it("picks at the next rank, unpicks, and ignores a sixth pick", () => {
    expect(togglePick([], "a")).toEqual({ picks: ["a"], focus: null });
    expect(togglePick(["a", "b"], "c")?.picks).toEqual(["a", "b", "c"]);
    expect(togglePick(["a", "b", "c"], "b")).toEqual({ picks: ["a", "c"], focus: null });
    expect(togglePick(five, "f")).toBeNull();
    expect(togglePick(five, "c")?.picks).toEqual(["a", "b", "d", "e"]);
  });

  it("removes a pick, sending the focus to the pick now at its rank, else the one above, else its candidate", () => {
    expect(removePick(five, "b")).toEqual({ picks: ["a", "c", "d", "e"], focus: ["remove:c", "remove:a", "candidate:b"] });
    expect(removePick(five, "e").focus).toEqual(["remove:d", "candidate:e"]);
    expect(removePick(["a"], "a")).toEqual({ picks: [], focus: ["candidate:a"] });
    expect(removePick(five, "a").focus).toEqual(["remove:b", "candidate:a"]);
  });

  it("moves a pick one rank, keeping the focus on the arrow used, and refuses to go past an end", () => {
    expect(movePick(five, "c", -1)).toEqual({ picks: ["a", "c", "b", "d", "e"], focus: ["up:c", "down:c"] });
    expect(movePick(five, "c", 1)).toEqual({ picks: ["a", "b", "d", "c", "e"], focus: ["down:c", "up:c"] });
    expect(movePick(five, "a", -1)).toBeNull();
    expect(movePick(five, "e", 1)).toBeNull();
    expect(movePick(five, "zz", 1)).toBeNull();
  });

  it("submits exactly five picks, not while a submission is pending", () => {
    expect(canSubmit(five, false)).toBe(true);
    expect(canSubmit(five, true)).toBe(false);
    expect(canSubmit(five.slice(0, 4), false)).toBe(false);
  });

  it("lays the picks out in five rank slots, naming each by its candidate", () => {
    const slots = pickSlots(["b", "zz"], [
      { id: "a", name: "Copper" },
      { id: "b", name: "Wine" },
    ]);
    expect(slots).toHaveLength(PICK5_PICKS);
    expect(slots.slice(0, 3)).toEqual([
      { id: "b", name: "Wine" },
      { id: "zz", name: "zz" },
      { id: null, name: null },
    ]);
  });
});

describe("the answer", () => {
  it("links products on a country puzzle and countries on a product puzzle", () => {
    const country = pick5Links("country", "es", "chl");
    expect(country.item("2603")).toBe("/es/profile/hs/2603");
    expect(country.subject).toBe("/es/profile/country/chl");
    const product = pick5Links("product", "en", "2603");
    expect(product.item("per")).toBe("/en/profile/country/per");
    expect(product.subject).toBe("/en/profile/hs/2603");
  });

  it("reads each scored pick by its points", () => {
    expect(pickVerdict({ id: "a", name: "A", points: 2, trueRank: 1 })).toEqual({ mark: "✓", color: "green", key: "exact", values: {} });
    expect(pickVerdict({ id: "a", name: "A", points: 1, trueRank: 4 })).toEqual({ mark: "≈", color: "yellow", key: "inTop", values: { rank: 4 } });
    expect(pickVerdict({ id: "a", name: "A", points: 1, trueRank: null }).values).toEqual({ rank: 0 });
    expect(pickVerdict({ id: "a", name: "A", points: 0, trueRank: null })).toEqual({ mark: "✗", color: "red", key: "notTop", values: {} });
    expect(pickVerdict({ id: "a", name: "A", points: 7, trueRank: null })).toMatchObject({ mark: "✗", color: "red", key: "notTop" });
  });

  it("draws the bars against the largest value, and an empty or zero answer safely", () => {
    expect(answerBars([{ value: 200 }, { value: 50 }])).toEqual([100, 25]);
    expect(answerBars([{ value: 0 }])).toEqual([0]);
    expect(answerBars([])).toEqual([]);
  });
});
