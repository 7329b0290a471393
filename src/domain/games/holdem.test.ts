import { describe, expect, it } from "vitest";
import { fixtureGameData } from "./test-support";
import { HOLDEM_ROUNDS, HOLDEM_START, holdemDeal, holdemPlay, holdemPuzzle, holdemShareText, type HoldemMove, type HoldemSide, type HoldemState } from "./holdem";

const data = fixtureGameData();
const SEEDS = Array.from({ length: 100 }, (_, i) => i * 7919 + 1);

const other = (side: HoldemSide): HoldemSide => (side === "a" ? "b" : "a");
const state = (result: ReturnType<typeof holdemPlay>): HoldemState => {
  if ("error" in result) throw new Error(`unexpected error ${result.error}`);
  return result;
};

/** A seed whose deal has no tie (so the expected chips are simple to state). */
const seed = SEEDS.find((s) => holdemDeal(data, s)!.rounds.every((r) => r.winner !== "tie"))!;
const deal = holdemDeal(data, seed)!;
const winners = deal.rounds.map((r) => r.winner as HoldemSide);

describe("Export Hold'em", () => {
  it("deals the same game for a seed", () => {
    expect(holdemDeal(data, 42)).toEqual(holdemDeal(data, 42));
    expect(holdemPuzzle(data, 42, "en")).toEqual(holdemPuzzle(data, 42, "en"));
    const pairs = new Set(SEEDS.slice(0, 20).map((s) => holdemPuzzle(data, s, "en")!.countries.map((c) => c.id).join("-")));
    expect(pairs.size).toBeGreaterThan(5);
  });

  it("deals two solid countries and five distinct products either exports, not all won by one side", () => {
    let mixed = 0;
    for (const s of SEEDS) {
      const d = holdemDeal(data, s);
      expect(d).not.toBeNull();
      if (!d) continue;
      expect(d.a.id).not.toBe(d.b.id);
      expect(d.a.exports).toBeGreaterThanOrEqual(1e9);
      expect(d.b.exports).toBeGreaterThanOrEqual(1e9);
      expect(d.rounds).toHaveLength(HOLDEM_ROUNDS);
      expect(new Set(d.rounds.map((r) => r.product.id)).size).toBe(HOLDEM_ROUNDS);
      for (const r of d.rounds) {
        expect(r.values.a > 0 || r.values.b > 0).toBe(true);
        const inData = (country: string) =>
          r.product.exporters.find((e) => e.id === country)?.value ?? data.countries.find((c) => c.id === country)!.topProducts.find((t) => t.id === r.product.id)?.value ?? 0;
        expect(r.values).toEqual({ a: inData(d.a.id), b: inData(d.b.id) });
        expect(r.winner).toBe(r.values.a > r.values.b ? "a" : r.values.b > r.values.a ? "b" : "tie");
      }
      if (new Set(d.rounds.map((r) => r.winner)).size > 1) mixed++;
    }
    expect(mixed).toBeGreaterThan(90);
  });

  it("shows the cards without values", () => {
    const puzzle = holdemPuzzle(data, seed, "es")!;
    expect(puzzle).toMatchObject({ year: 2019, source: "atlas", startChips: HOLDEM_START });
    expect(puzzle.countries).toEqual([
      { id: deal.a.id, name: deal.a.names.es },
      { id: deal.b.id, name: deal.b.names.es },
    ]);
    expect(puzzle.rounds.map((r) => r.product.id)).toEqual(deal.rounds.map((r) => r.product.id));
    expect(puzzle.rounds[0].product.name).toBe(deal.rounds[0].product.names.es);
    expect(puzzle.rounds[0].product.section.id).toBe(deal.rounds[0].product.section);
    const text = JSON.stringify(puzzle);
    expect(text).not.toMatch(/value|winner|chipsAfter/i);
    for (const v of deal.rounds.flatMap((r) => [r.values.a, r.values.b]).filter((v) => v > 0)) expect(text).not.toContain(String(v));
  });

  it("reveals values only for the rounds played", () => {
    const first = state(holdemPlay(data, seed, [{ side: winners[0], bet: 10 }], "en"));
    expect(first).toMatchObject({ status: "playing", chips: 110, round: 1 });
    expect(first.played).toEqual([
      { product: { id: deal.rounds[0].product.id, name: deal.rounds[0].product.names.en }, side: winners[0], bet: 10, values: deal.rounds[0].values, winner: winners[0], chipsAfter: 110 },
    ]);
    expect(state(holdemPlay(data, seed, [], "en"))).toEqual({ status: "playing", chips: HOLDEM_START, round: 0, played: [] });
  });

  it("wins all-in on the right side every round", () => {
    let chips = HOLDEM_START;
    const moves: HoldemMove[] = winners.map((side) => {
      const move = { side, bet: chips };
      chips *= 2;
      return move;
    });
    const won = state(holdemPlay(data, seed, moves, "en"));
    expect(won).toMatchObject({ status: "won", chips: HOLDEM_START * 2 ** HOLDEM_ROUNDS, round: HOLDEM_ROUNDS });
    expect(won.played.map((p) => p.chipsAfter)).toEqual([200, 400, 800, 1600, 3200]);
    const share = holdemShareText("Export Hold'em", "2026-11-27", won);
    expect(share).toBe("Export Hold'em 2026-11-27 3200 chips\n✅✅✅✅✅");
    for (const c of [deal.a, deal.b]) {
      expect(share).not.toContain(c.names.en);
      expect(share).not.toContain(c.id);
    }
    for (const r of deal.rounds) expect(share).not.toContain(r.product.names.en);
  });

  it("counts ties as a returned bet", () => {
    const tied = SEEDS.map((s) => ({ s, d: holdemDeal(data, s)! })).find(({ d }) => d.rounds.some((r) => r.winner === "tie"));
    if (!tied) return; // the fixture may have no tie
    const moves = tied.d.rounds.map(() => ({ side: "a" as const, bet: 1 }));
    const result = state(holdemPlay(data, tied.s, moves, "en"));
    const i = tied.d.rounds.findIndex((r) => r.winner === "tie");
    expect(result.played[i].chipsAfter).toBe(i === 0 ? HOLDEM_START : result.played[i - 1].chipsAfter);
    expect(holdemShareText("H", "x", result)).toContain("➖");
  });

  it("loses when ending without a profit", () => {
    const lost = state(holdemPlay(data, seed, winners.map((w) => ({ side: other(w), bet: 1 })), "en"));
    expect(lost).toMatchObject({ status: "lost", chips: HOLDEM_START - HOLDEM_ROUNDS, round: HOLDEM_ROUNDS });
    expect(holdemShareText("Export Hold'em", "p-1", lost)).toBe("Export Hold'em p-1 95 chips\n❌❌❌❌❌");
    // Exactly the starting chips is no profit: lost.
    const even = winners.map((w, i) => ({ side: i === 0 ? other(w) : w, bet: i === 0 ? 4 : 1 }));
    expect(state(holdemPlay(data, seed, even, "en"))).toMatchObject({ status: "lost", chips: HOLDEM_START });
  });

  it("ends the game at 0 chips and refuses moves after it", () => {
    const bust = state(holdemPlay(data, seed, [{ side: winners[0], bet: 50 }, { side: other(winners[1]), bet: 150 }], "en"));
    expect(bust).toMatchObject({ status: "lost", chips: 0, round: 2 });
    expect(holdemShareText("Export Hold'em", "p-1", bust)).toBe("Export Hold'em p-1 0 chips\n✅❌");
    expect(holdemPlay(data, seed, [{ side: other(winners[0]), bet: 100 }, { side: winners[1], bet: 1 }], "en")).toEqual({ error: "too_many_moves" });
  });

  it("refuses invalid bets, sides and too many moves", () => {
    const play = (moves: unknown[]) => holdemPlay(data, seed, moves as HoldemMove[], "en");
    for (const bet of [0, -5, 1.5, 101, Number.NaN, Number.POSITIVE_INFINITY, "10", null]) expect(play([{ side: "a", bet }])).toMatchObject({ error: "invalid_bet" });
    expect(play([{ side: winners[0], bet: 10 }, { side: "a", bet: 111 }])).toMatchObject({ error: "invalid_bet", value: "111" });
    expect(play([{ side: winners[0], bet: 10 }, { side: "a", bet: 110 }])).not.toHaveProperty("error");
    for (const side of ["c", "A", "", undefined, 1]) expect(play([{ side, bet: 10 }])).toMatchObject({ error: "invalid_side" });
    expect(play([null])).toMatchObject({ error: "invalid_side" });
    expect(play(Array.from({ length: HOLDEM_ROUNDS + 1 }, () => ({ side: "a", bet: 1 })))).toEqual({ error: "too_many_moves" });
  });

  it("has no puzzle without a pair of countries to deal", () => {
    const empty = { ...data, countries: data.countries.slice(0, 1) };
    expect(holdemDeal(empty, 1)).toBeNull();
    expect(holdemPuzzle(empty, 1, "en")).toBeNull();
    expect(holdemPlay(empty, 1, [], "en")).toEqual({ error: "no_puzzle" });
  });
});
