/**
 * Finding English where a visitor reads Spanish or Chinese (issue 39): the pure half of the scan of
 * rendered pages (tests/e2e/untranslated.spec.ts) and of the message files' own test.
 *
 * - `untranslatedPhrases(en, other)`: the English message texts long enough to be telling (at least
 *   two words and twelve characters between placeholders) whose key reads differently in the other
 *   language; any of them on a Spanish or Chinese page is an untranslated string.
 * - `englishLeaks(text, phrases)`: which of them a page's visible text holds.
 * - `latinRuns(text)`: on a Chinese page, runs of three or more Latin words, less codes, units,
 *   acronyms and names (`LATIN_ALLOWED`, plus names the caller knows from the data).
 * - `sameInEveryLanguage(value, locale)`: whether a message may read the same as in English
 *   (placeholders, punctuation, codes and brand names only; a few loanwords Spanish shares).
 */
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

export type MessageTree = { [key: string]: string | MessageTree };

/** Every message by its dotted key. */
export function flattenMessages(tree: MessageTree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flattenMessages(value, path)) out.set(k, v);
  }
  return out;
}

/**
 * The literal stretches of an ICU message: the text between placeholders, tags and the edges of
 * plural and select branches (each branch's own words are stretches too). `#` ends a stretch.
 */
export function literalFragments(message: string): string[] {
  let elements: MessageFormatElement[];
  try {
    elements = parse(message, { ignoreTag: false });
  } catch {
    return message.split(/\{[^{}]*\}|<[^<>]*>/).map((s) => s.trim()).filter(Boolean);
  }
  const fragments: string[] = [];
  let current = "";
  const flush = () => {
    if (current.trim()) fragments.push(current.trim());
    current = "";
  };
  const walk = (list: MessageFormatElement[]) => {
    for (const element of list) {
      if (element.type === TYPE.literal) {
        current += element.value;
        continue;
      }
      flush();
      if (element.type === TYPE.tag) {
        walk(element.children);
        flush();
      }
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) {
          walk(option.value);
          flush();
        }
      }
    }
  };
  walk(elements);
  flush();
  return fragments;
}

const WORD = /\p{L}[\p{L}\p{M}'’-]*/gu;

function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Whitespace collapsed and lowercased: how page text and phrases are compared. */
export function normaliseText(text: string): string {
  return text.replace(/\s+/g, " ").trim().toLowerCase();
}

export interface PhraseOptions {
  minWords?: number;
  minChars?: number;
}

/**
 * English fragments that must not appear on a page in the other language: from every key whose
 * translation differs from the English, the fragments of at least `minWords` words and `minChars`
 * characters that the translated file does not itself use anywhere (a name kept on purpose).
 */
export function untranslatedPhrases(en: MessageTree, translated: MessageTree, options: PhraseOptions = {}): string[] {
  const { minWords = 2, minChars = 12 } = options;
  const other = flattenMessages(translated);
  const otherText = normaliseText([...other.values()].join("\n"));
  const phrases = new Set<string>();
  for (const [key, value] of flattenMessages(en)) {
    if (other.get(key) === value) continue;
    for (const fragment of literalFragments(value)) {
      const phrase = fragment.replace(/\s+/g, " ").replace(/^[\s\p{P}]+|[\s:;,(]+$/gu, "");
      if (phrase.length < minChars || words(phrase).length < minWords) continue;
      if (otherText.includes(normaliseText(phrase))) continue;
      phrases.add(phrase);
    }
  }
  return [...phrases].sort((a, b) => a.localeCompare(b, "en"));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The phrases `text` holds as whole words (case and spacing ignored). */
export function englishLeaks(text: string, phrases: readonly string[]): string[] {
  const haystack = normaliseText(text);
  return phrases.filter((phrase) => {
    const needle = normaliseText(phrase);
    if (!haystack.includes(needle)) return false;
    return new RegExp(`(?<![\\p{Script=Latin}\\p{Nd}])${escapeRegExp(needle)}(?![\\p{Script=Latin}\\p{Nd}])`, "u").test(haystack);
  });
}

/**
 * Codes, units, acronyms and names that read the same in every language: they never make a run
 * of English on a Chinese page, and a message made only of them may equal its English.
 */
export const LATIN_ALLOWED: readonly string[] = [
  "HS", "HS2", "HS4", "HS6", "HS92", "HS96", "HS02", "HS07", "HS12", "HS17", "HS22", "SITC", "SITC4", "ISO", "ISO3",
  "USD", "AUD", "US", "km", "kg", "ECI", "PCI", "RCA", "GDP", "CSV", "JSON", "PNG", "SVG", "API", "URL", "SHA", "gzip", "Parquet",
  "OEC", "PRO", "PREMIUM", "BACI", "CEPII", "Comtrade", "UN", "WITS", "OTS",
  "curl", "Python", "R", "JavaScript", "Tradle", "Connectrade", "Export Hold'em", "Open Trade Statistics", "Open Trade Observatory", "World Bank Open Data",
];

/**
 * Words a language writes as English does, for messages that may read the same: Spanish loanwords
 * ("total" is Spanish too) and "Cookie", the term Chinese interfaces use as it is.
 */
const SAME_WORDS: Record<string, readonly string[]> = { es: ["Total", "total", "Blog", "Cookie", "Cookies"], zh: ["Cookie"] };

/** Whether a message may read exactly as in English: nothing in it but placeholders, punctuation, numbers, codes and names. */
export function sameInEveryLanguage(value: string, locale: string): boolean {
  const allowed = [...LATIN_ALLOWED, ...(SAME_WORDS[locale] ?? [])].sort((a, b) => b.length - a.length);
  let rest = literalFragments(value).join(" ");
  for (const name of allowed) rest = rest.replace(new RegExp(`(?<![\\p{Script=Latin}\\p{Nd}])${escapeRegExp(name)}(?![\\p{Script=Latin}\\p{Nd}])`, "gu"), " ");
  return words(rest).length === 0;
}

export interface LatinRunOptions {
  /** Names from the data (products, brands) and anything else that may stand as it is. */
  allowed?: Iterable<string>;
  /** How many Latin words in a row count as English (3). */
  minWords?: number;
}

/**
 * Runs of `minWords` or more Latin words in a row, separated by spaces only (a line break, a
 * number, a Chinese character or an allowed code or name ends a run). For Chinese pages.
 */
export function latinRuns(text: string, options: LatinRunOptions = {}): string[] {
  const minWords = options.minWords ?? 3;
  const names = [...LATIN_ALLOWED, ...(options.allowed ?? [])].filter((n) => n.trim()).sort((a, b) => b.length - a.length);
  let rest = text;
  for (const name of names) rest = rest.replace(new RegExp(`(?<![\\p{Script=Latin}\\p{Nd}])${escapeRegExp(name)}(?![\\p{Script=Latin}\\p{Nd}])`, "gu"), "\n");
  const runs: string[] = [];
  for (const match of rest.matchAll(/[A-Za-z][A-Za-z'’-]*(?:[ \t\u00a0]+[A-Za-z][A-Za-z'’-]*)*/g)) {
    if (match[0].split(/[ \t\u00a0]+/).length >= minWords) runs.push(match[0]);
  }
  return runs;
}
