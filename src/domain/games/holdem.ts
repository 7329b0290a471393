/**
 * Export Hold'em: two countries face off over five product cards. Each round a product is revealed
 * (name, section) and the player bets some of their chips on the country that exports more of it;
 * a win adds the bet, a loss takes it, a tie gives it back. Chips carry over the rounds; the values
 * (with the year and source of the puzzle) are revealed only once a round has been played.
 */
import type { Locale } from "@/domain/i18n/locales";
import { MIN_COUNTRY_EXPORTS, nameIn, type GameCountry, type GameData, type GameProduct } from "./data";
import { random, randomInt, sample, shuffled } from "./random";

export const HOLDEM_ROUNDS = 5;
/**
 * The chips a player starts with. The game is won by ending the five rounds with more than this
 * (a profit); ending with exactly this or less, or going bust (0 chips) on the way, loses.
 */
export const HOLDEM_START = 100;
/** A pair of countries is dealt only when both export at least this many of the game's products. */
export const HOLDEM_MIN_SHARED = HOLDEM_ROUNDS;

export type HoldemSide = "a" | "b";
export type HoldemWinner = HoldemSide | "tie";

export interface HoldemPuzzle {
  year: number;
  source: string;
  countries: [{ id: string; name: string }, { id: string; name: string }];
  /** The product cards, in round order: never a value. */
  rounds: { product: { id: string; name: string; section: { id: string; name: string; color: string | null } } }[];
  startChips: number;
}

export interface HoldemMove {
  side: HoldemSide;
  bet: number;
}

export interface HoldemPlayed {
  product: { id: string; name: string };
  side: HoldemSide;
  bet: number;
  /** Exports of the product that year (USD) by A and B: 0 when absent from the data. */
  values: { a: number; b: number };
  winner: HoldemWinner;
  chipsAfter: number;
}

export interface HoldemState {
  status: "playing" | "won" | "lost";
  chips: number;
  /** Index of the next round (the number of rounds played). */
  round: number;
  played: HoldemPlayed[];
}

export type HoldemError = "no_puzzle" | "invalid_bet" | "invalid_side" | "too_many_moves";

/** The hidden deal: the two countries and each round's product with both values (tests, server). */
export interface HoldemDeal {
  a: GameCountry;
  b: GameCountry;
  rounds: { product: GameProduct; values: { a: number; b: number }; winner: HoldemWinner }[];
}

/** Countries a deal may draw: solid exports and a basket large enough to share products. */
export function holdemCandidates(data: GameData): GameCountry[] {
  return data.countries.filter((c) => c.exports >= MIN_COUNTRY_EXPORTS && c.topProducts.length >= HOLDEM_MIN_SHARED);
}

/** What each country exports of each product, from both sides of the data (absent: 0). */
function exportValues(data: GameData): (country: string, product: string) => number {
  const values = new Map<string, number>();
  const put = (country: string, product: string, value: number) => {
    const key = `${country}|${product}`;
    values.set(key, Math.max(values.get(key) ?? 0, value));
  };
  for (const p of data.products) for (const e of p.exporters) put(e.id, p.id, e.value);
  for (const c of data.countries) for (const t of c.topProducts) put(c.id, t.id, t.value);
  return (country, product) => values.get(`${country}|${product}`) ?? 0;
}

const winnerOf = (values: { a: number; b: number }): HoldemWinner => (values.a > values.b ? "a" : values.b > values.a ? "b" : "tie");

/**
 * The deal of a seed: countries A and B (random order) sharing at least HOLDEM_MIN_SHARED products,
 * each side winning at least one of the products either exports (so the bets are not trivial), and
 * five distinct product cards drawn mostly from the shared ones, with at least one won by each side.
 * Null when the data has no such pair.
 */
export function holdemDeal(data: GameData, seed: number): HoldemDeal | null {
  const rand = random(seed);
  const candidates = shuffled(rand, holdemCandidates(data));
  const value = exportValues(data);
  const products = data.products;
  for (let i = 0; i < candidates.length; i++) {
    const a = candidates[i];
    const aProducts = new Set(products.filter((p) => value(a.id, p.id) > 0).map((p) => p.id));
    if (aProducts.size < HOLDEM_MIN_SHARED) continue;
    for (let j = i + 1; j < candidates.length; j++) {
      const b = candidates[j];
      const cards = products
        .map((product) => {
          const values = { a: value(a.id, product.id), b: value(b.id, product.id) };
          return { product, values, winner: winnerOf(values) };
        })
        .filter((r) => r.values.a > 0 || r.values.b > 0);
      const shared = cards.filter((r) => r.values.a > 0 && r.values.b > 0);
      if (shared.length < HOLDEM_MIN_SHARED) continue;
      const aWins = cards.filter((r) => r.winner === "a");
      const bWins = cards.filter((r) => r.winner === "b");
      if (!aWins.length || !bWins.length) continue;
      const rounds = sample(rand, shared, HOLDEM_ROUNDS);
      // Not every round lopsided: when one side wins all the cards, swap one for a win of the other.
      for (const side of ["a", "b"] as const) {
        if (rounds.some((r) => r.winner === side)) continue;
        const wins = side === "a" ? aWins : bWins;
        const sharedWins = wins.filter((r) => r.values.a > 0 && r.values.b > 0);
        const pool = sharedWins.length ? sharedWins : wins;
        // Replace a tie or a card of a side that keeps another win, never the other side's only win.
        const count = (w: HoldemWinner) => rounds.filter((r) => r.winner === w).length;
        const replaceable = rounds.map((r, k) => k).filter((k) => rounds[k].winner === "tie" || count(rounds[k].winner) > 1);
        rounds[replaceable[randomInt(rand, replaceable.length)]] = pool[randomInt(rand, pool.length)];
      }
      return { a, b, rounds };
    }
  }
  return null;
}

/** The puzzle a player sees: the countries and the product cards, without values. */
export function holdemPuzzle(data: GameData, seed: number, locale: Locale): HoldemPuzzle | null {
  const deal = holdemDeal(data, seed);
  if (!deal) return null;
  const sections = new Map(data.sections.map((s) => [s.id, s]));
  return {
    year: data.year,
    source: data.source,
    countries: [
      { id: deal.a.id, name: nameIn(deal.a.names, locale) },
      { id: deal.b.id, name: nameIn(deal.b.names, locale) },
    ],
    rounds: deal.rounds.map(({ product }) => {
      const section = sections.get(product.section);
      return {
        product: {
          id: product.id,
          name: nameIn(product.names, locale),
          section: { id: product.section, name: section ? nameIn(section.names, locale) : product.section, color: section?.color ?? null },
        },
      };
    }),
    startChips: HOLDEM_START,
  };
}

/** The state after these moves (in round order), or what is wrong with them. */
export function holdemPlay(
  data: GameData,
  seed: number,
  moves: readonly HoldemMove[],
  locale: Locale,
): HoldemState | { error: HoldemError; value?: string } {
  const deal = holdemDeal(data, seed);
  if (!deal) return { error: "no_puzzle" };
  if (moves.length > deal.rounds.length) return { error: "too_many_moves" };
  let chips = HOLDEM_START;
  const played: HoldemPlayed[] = [];
  for (const move of moves) {
    if (chips <= 0) return { error: "too_many_moves" };
    const side: unknown = (move as Partial<HoldemMove> | null)?.side;
    if (side !== "a" && side !== "b") return { error: "invalid_side", value: String(side) };
    const bet: unknown = (move as Partial<HoldemMove>).bet;
    if (typeof bet !== "number" || !Number.isInteger(bet) || bet < 1 || bet > chips) return { error: "invalid_bet", value: String(bet) };
    const round = deal.rounds[played.length];
    chips += round.winner === "tie" ? 0 : round.winner === side ? bet : -bet;
    played.push({
      product: { id: round.product.id, name: nameIn(round.product.names, locale) },
      side,
      bet,
      values: { ...round.values },
      winner: round.winner,
      chipsAfter: chips,
    });
  }
  const over = chips <= 0 || played.length >= deal.rounds.length;
  const status = !over ? "playing" : chips > HOLDEM_START ? "won" : "lost";
  return { status, chips, round: played.length, played };
}

/** A result to share: the chips and one mark per round played, never a country, product or value. */
export function holdemShareText(title: string, puzzleLabel: string, state: HoldemState, chipsWord = "chips"): string {
  const marks = state.played.map((p) => (p.winner === "tie" ? "➖" : p.winner === p.side ? "✅" : "❌"));
  return `${title} ${puzzleLabel} ${state.chips} ${chipsWord}\n${marks.join("")}`;
}
