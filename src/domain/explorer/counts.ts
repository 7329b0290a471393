/**
 * Counts of 1000 or more are abbreviated like d3-format's '.2s' with trailing zero decimals removed
 * (spec section 5): 1000 -> "1k", 1234 -> "1.2k", 15000 -> "15k", 2500000 -> "2.5M".
 */
const PREFIXES = ["", "k", "M", "G", "T", "P"];

export function formatCount(count: number): string {
  if (!Number.isFinite(count)) return "0";
  if (Math.abs(count) < 1000) return String(count);
  // Two significant digits, then the SI prefix of the rounded value (999,999 -> "1M", not "1000k").
  const rounded = Number(count.toPrecision(2));
  const exponent = Math.min(Math.floor(Math.log10(Math.abs(rounded)) / 3), PREFIXES.length - 1);
  const scaled = rounded / 1000 ** exponent;
  // Number() drops trailing zero decimals ("1.0" -> 1) and exponent notation ("2.4e+2" -> 240).
  return `${Number(scaled.toPrecision(2))}${PREFIXES[exponent]}`;
}
