/**
 * Reads a question in English, Spanish or Chinese: the places and product it names (looked up in
 * a dictionary the server builds from the profile search index), the flow, the years, and the
 * words that say what it asks. Pure: the dictionary is passed in. What the question means once
 * the conversation is taken into account is decided by plan.ts.
 *
 * Chinese has no spaces: every Chinese character is its own token, and names are found by
 * scanning each run of characters for the longest substring the dictionary knows.
 */
import { fold } from "@/domain/format/fold";
import { FLOW_PATTERNS, FOLLOW_UP, HAN_FILLERS, SINGLE_HAN_NAMES, INDEX_PATTERNS, INTENT_PATTERNS, PAIR_MARKERS, PARTNER_MARKERS, PRODUCT_WORDS, PRONOUN, STOPWORDS, type IntentTag } from "./lexicon";
import { MAX_QUESTION_LENGTH, type ChatEntity, type ChatFlow } from "./types";

export interface DictionaryHit {
  entity: ChatEntity;
  /** Found through a code or an abbreviation of three letters or fewer: only counts when typed in capitals. */
  short: boolean;
}

/** Entity look-ups the parser needs; phrases are folded words joined by one space (Chinese: no spaces). */
export interface EntityDictionary {
  /** Entities whose name, alias or code is exactly this phrase, best first. */
  exact(phrase: string): DictionaryHit[];
  /** The entity a mistyped phrase most likely means ("chlie" -> Chile), or null. */
  fuzzy(phrase: string): ChatEntity | null;
}

export type ChatIndex = "eci" | "pci" | "trade";

export interface ParsedQuestion {
  /** What the words ask for, in the order the lexicon ranks them (strongest first). */
  tags: IntentTag[];
  places: ChatEntity[];
  products: ChatEntity[];
  flow: ChatFlow | null;
  year: number | null;
  /** A range; `to` null: "since 2000" (up to the newest year). */
  range: { from: number; to: number | null } | null;
  index: ChatIndex | null;
  /** The second place is the first one's partner ("Chile to China"), not a second subject. */
  partner: boolean;
  /** Looks like the continuation of a previous question ("and imports?", "y Perú?", "2010年呢？"). */
  followUp: boolean;
  /** Refers to the previous place with a pronoun ("its", "su", "它"). */
  pronoun: boolean;
  /** Some words were understood (an entity, a year, a flow or an intent; a bare "what" is not enough). */
  understood: boolean;
}

interface Token {
  /** Folded text. */
  text: string;
  /** As typed (for codes in capitals). */
  orig: string;
  han: boolean;
  start: number;
  end: number;
  used: boolean;
}

const HAN = /\p{Script=Han}/u;
const YEAR = /(?<!\d)(19\d\d|20\d\d)(?!\d)/g;
const YEAR_SRC = "(19\\d\\d|20\\d\\d)";
const RANGE = new RegExp(
  `${YEAR_SRC}\\s*年?\\s*(?:and|y|to|a|al|hasta|until|till|through|thru|-|–|—|~|到|至|和|与)\\s*${YEAR_SRC}`,
  "u",
);
const SINCE = new RegExp(`(?:since|from|starting|after|desde|a partir de|despues de|自|从)\\s*${YEAR_SRC}|${YEAR_SRC}\\s*年?\\s*(?:以来|起|开始|至今|之后|以后)`, "u");

/** Tokens: Latin words (folded, possessive "'s" dropped) and single Chinese characters. */
function tokenize(question: string): { tokens: Token[]; text: string } {
  const raw = question.normalize("NFKC").slice(0, MAX_QUESTION_LENGTH).replace(/(\p{L})['’]s(?![\p{L}])/gu, "$1");
  const tokens: Token[] = [];
  let text = "";
  const push = (orig: string, han: boolean) => {
    const folded = fold(orig);
    if (!folded) return;
    const prev = tokens.at(-1);
    if (text && !(han && prev?.han)) text += " ";
    tokens.push({ text: folded, orig, han, start: text.length, end: text.length + folded.length, used: false });
    text += folded;
  };
  for (const match of raw.matchAll(/\p{Script=Han}|(?:(?!\p{Script=Han})[\p{L}\p{N}\p{M}'’.])+|[-–—~]/gu)) {
    const piece = match[0];
    if (HAN.test(piece)) push(piece, true);
    else if (/^[-–—~]$/.test(piece)) {
      // Kept for year ranges ("1995-2010"); no word of its own.
      text += ` ${piece}`;
    } else push(piece, false);
  }
  return { tokens, text };
}

function years(text: string): { year: number | null; range: { from: number; to: number | null } | null } {
  const between = RANGE.exec(text);
  if (between) {
    const [a, b] = [Number(between[1]), Number(between[2])];
    if (a !== b) return { year: null, range: { from: Math.min(a, b), to: Math.max(a, b) } };
  }
  const since = SINCE.exec(text);
  if (since) return { year: null, range: { from: Number(since[1] ?? since[2]), to: null } };
  const all = [...new Set([...text.matchAll(YEAR)].map((m) => Number(m[1])))];
  if (all.length >= 2) return { year: null, range: { from: Math.min(...all), to: Math.max(...all) } };
  return { year: all[0] ?? null, range: null };
}

const isAllCaps = (orig: string) => /\p{Lu}/u.test(orig) && !/\p{Ll}/u.test(orig);
const isCode = (text: string) => /^\d+$/.test(text);

/** Keyword spans: every match marks the tokens it covers. */
function matchSpans(text: string, pattern: RegExp): Array<[number, number]> {
  pattern.lastIndex = 0;
  return [...text.matchAll(pattern)].map((m) => [m.index, m.index + m[0].length]);
}

const covers = (t: Token, [s, e]: [number, number]) => t.start < e && t.end > s;

const PRODUCT_KINDS = new Set(["section", "hs2", "hs4", "hs6"]);
export const isProduct = (e: ChatEntity) => PRODUCT_KINDS.has(e.kind);

interface Found {
  entity: ChatEntity;
  first: number;
  last: number;
}

/** Longest dictionary phrases, left to right, over unused tokens. */
function exactEntities(tokens: Token[], dict: EntityDictionary, keywordTokens: Set<number>): Found[] {
  const found: Found[] = [];
  const MAX_WORDS = 8;
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i];
    if (t.used) {
      i++;
      continue;
    }
    let hit: Found | null = null;
    if (t.han) {
      // The longest run of characters from here that names something (at least two characters, or a one-character alias).
      let end = i;
      while (end < tokens.length && tokens[end].han && !tokens[end].used) end++;
      for (let j = Math.min(end, i + 12); j > i && !hit; j--) {
        const phrase = tokens.slice(i, j).map((x) => x.text).join("");
        // One character names something only in the lexicon's short list (铜); keywords are not names.
        if (j - i === 1 && !SINGLE_HAN_NAMES.has(phrase)) continue;
        if (tokens.slice(i, j).every((_, k) => keywordTokens.has(i + k))) continue;
        const best = dict.exact(phrase).find((h) => !h.short);
        if (best) hit = { entity: best.entity, first: i, last: j - 1 };
      }
    } else {
      for (let len = MAX_WORDS; len >= 1 && !hit; len--) {
        const span = tokens.slice(i, i + len);
        if (span.length < len || span.some((x) => x.used || x.han)) continue;
        const [a, z] = [span[0], span[len - 1]];
        if (STOPWORDS.has(a.text) && !isAllCaps(a.orig)) continue;
        if (STOPWORDS.has(z.text) && !isAllCaps(z.orig)) continue;
        if (len === 1 && keywordTokens.has(i) && !isAllCaps(a.orig)) continue;
        const phrase = span.map((x) => x.text).join(" ");
        const hits = dict.exact(phrase);
        // Codes and short abbreviations ("CAN", "US", "EU") only in capitals; HS codes in digits.
        const ok = hits.find((h) => !h.short || span.every((x) => isAllCaps(x.orig) || isCode(x.text)));
        if (ok) hit = { entity: ok.entity, first: i, last: i + len - 1 };
      }
    }
    if (hit) {
      for (let k = hit.first; k <= hit.last; k++) tokens[k].used = true;
      found.push(hit);
      i = hit.last + 1;
    } else i++;
  }
  return found;
}

/** Mistyped names among the words nothing else claimed ("chlie", "brasil" in English...). */
function fuzzyEntities(tokens: Token[], dict: EntityDictionary): Found[] {
  const found: Found[] = [];
  const tryRun = (run: number[]) => {
    if (run.length === 0) return;
    const whole = dict.fuzzy(run.map((k) => tokens[k].text).join(" "));
    if (whole) {
      found.push({ entity: whole, first: run[0], last: run.at(-1)! });
      return;
    }
    if (run.length > 1) {
      for (const k of run) {
        const one = dict.fuzzy(tokens[k].text);
        if (one) found.push({ entity: one, first: k, last: k });
      }
    }
  };
  let run: number[] = [];
  let hanRun: number[] = [];
  const flushHan = () => {
    // Fillers split the run; pieces of three characters or more are looked up (two-character names are found exactly).
    let piece: number[] = [];
    const flushPiece = () => {
      if (piece.length >= 3) {
        const entity = dict.fuzzy(piece.map((k) => tokens[k].text).join(""));
        if (entity) found.push({ entity, first: piece[0], last: piece.at(-1)! });
      }
      piece = [];
    };
    for (const k of hanRun) {
      HAN_FILLERS.lastIndex = 0;
      if (HAN_FILLERS.test(tokens[k].text)) flushPiece();
      else piece.push(k);
    }
    flushPiece();
    hanRun = [];
  };
  tokens.forEach((t, k) => {
    const free = !t.used && (t.han || (!STOPWORDS.has(t.text) && t.text.length >= 4 && /^\p{L}+$/u.test(t.text)));
    if (t.han) {
      tryRun(run);
      run = [];
      if (!t.used) hanRun.push(k);
      else flushHan();
      return;
    }
    flushHan();
    if (free) run.push(k);
    else {
      tryRun(run);
      run = [];
    }
  });
  tryRun(run);
  flushHan();
  return found;
}

export function parseQuestion(question: string, dict: EntityDictionary): ParsedQuestion {
  const { tokens, text } = tokenize(question);
  const when = years(text);
  // Year tokens and the "年" after them are taken.
  tokens.forEach((t, k) => {
    if (/^(19|20)\d\d$/.test(t.text)) {
      t.used = true;
      if (tokens[k + 1]?.text === "年") tokens[k + 1].used = true;
    }
  });

  // Keywords: found first so a one-word entity never swallows one, marked as used after the entities.
  // Keywords are found first so a one-word entity never swallows one; a keyword inside a name the
  // dictionary knows ("市场" in 南方共同市场, Mercosur) is part of the name, not a keyword.
  const tagSpans: Array<[IntentTag, Array<[number, number]>]> = INTENT_PATTERNS.map(([tag, pattern]) => [tag, matchSpans(text, pattern)]);
  const flowSpans: Array<[ChatFlow, Array<[number, number]>]> = FLOW_PATTERNS.map(([f, pattern]) => [f, matchSpans(text, pattern)]);
  const indexSpans: Array<[ChatIndex, Array<[number, number]>]> = INDEX_PATTERNS.map(([key, pattern]) => [key, matchSpans(text, pattern)]);
  const keywordSpans = [...tagSpans, ...flowSpans, ...indexSpans].flatMap(([, spans]) => spans);
  const keywordTokens = new Set<number>();
  tokens.forEach((t, k) => {
    if (keywordSpans.some((span) => covers(t, span))) keywordTokens.add(k);
  });

  const found = exactEntities(tokens, dict, keywordTokens);
  const inName = new Set<number>();
  for (const f of found) for (let k = f.first; k <= f.last; k++) inName.add(k);
  const live = (spans: Array<[number, number]>) => spans.some((span) => tokens.some((t, k) => covers(t, span) && !inName.has(k)));
  const tags = tagSpans.filter(([, spans]) => live(spans)).map(([tag]) => tag);
  const flow: ChatFlow | null = flowSpans.find(([, spans]) => live(spans))?.[0] ?? null;
  let index: ChatIndex | null = indexSpans.find(([, spans]) => live(spans))?.[0] ?? null;
  // Keyword words that did not become part of a name are spent now.
  keywordTokens.forEach((k) => (tokens[k].used = true));
  found.push(...fuzzyEntities(tokens, dict));
  found.sort((a, b) => a.first - b.first);

  const seen = new Set<string>();
  const unique = found.filter((f) => {
    const key = `${f.entity.kind}:${f.entity.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const placeHits = unique.filter((f) => !isProduct(f.entity));
  const products = unique.filter((f) => isProduct(f.entity)).map((f) => f.entity);

  if (index === null && tags.includes("ranking") && /complej|complex|复杂/u.test(text)) {
    index = products.length || matchSpans(text, PRODUCT_WORDS).length ? "pci" : "eci";
  }

  let partner = false;
  if (placeHits.length >= 2) {
    const [a, b] = placeHits;
    const between = text.slice(tokens[a.last].end, tokens[b.first].start);
    const pair = matchSpans(between, PAIR_MARKERS).length > 0;
    const to = matchSpans(between, PARTNER_MARKERS).length > 0;
    const betweenWord = /(?<![\p{L}])(between|entre)(?![\p{L}])|之间|间的/u.test(text) && !when.range;
    partner = betweenWord || (to && !pair);
    if (tags.includes("compare")) partner = false;
  }

  const followUp = FOLLOW_UP.test(text);
  return {
    tags,
    places: placeHits.map((f) => f.entity),
    products,
    flow,
    year: when.year,
    range: when.range,
    index,
    partner,
    followUp,
    pronoun: matchSpans(text, PRONOUN).length > 0,
    understood: tags.some((t) => t !== "what") || flow !== null || unique.length > 0 || when.year !== null || when.range !== null || index !== null,
  };
}

/**
 * The dictionary key of a name, written the way the parser looks phrases up: folded words joined
 * by one space, Chinese characters joined without one ("Côte d'Ivoire" -> "cote divoire").
 */
export function phraseKey(name: string): string {
  const { tokens } = tokenize(name);
  return tokens.map((t, k) => (k > 0 && !(t.han && tokens[k - 1].han) ? ` ${t.text}` : t.text)).join("");
}

/** Optimal string alignment distance (a transposition counts as one edit), stopping above `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array<number>(b.length + 1).fill(0));
    rows[i][0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length][b.length];
}

/** Typos allowed in a word or phrase of this length: none below four letters, one up to seven, two from eight. */
export const typoBudget = (length: number) => (length < 4 ? 0 : length < 8 ? 1 : 2);
