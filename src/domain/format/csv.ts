/**
 * The one CSV writer (RFC 4180, CRLF line ends), for the data API's CSV answers and every chart's
 * CSV download. Numbers are written raw; text is quoted when it holds a separator, a quote, a line
 * break or edge spaces; and text that a spreadsheet would run as a formula (starting with =, +, -,
 * @, a tab or a carriage return) is prefixed with an apostrophe (OWASP "CSV injection").
 */
export type CsvValue = string | number | boolean | bigint | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value !== "string") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows (the first one usually the header) as CSV text ending with CRLF. */
export function toCsvText(rows: Iterable<readonly CsvValue[]>): string {
  const lines: string[] = [];
  for (const row of rows) lines.push(row.map(csvCell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
