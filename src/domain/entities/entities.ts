/**
 * Entity profiles the package has no open data for: companies, digital products, funds and fund
 * managers (spec section 2: the profile slugs company, digital-product, fund and manager). Each is
 * a CSV layout an operator can load from `entities/<type>.csv` in the data package folder
 * (docs/entities.md), a warehouse table, and a profile URL. Config as data: the importer, the
 * landing pages and the docs all read these definitions.
 *
 * The validator is pure (the importer passes what it knows of the warehouse: country and HS4
 * codes, ids of other entity files) and reports every bad row by line and reason.
 */

import { parseCsv } from "@/domain/format/csv";

export const ENTITY_TYPES = ["company", "digital_product", "fund", "manager"] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/**
 * How a column is read and checked:
 * - id: the record's key, also its URL segment (lowercase a-z, digits, "-" and "_", up to 64);
 * - ref: the id of a record of another entity type;
 * - text: free text, up to 200 characters, no control characters;
 * - iso3: a country, ISO 3166 alpha-3 (any case; stored lowercase, as the warehouse's countries);
 * - hs4: a four-digit HS code;
 * - year: a four-digit year, 1900 to 2100;
 * - usd: a non-negative amount in US dollars, plain digits with an optional decimal point.
 */
export type ColumnKind = "id" | "ref" | "text" | "iso3" | "hs4" | "year" | "usd";

export interface EntityColumn {
  name: string;
  kind: ColumnKind;
  required: boolean;
  /** For kind "ref": the entity type whose ids this column holds. */
  references?: EntityType;
}

export interface EntityTypeDef {
  type: EntityType;
  /** The profile slug in URLs (/profile/{slug}/{id}). */
  slug: string;
  /** Path of the CSV file inside the data package folder. */
  file: string;
  /** The warehouse table the importer writes. */
  table: string;
  columns: EntityColumn[];
  /** One made-up row, shown under the layout so the format is clear at a glance. */
  example: Record<string, string>;
}

const col = (name: string, kind: ColumnKind, required: boolean, references?: EntityType): EntityColumn =>
  references ? { name, kind, required, references } : { name, kind, required };

function def(type: EntityType, slug: string, columns: EntityColumn[], example: string[]): EntityTypeDef {
  return { type, slug, file: `entities/${type}.csv`, table: `dim_entity_${type}`, columns, example: Object.fromEntries(columns.map((c, i) => [c.name, example[i] ?? ""])) };
}

export const ENTITY_DEFS: readonly EntityTypeDef[] = [
  def("company", "company", [
    col("id", "id", true),
    col("name", "text", true),
    col("country", "iso3", true),
    col("hs4", "hs4", false),
    col("exports_usd", "usd", false),
    col("year", "year", true),
  ], ["acme-mining", "Acme Mining S.A.", "CHL", "2603", "125000000", "2022"]),
  def("digital_product", "digital-product", [
    col("id", "id", true),
    col("name", "text", true),
    col("category", "text", true),
    col("country", "iso3", true),
    col("revenue_usd", "usd", false),
    col("year", "year", true),
  ], ["tradeview", "TradeView", "software", "USA", "4500000", "2023"]),
  def("fund", "fund", [
    col("id", "id", true),
    col("name", "text", true),
    col("manager_id", "ref", true, "manager"),
    col("country", "iso3", true),
    col("aum_usd", "usd", true),
    col("year", "year", true),
  ], ["andes-growth", "Andes Growth Fund", "andes-capital", "CHL", "250000000", "2023"]),
  def("manager", "manager", [col("id", "id", true), col("name", "text", true), col("country", "iso3", true)], ["andes-capital", "Andes Capital", "CHL"]),
];

export function entityDef(type: EntityType): EntityTypeDef {
  return ENTITY_DEFS.find((d) => d.type === type)!;
}

export function entityDefBySlug(slug: string): EntityTypeDef | undefined {
  return ENTITY_DEFS.find((d) => d.slug === slug);
}

/** Types in an order where every referenced type comes before the types referring to it. */
export function importOrder(): EntityTypeDef[] {
  const refersTo = (d: EntityTypeDef) => d.columns.some((c) => c.references);
  return [...ENTITY_DEFS].sort((a, b) => Number(refersTo(a)) - Number(refersTo(b)));
}

/** Landing page of a type, without locale: /profile/{slug}. */
export function entityLandingPath(d: EntityTypeDef): string {
  return `/profile/${d.slug}`;
}

/** Profile of one record, without locale: /profile/{slug}/{id}. */
export function entityProfilePath(d: EntityTypeDef, id: string): string {
  return `/profile/${d.slug}/${encodeURIComponent(id)}`;
}

const ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const MAX_TEXT = 200;
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

export function isEntityId(value: string): boolean {
  return ID_PATTERN.test(value);
}

/** The header and the example row of a type's file, as CSV text. */
export function exampleCsv(d: EntityTypeDef): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `${d.columns.map((c) => c.name).join(",")}\n${d.columns.map((c) => cell(d.example[c.name])).join(",")}\n`;
}

// ---------------------------------------------------------------------------------------------
// URL

export type EntityRoute =
  | { kind: "landing"; def: EntityTypeDef }
  | { kind: "member"; def: EntityTypeDef; id: string }
  | { kind: "redirect"; def: EntityTypeDef; path: string }
  | { kind: "unknown-id"; def: EntityTypeDef; id: string }
  | { kind: "not-found" };

/**
 * Segments after /profile -> what to show, or null when the slug is not an entity type. Ids are
 * lowercase: "ACME-1" redirects to "acme-1"; a string that can never be an id is an unknown id.
 */
export function parseEntitySegments(segments: string[]): EntityRoute | null {
  const d = entityDefBySlug(segments[0] ?? "");
  if (!d) return null;
  if (segments.length === 1) return { kind: "landing", def: d };
  if (segments.length > 2) return { kind: "not-found" };
  let raw: string;
  try {
    raw = decodeURIComponent(segments[1]);
  } catch {
    return { kind: "not-found" };
  }
  if (raw.length === 0 || raw.length > 120 || /\p{Cc}/u.test(raw)) return { kind: "not-found" };
  if (isEntityId(raw)) return raw === segments[1] ? { kind: "member", def: d, id: raw } : { kind: "redirect", def: d, path: entityProfilePath(d, raw) };
  const lower = raw.toLowerCase();
  if (isEntityId(lower)) return { kind: "redirect", def: d, path: entityProfilePath(d, lower) };
  return { kind: "unknown-id", def: d, id: raw };
}

// ---------------------------------------------------------------------------------------------
// Validation

export type EntityValue = string | number | null;
export type EntityRecord = Record<string, EntityValue>;

export interface EntityRowError {
  /** 1-based line in the file (the header is line 1). */
  line: number;
  column: string | null;
  reason: string;
}

export interface ValidationContext {
  /** Known country ids (lowercase ISO3); when given, other codes are refused. */
  countries?: ReadonlySet<string>;
  /** Known HS4 codes; when given, other codes are refused. */
  hs4?: ReadonlySet<string>;
  /** Ids of other entity types loaded in the same import; a ref to a type absent here is not checked. */
  ids?: Partial<Record<EntityType, ReadonlySet<string>>>;
  /** Errors listed (default 20); badRows counts them all. */
  maxErrors?: number;
}

export interface EntityValidation {
  records: EntityRecord[];
  errors: EntityRowError[];
  badRows: number;
}

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;
const USD = /^\d+(\.\d+)?$/;

/** One cell -> its value or the reason it is refused. The cell is already trimmed and non-empty. */
function readCell(column: EntityColumn, cell: string, context: ValidationContext): { value: EntityValue } | { reason: string } {
  switch (column.kind) {
    case "id":
    case "ref": {
      if (!isEntityId(cell)) return { reason: `"${cell}" is not a valid id (1 to 64 characters: lowercase letters a-z, digits, "-" or "_", starting with a letter or digit)` };
      const known = column.references ? context.ids?.[column.references] : undefined;
      if (known && !known.has(cell)) return { reason: `no ${column.references} with id "${cell}" in entities/${column.references}.csv` };
      return { value: cell };
    }
    case "text":
      if (cell.length > MAX_TEXT) return { reason: `longer than ${MAX_TEXT} characters` };
      if (CONTROL.test(cell)) return { reason: "contains a control character" };
      return { value: cell };
    case "iso3": {
      if (!/^[A-Za-z]{3}$/.test(cell)) return { reason: `"${cell}" is not a three-letter ISO 3166 alpha-3 country code` };
      const id = cell.toLowerCase();
      if (context.countries && !context.countries.has(id)) return { reason: `unknown country code "${cell}" (not among the warehouse's countries)` };
      return { value: id };
    }
    case "hs4":
      if (!/^\d{4}$/.test(cell)) return { reason: `"${cell}" is not a four-digit HS code` };
      if (context.hs4 && !context.hs4.has(cell)) return { reason: `unknown HS4 code "${cell}" (not among the warehouse's products)` };
      return { value: cell };
    case "year": {
      const year = Number(cell);
      if (!/^\d{4}$/.test(cell) || year < MIN_YEAR || year > MAX_YEAR) return { reason: `"${cell}" is not a year between ${MIN_YEAR} and ${MAX_YEAR}` };
      return { value: year };
    }
    case "usd": {
      const amount = Number(cell);
      if (!USD.test(cell) || !Number.isFinite(amount)) {
        return { reason: `"${cell}" is not a non-negative amount in US dollars (digits with an optional decimal point; no sign, currency symbol or thousands separator)` };
      }
      return { value: amount };
    }
  }
}

/**
 * Validates the text of one entity CSV against its layout. The header must name every required
 * column and no unknown one (optional columns may be left out); every row must have as many
 * fields as the header; blank lines are skipped; ids are unique. Nothing is coerced silently:
 * a row with any bad value is reported, never loaded in part.
 */
export function validateEntityCsv(d: EntityTypeDef, text: string, context: ValidationContext = {}): EntityValidation {
  const maxErrors = Math.max(1, context.maxErrors ?? 20);
  const errors: EntityRowError[] = [];
  let badRows = 0;
  const fail = (line: number, column: string | null, reason: string) => {
    if (errors.length < maxErrors) errors.push({ line, column, reason });
  };
  const parsed = parseCsv(text);
  const lines = parsed.records.filter((r) => !(r.cells.length === 1 && r.cells[0].trim() === ""));
  const header = lines[0];
  if (!header || header.line !== 1) {
    return { records: [], errors: [{ line: 1, column: null, reason: `the first line must be the header: ${d.columns.map((c) => c.name).join(",")}` }], badRows: 1 };
  }
  const names = header.cells.map((h) => h.trim());
  const seenHeader = new Set<string>();
  for (const name of names) {
    if (seenHeader.has(name)) fail(1, name, `column "${name}" appears twice`);
    else if (!d.columns.some((c) => c.name === name)) fail(1, name, `unknown column "${name}"; the columns of ${d.file} are ${d.columns.map((c) => c.name).join(", ")}`);
    seenHeader.add(name);
  }
  for (const c of d.columns) if (c.required && !seenHeader.has(c.name)) fail(1, c.name, `required column "${c.name}" is missing`);
  if (errors.length > 0) return { records: [], errors, badRows: 1 };

  const columns = names.map((name) => d.columns.find((c) => c.name === name)!);
  const records: EntityRecord[] = [];
  const firstLineOfId = new Map<string, number>();
  for (const row of lines.slice(1)) {
    let bad = false;
    const reject = (column: string | null, reason: string) => {
      bad = true;
      fail(row.line, column, reason);
    };
    if (row.cells.length !== names.length) {
      reject(null, `expected ${names.length} fields, found ${row.cells.length}`);
    } else {
      const record: EntityRecord = Object.fromEntries(d.columns.map((c) => [c.name, null]));
      columns.forEach((column, i) => {
        const cell = row.cells[i].trim();
        if (cell === "") {
          if (column.required) reject(column.name, "required value is empty");
          return;
        }
        const read = readCell(column, cell, context);
        if ("reason" in read) reject(column.name, read.reason);
        else record[column.name] = read.value;
      });
      const id = record.id;
      if (typeof id === "string") {
        const first = firstLineOfId.get(id);
        if (first !== undefined) reject("id", `duplicate id "${id}" (first on line ${first})`);
        else firstLineOfId.set(id, row.line);
      }
      if (!bad) records.push(record);
    }
    if (bad) badRows++;
  }
  if (parsed.error) {
    fail(parsed.error.line, null, parsed.error.reason);
    badRows++;
  }
  errors.sort((a, b) => a.line - b.line);
  return { records: badRows > 0 ? [] : records, errors, badRows };
}
