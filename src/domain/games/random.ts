/**
 * Deterministic randomness for puzzles: the same seed gives the same puzzle on every server and
 * every day it is asked, so a daily puzzle is the same for every player without being stored.
 */
import { seededRandom } from "@/domain/random";

/** FNV-1a: a 32-bit hash of a text (the seed of a daily puzzle). */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export type Random = () => number;

/** mulberry32 (domain/random): a small, fast generator of numbers in [0, 1). */
export const random = (seed: number): Random => seededRandom(seed);

/** A whole number in [0, n). */
export const randomInt = (rand: Random, n: number) => Math.floor(rand() * n);

/** A copy in random order (Fisher-Yates). */
export function shuffled<T>(rand: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(rand, i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** `count` distinct items drawn at random (all of them, shuffled, when there are fewer). */
export function sample<T>(rand: Random, items: readonly T[], count: number): T[] {
  return shuffled(rand, items).slice(0, count);
}
