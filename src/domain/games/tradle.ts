/**
 * Tradle: guess the country from the treemap of its exports. Six guesses; each wrong one shows how
 * far the guess is from the answer, in which direction, and how close (100% at the answer).
 */
import type { Locale } from "@/domain/i18n/locales";
import { MIN_COUNTRY_EXPORTS, nameIn, type GameCountry, type GameData } from "./data";
import { bearing, compass, distanceKm, proximity, type Direction } from "./geo";
import { randomInt, random } from "./random";

export const TRADLE_GUESSES = 6;

export interface TradlePuzzle {
  year: number;
  source: string;
  maxGuesses: number;
  /** The answer's exports by HS4 (no country named), largest first. */
  products: { id: string; section: string; name: string; value: number }[];
  sections: { id: string; name: string; color: string | null }[];
  /** Every country a guess may name, in the page's language. */
  countries: { id: string; name: string }[];
}

export interface TradleGuess {
  id: string;
  name: string;
  correct: boolean;
  km: number;
  direction: Direction | null;
  proximity: number;
}

export interface TradleState {
  guesses: TradleGuess[];
  status: "playing" | "won" | "lost";
  /** Only once the game has ended. */
  answer?: { id: string; name: string; exports: number };
}

/** Countries a puzzle may hide: solid exports, a place on the map, enough products to recognise. */
export function tradleCandidates(data: GameData): GameCountry[] {
  return data.countries.filter((c) => c.exports >= MIN_COUNTRY_EXPORTS && c.lat !== null && c.lon !== null && c.topProducts.length >= 5);
}

export function tradleAnswer(data: GameData, seed: number): GameCountry | null {
  const candidates = tradleCandidates(data);
  return candidates.length ? candidates[randomInt(random(seed), candidates.length)] : null;
}

export function tradlePuzzle(data: GameData, seed: number, locale: Locale): TradlePuzzle | null {
  const answer = tradleAnswer(data, seed);
  if (!answer) return null;
  const products = answer.topProducts.map((p) => {
    const product = data.productInfo[p.id];
    return { id: p.id, section: product?.section ?? "", name: product ? nameIn(product.names, locale) : p.id, value: p.value };
  });
  const used = new Set(products.map((p) => p.section));
  return {
    year: data.year,
    source: data.source,
    maxGuesses: TRADLE_GUESSES,
    products,
    sections: data.sections.filter((s) => used.has(s.id)).map((s) => ({ id: s.id, name: nameIn(s.names, locale), color: s.color })),
    countries: data.countries.filter((c) => c.lat !== null).map((c) => ({ id: c.id, name: nameIn(c.names, locale) })),
  };
}

export type TradleError = "unknown_country" | "repeated_guess" | "too_many_guesses";

/** The state after these guesses (country ids, in order), or what is wrong with them. */
export function tradlePlay(data: GameData, seed: number, guesses: readonly string[], locale: Locale): TradleState | { error: TradleError; value?: string } {
  const answer = tradleAnswer(data, seed);
  if (!answer) return { error: "unknown_country" };
  if (guesses.length > TRADLE_GUESSES) return { error: "too_many_guesses" };
  const byId = new Map(data.countries.filter((c) => c.lat !== null).map((c) => [c.id, c]));
  const seen = new Set<string>();
  const out: TradleGuess[] = [];
  for (const id of guesses) {
    const country = byId.get(id);
    if (!country) return { error: "unknown_country", value: id };
    if (seen.has(id)) return { error: "repeated_guess", value: id };
    seen.add(id);
    const correct = id === answer.id;
    const km = correct ? 0 : Math.round(distanceKm(country as { lat: number; lon: number }, answer as { lat: number; lon: number }));
    out.push({
      id,
      name: nameIn(country.names, locale),
      correct,
      km,
      direction: correct ? null : compass(bearing(country as { lat: number; lon: number }, answer as { lat: number; lon: number })),
      proximity: correct ? 100 : proximity(km),
    });
    if (correct) break;
  }
  const won = out.some((g) => g.correct);
  const status = won ? "won" : out.length >= TRADLE_GUESSES ? "lost" : "playing";
  return { guesses: out, status, ...(status !== "playing" ? { answer: { id: answer.id, name: nameIn(answer.names, locale), exports: answer.exports } } : {}) };
}

const ARROWS: Record<Direction, string> = { N: "⬆️", NE: "↗️", E: "➡️", SE: "↘️", S: "⬇️", SW: "↙️", W: "⬅️", NW: "↖️" };

/** A result to share: squares for proximity and arrows, never a country name. */
export function tradleShareText(title: string, puzzleLabel: string, state: TradleState): string {
  const rows = state.guesses.map((g) => {
    const green = Math.floor(g.proximity / 20);
    return `${"🟩".repeat(green)}${"⬜".repeat(5 - green)}${g.correct ? "🎉" : ARROWS[g.direction!]}`;
  });
  return `${title} ${puzzleLabel} ${state.status === "won" ? state.guesses.length : "X"}/${TRADLE_GUESSES}\n${rows.join("\n")}`;
}
