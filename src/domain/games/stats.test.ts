import { describe, expect, it } from "vitest";
import { addResult, parseResults, summarise, type GameResult } from "./stats";

const r = (puzzle: string, won: boolean, score = 3): GameResult => ({ game: "tradle", puzzle, won, score, at: "2026-11-27T00:00:00Z" });

describe("game statistics", () => {
  it("counts streaks of daily wins on consecutive days; practice does not break them", () => {
    const results = [r("d-2026-11-20", true), r("d-2026-11-21", true), r("p-9", false), r("d-2026-11-22", true), r("d-2026-11-24", true, 5)];
    expect(summarise(results)).toEqual({ played: 5, won: 4, currentStreak: 1, maxStreak: 3, scores: { 3: 3, 5: 1 } });
    expect(summarise([...results, r("d-2026-11-25", false)]).currentStreak).toBe(0);
    expect(summarise([])).toEqual({ played: 0, won: 0, currentStreak: 0, maxStreak: 0, scores: {} });
  });
  it("keeps one result per puzzle and reads only well-formed stored results", () => {
    const once = addResult([r("d-2026-11-20", true)], r("d-2026-11-20", false));
    expect(once).toHaveLength(1);
    expect(parseResults([r("d-1", true), { game: "x" }, null, "y"])).toHaveLength(1);
    expect(parseResults("nope")).toEqual([]);
  });
});
