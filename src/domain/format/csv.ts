/**
 * The one CSV reader and writer. The writer (RFC 4180, CRLF line ends) serves the data API's CSV
 * answers and every chart's CSV download. Numbers are written raw; text is quoted when it holds a separator, a quote, a line
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

export interface CsvLine {
  /** 1-based line where the record starts (the header is line 1). */
  line: number;
  cells: string[];
}

/** A CSV dialect other than RFC 4180's comma and double quote (a data package's `dialect`). */
export interface CsvDialect {
  delimiter?: string;
  quote?: string;
}

/**
 * RFC 4180 CSV: comma-separated, double quotes around fields holding commas, quotes or line
 * breaks, quotes doubled inside; CRLF or LF; a UTF-8 byte-order mark is ignored. Another
 * single-character delimiter or quote can be given (a data package's dialect).
 */
export function parseCsv(text: string, dialect: CsvDialect = {}): { records: CsvLine[]; error: { line: number; reason: string } | null } {
  const delimiter = dialect.delimiter ?? ",";
  const quote = dialect.quote ?? '"';
  const src = text.replace(/^\uFEFF/, "");
  const records: CsvLine[] = [];
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let quoteStart = 0;
  let afterQuote = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === quote) {
        if (src[i + 1] === quote) {
          cell += quote;
          i++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (ch === "\n") line++;
        cell += ch;
      }
      continue;
    }
    if (ch === quote) {
      if (cell.trim() !== "" || afterQuote) return { records, error: { line, reason: "a quote inside an unquoted field (quote the whole field and double the quotes inside)" } };
      cell = "";
      quoted = true;
      quoteStart = line;
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = "";
      afterQuote = false;
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && src[i + 1] === "\n") i++;
      cells.push(cell);
      records.push({ line: start, cells });
      cells = [];
      cell = "";
      afterQuote = false;
      line++;
      start = line;
    } else {
      if (afterQuote && ch.trim() !== "") return { records, error: { line, reason: "text after a closing quote" } };
      cell += ch;
    }
  }
  if (quoted) return { records, error: { line: quoteStart, reason: "a quoted field is never closed" } };
  if (cell !== "" || cells.length > 0) {
    cells.push(cell);
    records.push({ line: start, cells });
  }
  return { records, error: null };
}
