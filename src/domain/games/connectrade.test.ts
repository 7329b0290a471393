import { describe, expect, it } from "vitest";
import { fixtureGameData } from "./test-support";
import type { GameData } from "./data";
import {
  CONNECTRADE_MISTAKES,
  connectradeGroups,
  connectradePlay,
  connectradePuzzle,
  connectradeShareText,
  type ConnectradeGroup,
  type ConnectradeState,
} from "./connectrade";

const data = fixtureGameData();

/** The same fixture with shared main partners (the plain one gives every country its own). */
function withSharedPartners(): GameData {
  const d = fixtureGameData();
  d.countries.forEach((c, i) => {
    c.mainPartner = d.countries[(i * 3) % 7].id === c.id ? d.countries[7].id : d.countries[(i * 3) % 7].id;
  });
  return d;
}

/** An independent reading of each fact, straight from the data. */
function satisfies(d: GameData, countryId: string, group: ConnectradeGroup): boolean {
  const country = d.countries.find((c) => c.id === countryId)!;
  const { kind, params } = group.fact;
  switch (kind) {
    case "topExport":
      return country.topProducts[0]?.id === params.product;
    case "mainPartner":
      return country.mainPartner === params.partner;
    case "continent":
      return country.continent === params.continent;
    case "topExporters": {
      const product = d.products.find((p) => p.id === params.product)!;
      return product.exporters.slice(0, 4).some((e) => e.id === countryId);
    }
  }
}

function checkPuzzle(d: GameData, seed: number): ConnectradeGroup[] | null {
  const groups = connectradeGroups(d, seed);
  if (!groups) return null;
  expect(groups).toHaveLength(4);
  const tiles = groups.flatMap((g) => g.members.map((m) => m.id));
  expect(tiles).toHaveLength(16);
  expect(new Set(tiles).size).toBe(16);
  expect(groups.map((g) => g.fact.level).sort()).toEqual([0, 1, 2, 3]);
  expect(groups.filter((g) => g.fact.kind === "continent").length).toBeLessThanOrEqual(1);
  for (const g of groups) {
    expect(g.members).toHaveLength(4);
    for (const id of tiles) {
      const own = g.members.some((m) => m.id === id);
      // Every member satisfies its group's fact, and no other tile does.
      expect({ seed, id, fact: g.fact, satisfies: satisfies(d, id, g) }).toEqual({ seed, id, fact: g.fact, satisfies: own });
    }
  }
  return groups;
}

const isState = (s: ConnectradeState | { error: string }): s is ConnectradeState => !("error" in s);

describe("Connectrade", () => {
  it("is deterministic for a seed and varies across seeds", () => {
    expect(connectradeGroups(data, 42)).toEqual(connectradeGroups(data, 42));
    expect(connectradePuzzle(data, 42, "es")).toEqual(connectradePuzzle(data, 42, "es"));
    const tileSets = new Set(Array.from({ length: 20 }, (_, s) => JSON.stringify(connectradePuzzle(data, s + 1, "en")?.tiles)));
    expect(tileSets.size).toBeGreaterThan(15);
  });

  it("generates valid, unambiguous puzzles of varied facts across 100 seeds", () => {
    for (const d of [data, withSharedPartners()]) {
      let made = 0;
      const kinds = new Set<string>();
      for (let seed = 1; seed <= 100; seed++) {
        const groups = checkPuzzle(d, seed * 7919);
        if (!groups) continue;
        made++;
        const own = new Set(groups.map((g) => g.fact.kind));
        expect(own.size).toBeGreaterThanOrEqual(2);
        own.forEach((k) => kinds.add(k));
      }
      expect(made).toBeGreaterThanOrEqual(90);
      expect(kinds.has("topExport")).toBe(true);
      expect(kinds.has("topExporters")).toBe(true);
      if (d !== data) expect(kinds.has("mainPartner")).toBe(true);
    }
  });

  it("localises the facts and hides them from the puzzle", () => {
    const seed = 42;
    const groups = connectradeGroups(data, seed, "es")!;
    const puzzle = connectradePuzzle(data, seed, "es")!;
    expect(puzzle.maxMistakes).toBe(CONNECTRADE_MISTAKES);
    expect(puzzle.year).toBe(data.year);
    expect(puzzle.tiles).toHaveLength(16);
    expect(puzzle.tiles.every((t) => t.name.startsWith("País "))).toBe(true);
    expect(new Set(puzzle.tiles.map((t) => t.id))).toEqual(new Set(groups.flatMap((g) => g.members.map((m) => m.id))));
    // Shuffled: not the groups' order.
    expect(puzzle.tiles.map((t) => t.id)).not.toEqual(groups.flatMap((g) => g.members.map((m) => m.id)));
    const text = JSON.stringify(puzzle);
    for (const g of groups) {
      expect(g.fact.params.name).toMatch(/^(Producto|País|Continente) /);
      expect(text).not.toContain(g.fact.params.name);
      expect(text).not.toContain(g.fact.kind);
    }
    expect(text).not.toMatch(/fact|level|group/);
  });

  it("plays to a win, reveals the groups only at the end, and shares without names", () => {
    const seed = 42;
    const groups = connectradeGroups(data, seed)!;
    const moves = groups.map((g) => g.members.map((m) => m.id)).reverse();
    const partial = connectradePlay(data, seed, moves.slice(0, 2), "en");
    if (!isState(partial)) throw new Error(partial.error);
    expect(partial).toMatchObject({ status: "playing", mistakes: 0, results: [{ correct: true, oneAway: false }, { correct: true, oneAway: false }] });
    expect(partial.solved).toEqual([groups[3], groups[2]]);
    expect(partial.groups).toBeUndefined();
    const won = connectradePlay(data, seed, moves, "en");
    if (!isState(won)) throw new Error(won.error);
    expect(won.status).toBe("won");
    expect(won.solved).toEqual([...groups].reverse());
    expect(won.groups).toEqual(groups);
    const share = connectradeShareText("Connectrade", "2026-11-27", won, moves);
    expect(share).toBe("Connectrade 2026-11-27\n🟪🟪🟪🟪\n🟦🟦🟦🟦\n🟩🟩🟩🟩\n🟨🟨🟨🟨");
    for (const g of groups) for (const m of g.members) expect(share).not.toContain(m.name);
  });

  it("plays to a loss after four mistakes, detecting one-away guesses", () => {
    const seed = 42;
    const groups = connectradeGroups(data, seed)!;
    const ids = groups.map((g) => g.members.map((m) => m.id));
    const oneAway = [ids[0][0], ids[0][1], ids[0][2], ids[1][0]];
    const twoTwo = [ids[0][0], ids[0][1], ids[1][0], ids[1][1]];
    const spread = [ids[0][3], ids[1][2], ids[2][0], ids[2][1]];
    const oneAway2 = [ids[2][1], ids[2][2], ids[2][3], ids[1][3]];
    const first = connectradePlay(data, seed, [oneAway], "en");
    if (!isState(first)) throw new Error(first.error);
    expect(first).toMatchObject({ status: "playing", mistakes: 1, results: [{ correct: false, oneAway: true }], solved: [] });
    const moves = [oneAway, ids[3], twoTwo, spread, oneAway2];
    const lost = connectradePlay(data, seed, moves, "en");
    if (!isState(lost)) throw new Error(lost.error);
    expect(lost.status).toBe("lost");
    expect(lost.mistakes).toBe(4);
    expect(lost.results).toEqual([
      { correct: false, oneAway: true },
      { correct: true, oneAway: false },
      { correct: false, oneAway: false },
      { correct: false, oneAway: false },
      { correct: false, oneAway: true },
    ]);
    expect(lost.solved).toEqual([groups[3]]);
    expect(lost.groups).toEqual(groups);
    const share = connectradeShareText("Connectrade", "p-1", lost, moves).split("\n");
    expect(share).toEqual(["Connectrade p-1", "🟨🟨🟨🟩", "🟪🟪🟪🟪", "🟨🟨🟩🟩", "🟨🟩🟦🟦", "🟦🟦🟦🟩"]);
  });

  it("refuses malformed guesses and moves after the end", () => {
    const seed = 42;
    const groups = connectradeGroups(data, seed)!;
    const ids = groups.map((g) => g.members.map((m) => m.id));
    const outsider = data.countries.find((c) => !ids.flat().includes(c.id))!.id;
    expect(connectradePlay(data, seed, [[ids[0][0], ids[0][1], ids[0][2], outsider]], "en")).toEqual({ error: "not_a_tile", value: outsider });
    expect(connectradePlay(data, seed, [[ids[0][0], ids[0][1], ids[0][2], "zzz"]], "en")).toEqual({ error: "not_a_tile", value: "zzz" });
    expect(connectradePlay(data, seed, [ids[0].slice(0, 3)], "en")).toMatchObject({ error: "wrong_size" });
    expect(connectradePlay(data, seed, [[...ids[0], ids[1][0]]], "en")).toMatchObject({ error: "wrong_size" });
    expect(connectradePlay(data, seed, [[ids[0][0], ids[0][1], ids[0][2], ids[0][0]]], "en")).toEqual({ error: "repeated_tile", value: ids[0][0] });
    expect(connectradePlay(data, seed, [ids[0], [ids[0][0], ids[1][0], ids[1][1], ids[1][2]]], "en")).toEqual({ error: "already_solved", value: ids[0][0] });
    const wrong = [ids[0][0], ids[1][0], ids[2][0], ids[3][0]];
    expect(connectradePlay(data, seed, [wrong, [...wrong].reverse()], "en")).toMatchObject({ error: "repeated_guess" });
    expect(connectradePlay(data, seed, [...ids, ids[0]], "en")).toEqual({ error: "too_many_moves" });
    const fourWrong = [0, 1, 2, 3].map((k) => [ids[0][k], ids[1][k], ids[2][(k + 1) % 4], ids[3][(k + 2) % 4]]);
    expect(connectradePlay(data, seed, fourWrong, "en")).toMatchObject({ status: "lost" });
    expect(connectradePlay(data, seed, [...fourWrong, ids[0]], "en")).toEqual({ error: "too_many_moves" });
  });

  it("returns null (and an error to play) when the data allows no puzzle", () => {
    const poor = fixtureGameData();
    poor.countries = poor.countries.slice(0, 10);
    expect(connectradeGroups(poor, 1)).toBeNull();
    expect(connectradePuzzle(poor, 1, "en")).toBeNull();
    expect(connectradePlay(poor, 1, [], "en")).toEqual({ error: "no_puzzle" });
  });
});
