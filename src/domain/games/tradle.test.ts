import { describe, expect, it } from "vitest";
import { fixtureGameData } from "./test-support";
import { tradleAnswer, tradleCandidates, tradlePlay, tradlePuzzle, tradleShareText, TRADLE_GUESSES } from "./tradle";
import { bearing, compass, distanceKm, proximity } from "./geo";
import { parsePuzzleId, puzzleSeed } from "./puzzle";

const data = fixtureGameData();

describe("Tradle", () => {
  it("is the same puzzle for a date and the same data, another on another date or other data", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    const today = parsePuzzleId("d-2026-11-27", now)!;
    const seed = puzzleSeed("tradle", today, data.dataKey);
    expect(puzzleSeed("tradle", today, data.dataKey)).toBe(seed);
    expect(tradleAnswer(data, seed)?.id).toBe(tradleAnswer(data, seed)?.id);
    const answers = new Set(Array.from({ length: 20 }, (_, i) => tradleAnswer(data, puzzleSeed("tradle", parsePuzzleId(`d-2026-11-${String(i + 1).padStart(2, "0")}`, now)!, data.dataKey))?.id));
    expect(answers.size).toBeGreaterThan(5);
    // Other data (another import), another puzzle: the key is the data's, not the process's.
    expect(puzzleSeed("tradle", today, "another-build")).not.toBe(seed);
    expect(parsePuzzleId("d-2026-11-28", now)).toBeNull(); // the future
    expect(parsePuzzleId("d-2026-02-30", now)).toBeNull();
    expect(parsePuzzleId("p-99999999999", now)).toBeNull();
    expect(parsePuzzleId("../x", now)).toBeNull();
  });

  it("hides the answer: the puzzle names no country but lists it among the guesses", () => {
    const seed = 42;
    const answer = tradleAnswer(data, seed)!;
    const puzzle = tradlePuzzle(data, seed, "en")!;
    const text = JSON.stringify({ products: puzzle.products, sections: puzzle.sections, year: puzzle.year });
    expect(text).not.toContain(answer.id);
    expect(text).not.toContain(answer.names.en);
    expect(puzzle.products.map((p) => p.id)).toEqual(answer.topProducts.map((p) => p.id));
    expect(puzzle.countries.some((c) => c.id === answer.id)).toBe(true);
    expect(tradleCandidates(data).every((c) => c.exports >= 1e9 && c.lat !== null)).toBe(true);
  });

  it("answers guesses with distance, direction and proximity, and reveals only at the end", () => {
    const seed = 42;
    const answer = tradleAnswer(data, seed)!;
    const wrong = data.countries.filter((c) => c.id !== answer.id).slice(0, TRADLE_GUESSES).map((c) => c.id);
    const first = tradlePlay(data, seed, wrong.slice(0, 1), "en");
    expect("error" in first).toBe(false);
    if ("error" in first) return;
    expect(first.status).toBe("playing");
    expect(first.answer).toBeUndefined();
    const g = data.countries.find((c) => c.id === wrong[0])!;
    const km = distanceKm(g as { lat: number; lon: number }, answer as { lat: number; lon: number });
    expect(first.guesses[0]).toMatchObject({ correct: false, km: Math.round(km), proximity: proximity(Math.round(km)), direction: compass(bearing(g as never, answer as never)) });
    const lost = tradlePlay(data, seed, wrong, "en");
    expect(!("error" in lost) && lost.status).toBe("lost");
    expect(!("error" in lost) && lost.answer?.id).toBe(answer.id);
    const won = tradlePlay(data, seed, [wrong[0], answer.id], "en");
    expect(!("error" in won) && won.status).toBe("won");
    expect(!("error" in won) && won.guesses[1]).toMatchObject({ correct: true, km: 0, proximity: 100 });
    if (!("error" in won)) expect(tradleShareText("Tradle", "2026-11-27", won)).not.toContain(answer.names.en);
  });

  it("refuses unknown, repeated and too many guesses", () => {
    expect(tradlePlay(data, 42, ["zzz"], "en")).toMatchObject({ error: "unknown_country" });
    expect(tradlePlay(data, 42, ["c01", "c01"], "en")).toMatchObject({ error: "repeated_guess" });
    expect(tradlePlay(data, 42, data.countries.slice(0, 7).map((c) => c.id), "en")).toMatchObject({ error: "too_many_guesses" });
  });
});

describe("geo", () => {
  it("measures distance and direction", () => {
    const santiago = { lat: -33.45, lon: -70.67 };
    const madrid = { lat: 40.42, lon: -3.7 };
    expect(Math.round(distanceKm(santiago, madrid) / 10) * 10).toBe(10700);
    expect(compass(bearing(santiago, madrid))).toBe("NE");
    expect(proximity(0)).toBe(100);
    expect(proximity(20015)).toBe(0);
  });
});
