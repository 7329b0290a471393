/**
 * Connectrade: sixteen countries to sort into four groups of four that share a trade fact (the
 * same largest export, the same main destination, the four largest exporters of one product, or
 * the same continent). Four mistakes allowed; the facts are shown at the end.
 *
 * A puzzle is valid only when it has one solution: the sixteen tiles are distinct, the groups are
 * disjoint, and no tile satisfies the fact of a group other than its own. The generator draws
 * groups one at a time under those rules, checks the whole puzzle again at the end, and retries
 * with the next draw of the seed's generator; after a bounded number of attempts it gives up (null).
 */
import type { Locale } from "@/domain/i18n/locales";
import { MIN_COUNTRY_EXPORTS, MIN_PRODUCT_TRADE, nameIn, type GameCountry, type GameData } from "./data";
import { random, shuffled, type Random } from "./random";

export const CONNECTRADE_MISTAKES = 4;
export const CONNECTRADE_GROUPS = 4;
export const CONNECTRADE_GROUP_SIZE = 4;
/** Draws tried before a seed is declared puzzle-less. */
export const CONNECTRADE_ATTEMPTS = 120;

export type ConnectradeKind = "topExport" | "mainPartner" | "topExporters" | "continent";
export type ConnectradeLevel = 0 | 1 | 2 | 3;

export interface ConnectradeTile {
  id: string;
  name: string;
}

/**
 * A group's fact, phrased by the UI from `kind` and `params`:
 * - topExport: { product, name } — their largest export is this HS4 product;
 * - mainPartner: { partner, name } — their main export destination is this country;
 * - topExporters: { product, name } — they are the four largest exporters of this product;
 * - continent: { continent, name } — they are in this continent.
 * `level` (0..3, distinct within a puzzle) is the group's difficulty and colour.
 */
export interface ConnectradeFact {
  kind: ConnectradeKind;
  params: Record<string, string>;
  level: ConnectradeLevel;
}

export interface ConnectradeGroup {
  members: ConnectradeTile[];
  fact: ConnectradeFact;
}

export interface ConnectradePuzzle {
  year: number;
  source: string;
  /** The sixteen countries, shuffled by the seed: nothing tells their groups. */
  tiles: ConnectradeTile[];
  maxMistakes: number;
}

export interface ConnectradeResult {
  correct: boolean;
  /** A wrong guess with three of its four tiles in one (unsolved) group. */
  oneAway: boolean;
}

export interface ConnectradeState {
  status: "playing" | "won" | "lost";
  mistakes: number;
  /** Groups found, in the order found. */
  solved: ConnectradeGroup[];
  /** One per guess, in order. */
  results: ConnectradeResult[];
  /** All four groups, by level: only once the game has ended. */
  groups?: ConnectradeGroup[];
}

export type ConnectradeError = "no_puzzle" | "not_a_tile" | "wrong_size" | "repeated_tile" | "already_solved" | "repeated_guess" | "too_many_moves";

// ---------------------------------------------------------------------------------------------
// Facts

/** A fact before localisation: `key` is the product, partner or continent id. */
interface RawFact {
  kind: ConnectradeKind;
  key: string;
  /** Every country of the pool that satisfies the fact (for topExporters, exactly four). */
  satisfiers: string[];
}

interface RawGroup {
  fact: RawFact;
  members: string[];
}

/** Easier kinds get the lower levels (yellow first); within a kind, the order of the draw. */
const KIND_RANK: Record<ConnectradeKind, number> = { continent: 0, topExport: 1, mainPartner: 2, topExporters: 3 };
/** How often each kind is drawn for a group. */
const KIND_WEIGHT: Record<ConnectradeKind, number> = { topExport: 3, mainPartner: 3, topExporters: 2, continent: 1 };
const KINDS: ConnectradeKind[] = ["topExport", "mainPartner", "topExporters", "continent"];

/** Whether a country satisfies a fact: the single definition used to build and to check puzzles. */
export function connectradeSatisfies(data: GameData, country: GameCountry, kind: ConnectradeKind, key: string): boolean {
  switch (kind) {
    case "topExport":
      return country.topProducts[0]?.id === key;
    case "mainPartner":
      return country.mainPartner === key;
    case "continent":
      return country.continent === key;
    case "topExporters":
      return topFourExporters(data, key)?.includes(country.id) ?? false;
  }
}

const topFourCache = new WeakMap<GameData, Map<string, string[] | null>>();

/** The four largest exporters of a product (null when it lists fewer, or repeats one). */
function topFourExporters(data: GameData, productId: string): string[] | null {
  let cache = topFourCache.get(data);
  if (!cache) {
    cache = new Map(
      data.products.map((product) => {
        const top = product.exporters.slice(0, CONNECTRADE_GROUP_SIZE).map((e) => e.id);
        return [product.id, top.length === CONNECTRADE_GROUP_SIZE && new Set(top).size === CONNECTRADE_GROUP_SIZE ? top : null];
      }),
    );
    topFourCache.set(data, cache);
  }
  return cache.get(productId) ?? null;
}

/** Countries a puzzle may show: solid exports and a known largest export. */
function tilePool(data: GameData): GameCountry[] {
  return data.countries.filter((c) => c.exports >= MIN_COUNTRY_EXPORTS && c.topProducts.length > 0);
}

/** Every fact shared by at least four countries of the pool, by kind (in the data's order). */
function candidateFacts(data: GameData, pool: GameCountry[]): Map<ConnectradeKind, RawFact[]> {
  const inPool = new Set(pool.map((c) => c.id));
  const productIds = new Set(data.products.map((p) => p.id));
  const countryIds = new Set(data.countries.map((c) => c.id));
  const continentIds = new Set(data.continents.map((c) => c.id));
  const groupBy = (kind: ConnectradeKind, keyOf: (c: GameCountry) => string | null | undefined, known: Set<string>): RawFact[] => {
    const byKey = new Map<string, string[]>();
    for (const c of pool) {
      const key = keyOf(c);
      if (key && known.has(key)) byKey.set(key, [...(byKey.get(key) ?? []), c.id]);
    }
    return [...byKey].filter(([, ids]) => ids.length >= CONNECTRADE_GROUP_SIZE).map(([key, satisfiers]) => ({ kind, key, satisfiers }));
  };
  const topExporters: RawFact[] = [];
  for (const product of data.products) {
    if (product.world < MIN_PRODUCT_TRADE) continue;
    const top = topFourExporters(data, product.id);
    // The fact must be true of the world's data: all four largest exporters are tiles the puzzle may show.
    if (top && top.every((id) => inPool.has(id))) topExporters.push({ kind: "topExporters", key: product.id, satisfiers: top });
  }
  return new Map<ConnectradeKind, RawFact[]>([
    ["topExport", groupBy("topExport", (c) => c.topProducts[0]?.id, productIds)],
    ["mainPartner", groupBy("mainPartner", (c) => c.mainPartner, countryIds)],
    ["topExporters", topExporters],
    ["continent", groupBy("continent", (c) => c.continent, continentIds)],
  ]);
}

function weightedKind(rand: Random, kinds: ConnectradeKind[]): ConnectradeKind {
  const total = kinds.reduce((s, k) => s + KIND_WEIGHT[k], 0);
  let r = rand() * total;
  for (const k of kinds) {
    r -= KIND_WEIGHT[k];
    if (r < 0) return k;
  }
  return kinds[kinds.length - 1];
}

/** The kinds of the four groups: at most one continent, at least two kinds when `variety`. */
function drawKinds(rand: Random, available: ConnectradeKind[], variety: boolean): ConnectradeKind[] {
  const kinds: ConnectradeKind[] = [];
  for (let i = 0; i < CONNECTRADE_GROUPS; i++) {
    let allowed = available.filter((k) => k !== "continent" || !kinds.includes("continent"));
    if (variety && i === CONNECTRADE_GROUPS - 1 && kinds.every((k) => k === kinds[0])) allowed = allowed.filter((k) => k !== kinds[0]);
    if (!allowed.length) allowed = available.filter((k) => k !== "continent");
    if (!allowed.length) return [];
    kinds.push(weightedKind(rand, allowed));
  }
  return kinds;
}

/** One attempt: the groups drawn one by one, each fact compatible with the tiles already placed. */
function attempt(rand: Random, data: GameData, byId: Map<string, GameCountry>, facts: Map<ConnectradeKind, RawFact[]>, kinds: ConnectradeKind[]): RawGroup[] | null {
  const groups: RawGroup[] = [];
  const satisfies = (id: string, fact: RawFact) => connectradeSatisfies(data, byId.get(id)!, fact.kind, fact.key);
  for (const kind of kinds) {
    let placed: RawGroup | null = null;
    for (const fact of shuffled(rand, facts.get(kind) ?? [])) {
      const tiles = groups.flatMap((g) => g.members);
      // No tile already placed may satisfy the new fact (it would belong to two groups)...
      if (tiles.some((id) => satisfies(id, fact))) continue;
      // ...and the new members must not satisfy the facts already drawn.
      const members = shuffled(rand, fact.satisfiers)
        .filter((id) => !tiles.includes(id) && !groups.some((g) => satisfies(id, g.fact)))
        .slice(0, CONNECTRADE_GROUP_SIZE);
      if (members.length < CONNECTRADE_GROUP_SIZE) continue;
      placed = { fact, members };
      break;
    }
    if (!placed) return null;
    groups.push(placed);
  }
  return groups;
}

/** The whole-puzzle check, independent of how the groups were drawn. */
function isValid(data: GameData, byId: Map<string, GameCountry>, groups: RawGroup[]): boolean {
  const tiles = groups.flatMap((g) => g.members);
  if (groups.length !== CONNECTRADE_GROUPS || tiles.length !== CONNECTRADE_GROUPS * CONNECTRADE_GROUP_SIZE) return false;
  if (new Set(tiles).size !== tiles.length || !tiles.every((id) => byId.has(id))) return false;
  if (new Set(groups.map((g) => `${g.fact.kind}|${g.fact.key}`)).size !== groups.length) return false;
  if (groups.filter((g) => g.fact.kind === "continent").length > 1) return false;
  return groups.every((g, i) =>
    tiles.every((id) => {
      const own = groups[i].members.includes(id);
      return connectradeSatisfies(data, byId.get(id)!, g.fact.kind, g.fact.key) === own;
    }),
  );
}

/** The groups of a seed's puzzle before localisation, by level; null when no valid one was found. */
function rawGroups(data: GameData, seed: number): RawGroup[] | null {
  const pool = tilePool(data);
  const byId = new Map(pool.map((c) => [c.id, c]));
  const facts = candidateFacts(data, pool);
  const available = KINDS.filter((k) => (facts.get(k)?.length ?? 0) > 0);
  if (!available.length) return null;
  const canVary = available.length >= 2;
  const rand = random(seed);
  for (let i = 0; i < CONNECTRADE_ATTEMPTS; i++) {
    // Prefer variety; the last quarter of the attempts accepts a single kind.
    const kinds = drawKinds(rand, available, canVary && i < (CONNECTRADE_ATTEMPTS * 3) / 4);
    if (kinds.length !== CONNECTRADE_GROUPS) continue;
    const groups = attempt(rand, data, byId, facts, kinds);
    if (groups && isValid(data, byId, groups)) {
      const rank = new Map(pool.map((c, k) => [c.id, k]));
      return groups
        .map((g, order) => ({ g, order }))
        .sort((a, b) => KIND_RANK[a.g.fact.kind] - KIND_RANK[b.g.fact.kind] || a.order - b.order)
        .map(({ g }) => ({ fact: g.fact, members: [...g.members].sort((a, b) => rank.get(a)! - rank.get(b)!) }));
    }
  }
  return null;
}

function localise(data: GameData, groups: RawGroup[], locale: Locale): ConnectradeGroup[] {
  const countries = new Map(data.countries.map((c) => [c.id, c]));
  const products = new Map(data.products.map((p) => [p.id, p]));
  const continents = new Map(data.continents.map((c) => [c.id, c]));
  const tile = (id: string): ConnectradeTile => ({ id, name: nameIn(countries.get(id)!.names, locale) });
  return groups.map((g, level) => {
    const { kind, key } = g.fact;
    const params: Record<string, string> =
      kind === "topExport" || kind === "topExporters"
        ? { product: key, name: nameIn(products.get(key)!.names, locale) }
        : kind === "mainPartner"
          ? { partner: key, name: nameIn(countries.get(key)!.names, locale) }
          : { continent: key, name: nameIn(continents.get(key)!.names, locale) };
    return { members: g.members.map(tile), fact: { kind, params, level: level as ConnectradeLevel } };
  });
}

// ---------------------------------------------------------------------------------------------
// Public API

/** The answer: the four groups with their facts, by level (0 easiest). Null when the seed has no valid puzzle. */
export function connectradeGroups(data: GameData, seed: number, locale: Locale = "en"): ConnectradeGroup[] | null {
  const groups = rawGroups(data, seed);
  return groups ? localise(data, groups, locale) : null;
}

/** The puzzle as shown: sixteen shuffled tiles, no group, no fact. */
export function connectradePuzzle(data: GameData, seed: number, locale: Locale): ConnectradePuzzle | null {
  const groups = connectradeGroups(data, seed, locale);
  if (!groups) return null;
  const tiles = shuffled(
    random((seed ^ 0x9e3779b9) >>> 0),
    groups.flatMap((g) => g.members),
  );
  return { year: data.year, source: data.source, tiles, maxMistakes: CONNECTRADE_MISTAKES };
}

/** The state after these guesses (each four tile ids, in order played), or what is wrong with them. */
export function connectradePlay(
  data: GameData,
  seed: number,
  moves: readonly (readonly string[])[],
  locale: Locale,
): ConnectradeState | { error: ConnectradeError; value?: string } {
  const groups = connectradeGroups(data, seed, locale);
  if (!groups) return { error: "no_puzzle" };
  const groupOf = new Map(groups.flatMap((g, i) => g.members.map((m) => [m.id, i] as const)));
  const solved: ConnectradeGroup[] = [];
  const results: ConnectradeResult[] = [];
  const wrongGuesses = new Set<string>();
  let mistakes = 0;
  const ended = () => mistakes >= CONNECTRADE_MISTAKES || solved.length === groups.length;
  for (const guess of moves) {
    if (ended()) return { error: "too_many_moves" };
    if (!Array.isArray(guess) || guess.length !== CONNECTRADE_GROUP_SIZE) return { error: "wrong_size", value: String(Array.isArray(guess) ? guess.length : 0) };
    const seen = new Set<string>();
    for (const id of guess) {
      if (typeof id !== "string" || !groupOf.has(id)) return { error: "not_a_tile", value: String(id) };
      if (seen.has(id)) return { error: "repeated_tile", value: id };
      seen.add(id);
      if (solved.includes(groups[groupOf.get(id)!])) return { error: "already_solved", value: id };
    }
    const counts = new Map<number, number>();
    for (const id of guess) counts.set(groupOf.get(id)!, (counts.get(groupOf.get(id)!) ?? 0) + 1);
    const best = Math.max(...counts.values());
    if (best === CONNECTRADE_GROUP_SIZE) {
      solved.push(groups[groupOf.get(guess[0])!]);
      results.push({ correct: true, oneAway: false });
      continue;
    }
    const key = [...guess].sort().join("|");
    if (wrongGuesses.has(key)) return { error: "repeated_guess", value: key };
    wrongGuesses.add(key);
    mistakes++;
    results.push({ correct: false, oneAway: best === CONNECTRADE_GROUP_SIZE - 1 });
  }
  const status = solved.length === groups.length ? "won" : mistakes >= CONNECTRADE_MISTAKES ? "lost" : "playing";
  return { status, mistakes, solved, results, ...(status !== "playing" ? { groups } : {}) };
}

const SQUARES = ["🟨", "🟩", "🟦", "🟪"] as const;

/**
 * A result to share: one row of four squares per guess, coloured by the level of each tile's group,
 * never a name. The groups are known once the game has ended; before, tiles outside the solved
 * groups show as ⬜.
 */
export function connectradeShareText(title: string, puzzleLabel: string, state: ConnectradeState, moves: readonly (readonly string[])[]): string {
  const levels = new Map((state.groups ?? state.solved).flatMap((g) => g.members.map((m) => [m.id, g.fact.level] as const)));
  const rows = moves.slice(0, state.results.length).map((guess) => guess.map((id) => (levels.has(id) ? SQUARES[levels.get(id)!] : "⬜")).join(""));
  return `${title} ${puzzleLabel}\n${rows.join("\n")}`;
}
