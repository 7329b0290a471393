/**
 * The number check of the language-model path (docs/chat.md): every number in a model's reply
 * must be one the tools answered. The reply's numbers are read as people and Intl write them in
 * our three languages ("1.2 billion", "$3.4B", "12,5 %", "1,2 mil M US$", "3,4 B" (Spanish
 * billones), "12.5亿", "120万", "2018", "3rd") and compared with the tools' figures, allowing for
 * the rounding the written form implies. Pure: no IO.
 */
import type { Locale } from "@/domain/i18n/locales";

export interface ReadNumber {
  /** The text as written ("1,2 mil M"). */
  text: string;
  start: number;
  end: number;
  /** What it may mean (an ambiguous separator gives two), each with the rounding its digits allow. */
  readings: { value: number; tolerance: number }[];
}

type Scale = { pattern: string; factor: number; percent?: boolean };

// Longest first: "mil millones" before "mil" and "millones", "万亿" before "万".
const SCALES: Record<Locale | "any", Scale[]> = {
  any: [
    { pattern: "个百分点", factor: 1, percent: true },
    { pattern: "percentage points", factor: 1, percent: true },
    { pattern: "puntos porcentuales", factor: 1, percent: true },
    { pattern: "por ciento", factor: 1, percent: true },
    { pattern: "percent", factor: 1, percent: true },
    { pattern: "%", factor: 1, percent: true },
    { pattern: "％", factor: 1, percent: true },
    { pattern: "万亿", factor: 1e12 },
    { pattern: "十亿", factor: 1e9 },
    { pattern: "百万", factor: 1e6 },
    { pattern: "亿", factor: 1e8 },
    { pattern: "万", factor: 1e4 },
    { pattern: "千", factor: 1e3 },
    { pattern: "trillion", factor: 1e12 },
    { pattern: "billion", factor: 1e9 },
    { pattern: "million", factor: 1e6 },
    { pattern: "thousand", factor: 1e3 },
    { pattern: "mil millones", factor: 1e9 },
    { pattern: "mil M", factor: 1e9 },
    { pattern: "billones", factor: 1e12 },
    { pattern: "billón", factor: 1e12 },
    { pattern: "millones", factor: 1e6 },
    { pattern: "millón", factor: 1e6 },
    { pattern: "mil", factor: 1e3 },
    { pattern: "bn", factor: 1e9 },
    { pattern: "mn", factor: 1e6 },
    { pattern: "tn", factor: 1e12 },
  ],
  // Single letters differ: Spanish "B" is a billón (1e12), English "B" a billion.
  en: [
    { pattern: "T", factor: 1e12 },
    { pattern: "B", factor: 1e9 },
    { pattern: "M", factor: 1e6 },
    { pattern: "K", factor: 1e3 },
    { pattern: "k", factor: 1e3 },
  ],
  es: [
    { pattern: "B", factor: 1e12 },
    { pattern: "M", factor: 1e6 },
    { pattern: "K", factor: 1e3 },
    { pattern: "k", factor: 1e3 },
  ],
  zh: [
    { pattern: "T", factor: 1e12 },
    { pattern: "B", factor: 1e9 },
    { pattern: "M", factor: 1e6 },
    { pattern: "K", factor: 1e3 },
    { pattern: "k", factor: 1e3 },
  ],
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function scaleRegex(locale: Locale): { regex: RegExp; scales: Scale[] } {
  const scales = [...SCALES.any, ...SCALES[locale]];
  // A word scale must end at a word boundary ("mil" is not the start of "millas"); CJK and % need none.
  const alternatives = scales.map((s) => (/^[A-Za-zÀ-ÿ ]+$/.test(s.pattern) ? `${escape(s.pattern)}(?![A-Za-zÀ-ÿ])` : escape(s.pattern)));
  // Digits grouped by , . or (narrow) no-break spaces, an optional decimal part, then an optional scale.
  const digits = String.raw`\d{1,3}(?:[,.\u00a0\u202f]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;
  return { regex: new RegExp(String.raw`(?<![\d.,\w])(${digits})(?:[ \u00a0\u202f]?(${alternatives.join("|")}))?`, "g"), scales };
}

/** The numeric readings of a digit string: "1,234" is 1234 in English and 1.234 in Spanish, so both. */
function readDigits(raw: string): { value: number; decimals: number }[] {
  const s = raw.replace(/[\u00a0\u202f]/g, "");
  const separators = s.replace(/\d/g, "");
  if (separators.length === 0) return [{ value: Number(s), decimals: 0 }];
  const lastSep = Math.max(s.lastIndexOf(","), s.lastIndexOf("."));
  const last = s[lastSep];
  const afterLast = s.length - lastSep - 1;
  const asDecimal = () => {
    const intPart = s.slice(0, lastSep).replace(/[.,]/g, "");
    return { value: Number(`${intPart}.${s.slice(lastSep + 1)}`), decimals: afterLast };
  };
  const asGrouped = () => ({ value: Number(s.replace(/[.,]/g, "")), decimals: 0 });
  const kinds = new Set(separators);
  if (kinds.size > 1) return [asDecimal()]; // "1,234.5" or "1.234,5": the last one is the decimal mark.
  if (separators.length > 1) return [asGrouped()]; // "1,234,567"
  // One separator: three digits after it may be either ("1,234"); otherwise a decimal mark.
  if (afterLast === 3 && last !== undefined) return [asGrouped(), asDecimal()];
  return [asDecimal()];
}

/** Every number written in `text`, with what it may mean. */
export function readNumbers(text: string, locale: Locale): ReadNumber[] {
  const { regex, scales } = scaleRegex(locale);
  const out: ReadNumber[] = [];
  for (const match of text.matchAll(regex)) {
    const digits = match[1]!;
    const suffix = match[2];
    const scale = suffix ? scales.find((s) => s.pattern === suffix) : undefined;
    const readings: ReadNumber["readings"] = [];
    for (const { value, decimals } of readDigits(digits)) {
      const unit = 10 ** -decimals;
      if (scale?.percent) {
        // A percentage may be a ratio (0.125) or written as percent points (12.5).
        readings.push({ value: value / 100, tolerance: unit / 200 }, { value, tolerance: unit / 2 });
      } else {
        const factor = scale?.factor ?? 1;
        readings.push({ value: value * factor, tolerance: (unit / 2) * factor });
      }
    }
    out.push({ text: match[0], start: match.index!, end: match.index! + match[0].length, readings });
  }
  return out;
}

/** Every finite number inside a JSON-like value (tool results: figures, chart data, years). */
export function collectNumbers(value: unknown, into: number[] = [], depth = 0): number[] {
  if (depth > 8) return into;
  if (typeof value === "number" && Number.isFinite(value)) into.push(value);
  else if (typeof value === "string" && /^\d{1,4}$/.test(value)) into.push(Number(value)); // codes and years written as text
  else if (Array.isArray(value)) for (const item of value) collectNumbers(item, into, depth + 1);
  else if (value && typeof value === "object") for (const item of Object.values(value)) collectNumbers(item, into, depth + 1);
  return into;
}

/** Whether a written number is one of the allowed values (up to the rounding its digits imply). */
export function supported(number: ReadNumber, allowed: readonly number[]): boolean {
  return number.readings.some(({ value, tolerance }) =>
    allowed.some((a) => {
      const diff = Math.abs(Math.abs(value) - Math.abs(a));
      return diff <= tolerance * 1.000001 + 1e-9;
    }),
  );
}

/** The numbers of a reply that no tool answered (empty: the reply may be shown). */
export function unsupportedNumbers(reply: string, allowed: readonly number[], locale: Locale): ReadNumber[] {
  return readNumbers(reply, locale).filter((n) => !supported(n, allowed));
}

/**
 * Where a streamed reply may be shown up to: numbers must be complete with their scale word, so
 * the last `hold` characters are kept back, and never a cut through a number.
 */
export function safeCut(text: string, locale: Locale, hold = 24): number {
  let cut = Math.max(0, text.length - hold);
  for (const n of readNumbers(text, locale)) if (n.start < cut && n.end > cut) cut = n.start;
  return cut;
}
