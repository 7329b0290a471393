/**
 * Pick 5: name the top five exports of a country (or the top five exporters of a product) from
 * twelve shuffled candidates, largest first, in one submission. The true top five is revealed with
 * values and shares afterwards (the page draws a small chart from them).
 *
 * Scoring: each of the five picks earns 2 points when it is in the true top five at exactly the
 * rank it was picked at, 1 point when it is in the top five at another rank, 0 otherwise; the
 * maximum is 10 and a game is won at PICK5_WIN_SCORE points or more.
 */
import type { Locale } from "@/domain/i18n/locales";
import { MIN_COUNTRY_EXPORTS, MIN_PRODUCT_TRADE, nameIn, type GameData, type Names } from "./data";
import { random, randomInt, sample, shuffled, type Random } from "./random";

export const PICK5_PICKS = 5;
export const PICK5_CANDIDATES = 12;
export const PICK5_MAX_SCORE = 10;
export const PICK5_WIN_SCORE = 7;
/** Subjects need at least this many ranked items (top products / exporters) to be drawn. */
export const PICK5_MIN_RANKED = 8;

export type Pick5Kind = "country" | "product";

/** The public puzzle: no answer, no values, candidates in random order. */
export interface Pick5Puzzle {
  kind: Pick5Kind;
  year: number;
  source: string;
  subject: { id: string; name: string };
  /** HS4 products (kind "country") or countries (kind "product"), in the page's language. */
  candidates: { id: string; name: string }[];
}

export interface Pick5Pick {
  id: string;
  name: string;
  points: number;
  /** Rank (1-5) of the pick in the true top five, null when it is not in it. */
  trueRank: number | null;
}

export interface Pick5State {
  status: "won" | "lost";
  score: number;
  max: number;
  picks: Pick5Pick[];
  /** The true top five, largest first: value in USD, share of the subject's total (0-1). */
  answer: { id: string; name: string; value: number; share: number }[];
}

/** Everything a puzzle is built from, answer included (server side and tests only). */
export interface Pick5Answer {
  kind: Pick5Kind;
  subject: { id: string; names: Names };
  /** The subject's total: the country's exports, or world exports of the product (USD). */
  total: number;
  /** The true top five, largest first. */
  top: { id: string; names: Names; value: number }[];
  /** The twelve candidates, in the puzzle's (shuffled) order. */
  candidates: { id: string; names: Names }[];
}

export type Pick5Error = "not_a_candidate" | "repeated_pick" | "wrong_count";

const idNames = (id: string): Names => ({ en: id, es: id, zh: id });

/** Countries a puzzle may be about: solid exports and enough products to rank. */
export function pick5Countries(data: GameData) {
  return data.countries.filter((c) => c.exports >= MIN_COUNTRY_EXPORTS && c.topProducts.length >= PICK5_MIN_RANKED);
}

/** Products a puzzle may be about: solid world trade and enough exporters to rank (never HS 99xx). */
export function pick5Products(data: GameData) {
  return data.products.filter((p) => p.world >= MIN_PRODUCT_TRADE && p.exporters.length >= PICK5_MIN_RANKED && !p.id.startsWith("99"));
}

/**
 * Seven decoys: a few from just below the top five (`near`), the rest from the big items of the
 * world (`big`), then whatever remains of both and finally of `all`, never an excluded id.
 */
function decoys(rand: Random, near: readonly string[], big: readonly string[], all: readonly string[], exclude: ReadonlySet<string>): string[] {
  const count = PICK5_CANDIDATES - PICK5_PICKS;
  const out: string[] = [];
  const taken = new Set(exclude);
  const take = (ids: readonly string[], limit: number) => {
    for (const id of ids) {
      if (out.length >= limit) return;
      if (taken.has(id)) continue;
      taken.add(id);
      out.push(id);
    }
  };
  const nearShuffled = shuffled(rand, near);
  take(nearShuffled, 3 + randomInt(rand, 3)); // three to five from ranks 6 and below
  take(sample(rand, big, big.length), count);
  take(nearShuffled, count);
  take(all, count);
  return out;
}

/** The puzzle of a seed with its answer, or null when the data has no subject to draw. */
export function pick5Answer(data: GameData, seed: number): Pick5Answer | null {
  const rand = random(seed);
  const countries = pick5Countries(data);
  const products = pick5Products(data);
  if (!countries.length && !products.length) return null;
  const kind: Pick5Kind = !products.length ? "country" : !countries.length ? "product" : rand() < 0.5 ? "country" : "product";
  const productById = new Map(data.products.map((p) => [p.id, p]));
  const countryById = new Map(data.countries.map((c) => [c.id, c]));

  if (kind === "country") {
    const subject = countries[randomInt(rand, countries.length)];
    const ranked = subject.topProducts.filter((p) => !p.id.startsWith("99"));
    const top = ranked.slice(0, PICK5_PICKS);
    const exclude = new Set([subject.id, ...top.map((p) => p.id)]);
    const known = (id: string) => productById.has(id) && !id.startsWith("99");
    const near = ranked.slice(PICK5_PICKS, 20).map((p) => p.id).filter(known);
    const all = data.products.map((p) => p.id).filter(known);
    const chosen = decoys(rand, near, all.slice(0, 30), all, exclude);
    const names = (id: string) => productById.get(id)?.names ?? data.productInfo[id]?.names ?? idNames(id);
    return {
      kind,
      subject: { id: subject.id, names: subject.names },
      total: subject.exports,
      top: top.map((p) => ({ id: p.id, names: names(p.id), value: p.value })),
      candidates: shuffled(rand, [...top.map((p) => p.id), ...chosen]).map((id) => ({ id, names: names(id) })),
    };
  }

  const subject = products[randomInt(rand, products.length)];
  const top = subject.exporters.slice(0, PICK5_PICKS);
  const exclude = new Set([subject.id, ...top.map((e) => e.id)]);
  const near = subject.exporters.slice(PICK5_PICKS, 12).map((e) => e.id).filter((id) => countryById.has(id));
  const solid = data.countries.filter((c) => c.exports >= MIN_COUNTRY_EXPORTS).map((c) => c.id);
  const chosen = decoys(rand, near, solid.slice(0, 30), data.countries.map((c) => c.id), exclude);
  const names = (id: string) => countryById.get(id)?.names ?? idNames(id);
  return {
    kind,
    subject: { id: subject.id, names: subject.names },
    total: subject.world,
    top: top.map((e) => ({ id: e.id, names: names(e.id), value: e.value })),
    candidates: shuffled(rand, [...top.map((e) => e.id), ...chosen]).map((id) => ({ id, names: names(id) })),
  };
}

export function pick5Puzzle(data: GameData, seed: number, locale: Locale): Pick5Puzzle | null {
  const answer = pick5Answer(data, seed);
  if (!answer) return null;
  return {
    kind: answer.kind,
    year: data.year,
    source: data.source,
    subject: { id: answer.subject.id, name: nameIn(answer.subject.names, locale) },
    candidates: answer.candidates.map((c) => ({ id: c.id, name: nameIn(c.names, locale) })),
  };
}

/** Points of a pick at `rank` (0-based) whose true rank is `trueRank` (0-based, -1 outside the top five). */
export const pick5Points = (rank: number, trueRank: number) => (trueRank < 0 ? 0 : trueRank === rank ? 2 : 1);

/** The state after the submission (five candidate ids, largest first), or what is wrong with it. */
export function pick5Play(data: GameData, seed: number, moves: readonly string[], locale: Locale): Pick5State | { error: Pick5Error; value?: string } {
  const answer = pick5Answer(data, seed);
  if (!answer) return { error: "not_a_candidate" };
  if (!Array.isArray(moves) || moves.length !== PICK5_PICKS) return { error: "wrong_count" };
  const candidates = new Map(answer.candidates.map((c) => [c.id, c]));
  const seen = new Set<string>();
  const picks: Pick5Pick[] = [];
  for (const [rank, id] of moves.entries()) {
    const candidate = typeof id === "string" ? candidates.get(id) : undefined;
    if (!candidate) return { error: "not_a_candidate", value: String(id) };
    if (seen.has(id)) return { error: "repeated_pick", value: id };
    seen.add(id);
    const trueRank = answer.top.findIndex((t) => t.id === id);
    picks.push({ id, name: nameIn(candidate.names, locale), points: pick5Points(rank, trueRank), trueRank: trueRank < 0 ? null : trueRank + 1 });
  }
  const score = picks.reduce((s, p) => s + p.points, 0);
  return {
    status: score >= PICK5_WIN_SCORE ? "won" : "lost",
    score,
    max: PICK5_MAX_SCORE,
    picks,
    answer: answer.top.map((t) => ({ id: t.id, name: nameIn(t.names, locale), value: t.value, share: answer.total > 0 ? t.value / answer.total : 0 })),
  };
}

const SQUARES = ["⬜", "🟨", "🟩"] as const;

/** A result to share: "Pick 5 <label> 7/10" and one square per pick (🟩 2, 🟨 1, ⬜ 0), no names. */
export function pick5ShareText(title: string, puzzleLabel: string, state: Pick5State): string {
  return `${title} ${puzzleLabel} ${state.score}/${state.max}\n${state.picks.map((p) => SQUARES[p.points] ?? SQUARES[0]).join("")}`;
}
