import { describe, expect, it } from "vitest";
import { fixtureGameData } from "./test-support";
import { pick5Answer, pick5Play, pick5Puzzle, pick5ShareText, PICK5_WIN_SCORE, type Pick5State } from "./pick5";

const data = fixtureGameData();
const SEEDS = Array.from({ length: 200 }, (_, i) => i * 7919 + 1);

const play = (seed: number, moves: string[]): Pick5State => {
  const state = pick5Play(data, seed, moves, "en");
  if ("error" in state) throw new Error(`unexpected error ${state.error}`);
  return state;
};

describe("Pick 5", () => {
  it("is the same puzzle for a seed", () => {
    expect(pick5Puzzle(data, 42, "en")).toEqual(pick5Puzzle(data, 42, "en"));
    expect(pick5Answer(data, 42)).toEqual(pick5Answer(data, 42));
    const subjects = new Set(SEEDS.slice(0, 30).map((s) => pick5Answer(data, s)!.subject.id));
    expect(subjects.size).toBeGreaterThan(5);
  });

  it("offers 12 distinct candidates with the whole top five, never the subject, drawn from solid data", () => {
    const kinds = new Set<string>();
    for (const seed of SEEDS) {
      const answer = pick5Answer(data, seed)!;
      const puzzle = pick5Puzzle(data, seed, "en")!;
      kinds.add(puzzle.kind);
      const ids = puzzle.candidates.map((c) => c.id);
      expect(ids).toHaveLength(12);
      expect(new Set(ids).size).toBe(12);
      expect(ids).not.toContain(puzzle.subject.id);
      expect(answer.top).toHaveLength(5);
      for (const t of answer.top) expect(ids).toContain(t.id);
      if (puzzle.kind === "country") {
        const country = data.countries.find((c) => c.id === puzzle.subject.id)!;
        expect(country.topProducts.length).toBeGreaterThanOrEqual(8);
        expect(answer.top.map((t) => t.id)).toEqual(country.topProducts.slice(0, 5).map((p) => p.id));
        for (const id of ids) expect(data.products.some((p) => p.id === id)).toBe(true);
      } else {
        const product = data.products.find((p) => p.id === puzzle.subject.id)!;
        expect(product.exporters.length).toBeGreaterThanOrEqual(8);
        expect(answer.top.map((t) => t.id)).toEqual(product.exporters.slice(0, 5).map((e) => e.id));
        for (const id of ids) expect(data.countries.some((c) => c.id === id)).toBe(true);
      }
    }
    expect(kinds).toEqual(new Set(["country", "product"]));
  });

  it("hides the answer: no values, no order hint", () => {
    let ordered = 0;
    for (const seed of SEEDS) {
      const answer = pick5Answer(data, seed)!;
      const puzzle = pick5Puzzle(data, seed, "es")!;
      expect(Object.keys(puzzle).sort()).toEqual(["candidates", "kind", "source", "subject", "year"]);
      const text = JSON.stringify(puzzle);
      expect(text).not.toMatch(/value|share|rank/i);
      for (const t of answer.top) expect(text).not.toContain(String(t.value));
      for (const c of puzzle.candidates) expect(Object.keys(c).sort()).toEqual(["id", "name"]);
      const topIds = answer.top.map((t) => t.id);
      const inOrder = puzzle.candidates.map((c) => c.id).filter((id) => topIds.includes(id));
      if (inOrder.join() === topIds.join()) ordered++;
    }
    expect(ordered).toBeLessThan(10);
    const puzzle = pick5Puzzle(data, 42, "es")!;
    expect(puzzle.candidates.every((c) => /^(Producto|País) /.test(c.name))).toBe(true);
  });

  it("scores a perfect order 10 and wins", () => {
    for (const seed of SEEDS.slice(0, 20)) {
      const answer = pick5Answer(data, seed)!;
      const state = play(seed, answer.top.map((t) => t.id));
      expect(state).toMatchObject({ status: "won", score: 10, max: 10 });
      expect(state.picks.map((p) => [p.points, p.trueRank])).toEqual([[2, 1], [2, 2], [2, 3], [2, 4], [2, 5]]);
      const total = answer.kind === "country" ? data.countries.find((c) => c.id === answer.subject.id)!.exports : data.products.find((p) => p.id === answer.subject.id)!.world;
      expect(state.answer.map((a) => a.id)).toEqual(answer.top.map((t) => t.id));
      for (const a of state.answer) expect(a.share).toBeCloseTo(a.value / total, 12);
      expect(state.answer.every((a, i) => i === 0 || a.value <= state.answer[i - 1].value)).toBe(true);
    }
  });

  it("scores by the rule: 2 at the exact rank, 1 elsewhere in the top five, 0 outside", () => {
    const seed = 42;
    const answer = pick5Answer(data, seed)!;
    const top = answer.top.map((t) => t.id);
    const reversed = play(seed, [...top].reverse());
    // Only the middle pick keeps its rank: 2 + 4 × 1.
    expect(reversed.score).toBe(6);
    expect(reversed.status).toBe("lost");
    expect(reversed.picks.map((p) => p.points)).toEqual([1, 1, 2, 1, 1]);
    expect(reversed.picks.map((p) => p.trueRank)).toEqual([5, 4, 3, 2, 1]);

    const decoys = answer.candidates.map((c) => c.id).filter((id) => !top.includes(id));
    const mixed = play(seed, [top[0], top[1], top[3], decoys[0], top[2]]);
    expect(mixed.picks.map((p) => p.points)).toEqual([2, 2, 1, 0, 1]);
    expect(mixed.picks[3].trueRank).toBeNull();
    expect(mixed.score).toBe(6);
    expect(mixed.status).toBe("lost");
    const seven = play(seed, [top[0], top[1], top[2], top[4], decoys[0]]);
    expect(seven.score).toBe(PICK5_WIN_SCORE);
    expect(seven.status).toBe("won");
    const none = play(seed, decoys.slice(0, 5));
    expect(none).toMatchObject({ score: 0, status: "lost" });
    expect(none.answer).toHaveLength(5);
  });

  it("refuses wrong counts, repeats and non-candidates", () => {
    const seed = 42;
    const ids = pick5Puzzle(data, seed, "en")!.candidates.map((c) => c.id);
    expect(pick5Play(data, seed, ids.slice(0, 4), "en")).toMatchObject({ error: "wrong_count" });
    expect(pick5Play(data, seed, ids.slice(0, 6), "en")).toMatchObject({ error: "wrong_count" });
    expect(pick5Play(data, seed, [], "en")).toMatchObject({ error: "wrong_count" });
    expect(pick5Play(data, seed, [ids[0], ids[1], ids[0], ids[2], ids[3]], "en")).toMatchObject({ error: "repeated_pick", value: ids[0] });
    expect(pick5Play(data, seed, [ids[0], ids[1], "zzz", ids[2], ids[3]], "en")).toMatchObject({ error: "not_a_candidate", value: "zzz" });
    const subject = pick5Puzzle(data, seed, "en")!.subject.id;
    expect(pick5Play(data, seed, [subject, ids[1], ids[2], ids[3], ids[4]], "en")).toMatchObject({ error: "not_a_candidate" });
  });

  it("shares squares and the score, never a name", () => {
    const seed = 42;
    const answer = pick5Answer(data, seed)!;
    const top = answer.top.map((t) => t.id);
    const decoy = answer.candidates.find((c) => !top.includes(c.id))!.id;
    const state = play(seed, [top[0], top[2], decoy, top[3], top[4]]);
    const text = pick5ShareText("Pick 5", "2026-11-27", state);
    expect(text).toBe("Pick 5 2026-11-27 7/10\n🟩🟨⬜🟩🟩");
    for (const c of answer.candidates) {
      expect(text).not.toContain(c.names.en);
      expect(text).not.toContain(c.id);
    }
    expect(text).not.toContain(answer.subject.names.en);
  });
});
