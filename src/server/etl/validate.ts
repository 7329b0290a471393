/**
 * Validation of data package files against their Table Schema, done inside DuckDB: a CSV is staged
 * as text (so nothing is coerced silently) and every constraint becomes a SQL predicate; only the
 * first few offending rows ever reach JavaScript.
 */
import "server-only";
import fs from "node:fs";
import zlib from "node:zlib";
import { listValue, type DuckDBConnection, type DuckDBValue } from "@duckdb/node-api";
import { parseCsv } from "@/domain/format/csv";
import { asList, isParquet, type Field, type Resource } from "@/server/datapackage/datapackage";
import { all, ident, literal, scalar, toNumber } from "./sql";

export interface RowError {
  /** Path of the file inside the data package (or the file name for BACI). */
  file: string;
  /** 1-based line in the file (the header is line 1); for Parquet, the 1-based row number. */
  line: number | null;
  field: string | null;
  reason: string;
}

export interface FileValidation {
  resource: string;
  file: string;
  rows: number;
  badRows: number;
  errors: RowError[];
  warnings: string[];
}

export function formatRowError(error: RowError): string {
  const where = error.line === null ? error.file : `${error.file}:${error.line}`;
  return `${where}: ${error.field ? `${error.field}: ` : ""}${error.reason}`;
}

export function tableNameFor(resourceName: string, prefix = "raw"): string {
  return `${prefix}_${resourceName.replace(/[^a-z0-9_]/g, "_")}`;
}

// ---------------------------------------------------------------------------------------------
// Staging

/** Reads the first line of a (possibly gzipped) text file without loading the file. */
export async function readFirstLine(file: string, maxBytes = 1 << 20): Promise<string> {
  const source = fs.createReadStream(file, { highWaterMark: 64 * 1024 });
  const stream = /\.gz$/i.test(file) ? source.pipe(zlib.createGunzip()) : source;
  let text = "";
  try {
    for await (const chunk of stream) {
      text += (chunk as Buffer).toString("utf8");
      const newline = text.indexOf("\n");
      if (newline >= 0) return text.slice(0, newline).replace(/\r$/, "").replace(/^\uFEFF/, "");
      if (text.length > maxBytes) break;
    }
  } finally {
    source.destroy();
  }
  return text.replace(/\r$/, "").replace(/^\uFEFF/, "");
}

/** A file's header line as column names, read with the project's one CSV reader (domain/format/csv). */
export function parseCsvHeader(line: string, delimiter = ",", quote = '"'): string[] {
  const { records, error } = parseCsv(line, { delimiter, quote });
  if (error) throw new Error(`The header line is not valid CSV: ${error.reason}.`);
  return (records[0]?.cells ?? [""]).map((h) => h.trim());
}

export interface StagedCsv {
  table: string;
  rows: number;
  /** SQL giving the file line of a staged row from an expression holding its rowid. */
  lineOf: (rid: string) => string;
  errors: RowError[];
  rejected: number;
}

/**
 * Stages a CSV as an all-VARCHAR table in file order. Structurally broken records (wrong number of
 * columns, bad quoting, invalid UTF-8) are captured by DuckDB's reject tables with their exact line.
 */
export async function stageCsv(
  conn: DuckDBConnection,
  resource: Resource,
  filePath: string,
  table: string,
  maxErrors: number,
): Promise<StagedCsv> {
  const fields = resource.schema?.fields ?? [];
  const delimiter = resource.dialect?.delimiter ?? ",";
  const quote = resource.dialect?.quoteChar ?? '"';
  const header = parseCsvHeader(await readFirstLine(filePath), delimiter, quote);
  const expected = fields.map((f) => f.name);
  if (expected.length > 0 && (header.length !== expected.length || header.some((h, i) => h !== expected[i]))) {
    const missing = expected.filter((name) => !header.includes(name));
    const extra = header.filter((name) => !expected.includes(name));
    const detail = [
      missing.length ? `missing ${missing.join(", ")}` : "",
      extra.length ? `unexpected ${extra.join(", ")}` : "",
      !missing.length && !extra.length ? "columns in a different order" : "",
    ]
      .filter(Boolean)
      .join("; ");
    return {
      table,
      rows: 0,
      lineOf: () => "NULL",
      rejected: 1,
      errors: [
        {
          file: resource.path,
          line: 1,
          field: null,
          reason: `header does not match the schema (${detail}): expected ${expected.join(",")}, found ${header.join(",")}`,
        },
      ],
    };
  }
  const columns = (expected.length ? expected : header).map((name) => `${literal(name)}: 'VARCHAR'`).join(", ");
  const rejectsTable = `${table}__rejects`;
  const rejectsScan = `${table}__rejects_scan`;
  await conn.run(`DROP TABLE IF EXISTS ${ident(table)}`);
  await conn.run(
    `CREATE TABLE ${ident(table)} AS SELECT * FROM read_csv($path, header = true, auto_detect = false,
       delim = ${literal(delimiter)}, quote = ${literal(quote)}, escape = ${literal(quote)},
       columns = {${columns}}, compression = 'auto', encoding = 'utf-8',
       store_rejects = true, rejects_table = ${literal(rejectsTable)}, rejects_scan = ${literal(rejectsScan)})`,
    { path: filePath },
  );
  const rows = toNumber(await scalar(conn, `SELECT count(*) FROM ${ident(table)}`));
  const rejected = toNumber(await scalar(conn, `SELECT count(DISTINCT line) FROM ${ident(rejectsTable)}`));
  const errors: RowError[] = [];
  let lineOf = (rid: string) => `(${rid} + 2)`;
  if (rejected > 0) {
    const rejects = await all<{ line: bigint; column_name: string | null; error_type: string; error_message: string }>(
      conn,
      `SELECT line, column_name, error_type, error_message FROM ${ident(rejectsTable)} ORDER BY line LIMIT ${Math.max(1, maxErrors)}`,
    );
    for (const r of rejects) {
      errors.push({
        file: resource.path,
        line: Number(r.line),
        field: r.column_name,
        reason: `${r.error_type.toLowerCase()}: ${r.error_message}`,
      });
    }
    // Rejected records are missing from the staged table, so map rowids back to file lines.
    const mapTable = `${table}__lines`;
    await conn.run(
      `CREATE OR REPLACE TEMP TABLE ${ident(mapTable)} AS
       SELECT (row_number() OVER (ORDER BY r) - 1)::BIGINT AS rid, r + 2 AS line
       FROM range(0, ${rows + rejected}) t(r)
       WHERE r + 2 NOT IN (SELECT line FROM ${ident(rejectsTable)})`,
    );
    lineOf = (rid: string) => `(SELECT m.line FROM ${ident(mapTable)} m WHERE m.rid = ${rid})`;
  }
  return { table, rows, lineOf, errors, rejected };
}

// ---------------------------------------------------------------------------------------------
// Constraint checks

interface Check {
  field: string | null;
  /** Row predicate that is true for a bad row. */
  bad: string;
  /** SQL expression describing the problem. */
  reason: string;
  params: Record<string, DuckDBValue>;
}

const DEFAULT_TRUE = ["true", "True", "TRUE", "1"];
const DEFAULT_FALSE = ["false", "False", "FALSE", "0"];

function shown(col: string): string {
  return `'"' || left(CAST(${col} AS VARCHAR), 60) || '"'`;
}

function textChecks(field: Field, required: boolean, next: () => string): Check[] {
  const col = ident(field.name);
  const checks: Check[] = [];
  const add = (bad: string, reason: string, params: Record<string, DuckDBValue> = {}) =>
    checks.push({ field: field.name, bad, reason, params });
  if (required) add(`${col} IS NULL`, `'missing value (the field is required)'`);
  switch (field.type) {
    case "integer":
      add(`${col} IS NOT NULL AND NOT regexp_full_match(${col}, '[+-]?[0-9]+')`, `'not an integer: ' || ${shown(col)}`);
      break;
    case "number":
      add(`${col} IS NOT NULL AND TRY_CAST(${col} AS DOUBLE) IS NULL`, `'not a number: ' || ${shown(col)}`);
      break;
    case "year":
      add(`${col} IS NOT NULL AND NOT regexp_full_match(${col}, '[+-]?[0-9]{4}')`, `'not a year: ' || ${shown(col)}`);
      break;
    case "date":
      add(`${col} IS NOT NULL AND TRY_CAST(${col} AS DATE) IS NULL`, `'not a date: ' || ${shown(col)}`);
      break;
    case "datetime":
      add(`${col} IS NOT NULL AND TRY_CAST(${col} AS TIMESTAMP) IS NULL`, `'not a datetime: ' || ${shown(col)}`);
      break;
    case "boolean": {
      const p = next();
      add(
        `${col} IS NOT NULL AND NOT list_contains($${p}, ${col})`,
        `'not a boolean: ' || ${shown(col)}`,
        { [p]: listValue([...(field.trueValues ?? DEFAULT_TRUE), ...(field.falseValues ?? DEFAULT_FALSE)]) },
      );
      break;
    }
    default:
      break;
  }
  const cons = field.constraints;
  const numeric = field.type === "integer" || field.type === "number";
  if (cons?.pattern !== undefined) {
    const p = next();
    add(`${col} IS NOT NULL AND NOT regexp_full_match(${col}, $${p})`, `'does not match pattern ${cons.pattern.replace(/'/g, "''")}: ' || ${shown(col)}`, {
      [p]: cons.pattern,
    });
  }
  if (cons?.enum && cons.enum.length > 0) {
    const p = next();
    add(`${col} IS NOT NULL AND NOT list_contains($${p}, ${col})`, `'not one of the allowed values: ' || ${shown(col)}`, {
      [p]: listValue(cons.enum.map(String)),
    });
  }
  if (numeric && cons?.minimum !== undefined) {
    const p = next();
    add(`TRY_CAST(${col} AS DOUBLE) < $${p}`, `'below the minimum ${String(cons.minimum)}: ' || ${shown(col)}`, { [p]: Number(cons.minimum) });
  }
  if (numeric && cons?.maximum !== undefined) {
    const p = next();
    add(`TRY_CAST(${col} AS DOUBLE) > $${p}`, `'above the maximum ${String(cons.maximum)}: ' || ${shown(col)}`, { [p]: Number(cons.maximum) });
  }
  if (cons?.minLength !== undefined) add(`length(${col}) < ${cons.minLength}`, `'shorter than ${cons.minLength} characters: ' || ${shown(col)}`);
  if (cons?.maxLength !== undefined) add(`length(${col}) > ${cons.maxLength}`, `'longer than ${cons.maxLength} characters: ' || ${shown(col)}`);
  return checks;
}

const TYPE_FAMILIES: Record<string, RegExp> = {
  integer: /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT)$/,
  number: /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|FLOAT|DOUBLE|DECIMAL.*)$/,
  string: /^VARCHAR$/,
  boolean: /^BOOLEAN$/,
  date: /^DATE$/,
  datetime: /^TIMESTAMP.*$/,
  year: /^(SMALLINT|INTEGER|BIGINT|USMALLINT)$/,
};

/** Checks for a typed (Parquet) source: types are checked once per column, values per row. */
function typedChecks(field: Field, columnType: string | undefined, required: boolean, next: () => string, file: string, fileErrors: RowError[]): Check[] {
  const col = ident(field.name);
  if (columnType === undefined) {
    fileErrors.push({ file, line: null, field: field.name, reason: "column is missing from the file" });
    return [];
  }
  const family = TYPE_FAMILIES[field.type];
  if (family && !family.test(columnType)) {
    fileErrors.push({ file, line: null, field: field.name, reason: `column type ${columnType} does not match schema type ${field.type}` });
    return [];
  }
  const checks: Check[] = [];
  const add = (bad: string, reason: string, params: Record<string, DuckDBValue> = {}) =>
    checks.push({ field: field.name, bad, reason, params });
  if (required) add(`${col} IS NULL`, `'missing value (the field is required)'`);
  const cons = field.constraints;
  const asText = `CAST(${col} AS VARCHAR)`;
  if (cons?.pattern !== undefined) {
    const p = next();
    add(`${col} IS NOT NULL AND NOT regexp_full_match(${asText}, $${p})`, `'does not match pattern ${cons.pattern.replace(/'/g, "''")}: ' || ${shown(col)}`, {
      [p]: cons.pattern,
    });
  }
  if (cons?.enum && cons.enum.length > 0) {
    const p = next();
    add(`${col} IS NOT NULL AND NOT list_contains($${p}, ${asText})`, `'not one of the allowed values: ' || ${shown(col)}`, {
      [p]: listValue(cons.enum.map(String)),
    });
  }
  if (cons?.minimum !== undefined) {
    const p = next();
    add(`${col} < $${p}`, `'below the minimum ${String(cons.minimum)}: ' || ${shown(col)}`, { [p]: Number(cons.minimum) });
  }
  if (cons?.maximum !== undefined) {
    const p = next();
    add(`${col} > $${p}`, `'above the maximum ${String(cons.maximum)}: ' || ${shown(col)}`, { [p]: Number(cons.maximum) });
  }
  if (field.type === "number") {
    add(`isnan(${col}) OR isinf(${col})`, `'not a finite number: ' || ${shown(col)}`);
  }
  return checks;
}

export interface ValidationSource {
  /** A table or view with one column per schema field. */
  relation: string;
  /** Column (or pseudo-column) giving each row's position in the file: rowid, file_row_number. */
  ridColumn: string;
  /** SQL giving the reported line (or row) number from an expression holding the position. */
  lineOf: (rid: string) => string;
  typed: boolean;
}

export interface ForeignKeyTarget {
  /** Relation holding the referenced resource's rows, or null if the package lacks that resource. */
  relation: string | null;
  typed: boolean;
}

/**
 * Checks one staged file: types, required, pattern, enum, min/max, length, primary key uniqueness,
 * unique fields and foreign keys into other staged resources.
 */
export async function validateStaged(
  conn: DuckDBConnection,
  resource: Resource,
  source: ValidationSource,
  options: { maxErrors: number; foreignKeyTarget: (resourceName: string) => ForeignKeyTarget; rows: number },
): Promise<FileValidation> {
  const file = resource.path;
  const schema = resource.schema;
  const result: FileValidation = { resource: resource.name, file, rows: options.rows, badRows: 0, errors: [], warnings: [] };
  if (!schema) return result;
  const rel = ident(source.relation);
  // Positions are carried as __rid so bad rows can be ordered and located without scanning twice.
  const withRid = `(SELECT ${source.ridColumn} AS __rid, * FROM ${rel})`;
  const primaryKey = asList(schema.primaryKey);
  let counter = 0;
  const next = () => `p${++counter}`;

  let columnTypes = new Map<string, string>();
  if (source.typed) {
    const described = await all<{ column_name: string; column_type: string }>(conn, `DESCRIBE SELECT * FROM ${rel}`);
    columnTypes = new Map(described.map((d) => [d.column_name, d.column_type]));
  }
  const fileErrors: RowError[] = [];
  const checks: Check[] = schema.fields.flatMap((field) => {
    const required = Boolean(field.constraints?.required) || primaryKey.includes(field.name);
    return source.typed
      ? typedChecks(field, columnTypes.get(field.name), required, next, file, fileErrors)
      : textChecks(field, required, next);
  });
  result.errors.push(...fileErrors);
  if (fileErrors.length > 0) result.badRows = options.rows;

  if (checks.length > 0) {
    const counts = checks.map((ch, i) => `count(*) FILTER (WHERE ${ch.bad}) AS c${i}`).join(", ");
    const anyBad = checks.map((ch) => `(${ch.bad})`).join(" OR ");
    const params = Object.assign({}, ...checks.map((ch) => ch.params)) as Record<string, DuckDBValue>;
    const [row] = await all<Record<string, unknown>>(
      conn,
      `SELECT count(*) FILTER (WHERE ${anyBad}) AS bad, ${counts} FROM ${rel}`,
      params,
    );
    result.badRows += toNumber(row.bad);
    for (let i = 0; i < checks.length; i++) {
      if (toNumber(row[`c${i}`]) === 0) continue;
      const ch = checks[i];
      const rows = await all<{ line: unknown; reason: string }>(
        conn,
        `SELECT ${source.lineOf("__rid")} AS line, ${ch.reason} AS reason FROM ${withRid} s WHERE ${ch.bad} ORDER BY __rid LIMIT ${options.maxErrors}`,
        ch.params,
      );
      for (const r of rows) result.errors.push({ file, line: r.line === null ? null : toNumber(r.line), field: ch.field, reason: r.reason });
    }
  }

  const uniqueSets: string[][] = [];
  if (primaryKey.length > 0) uniqueSets.push(primaryKey);
  for (const field of schema.fields) if (field.constraints?.unique && !(primaryKey.length === 1 && primaryKey[0] === field.name)) uniqueSets.push([field.name]);
  for (const keys of uniqueSets) {
    if (keys.some((k) => !schema.fields.some((f) => f.name === k))) {
      result.errors.push({ file, line: null, field: null, reason: `primary key names a field the schema lacks: ${keys.join(", ")}` });
      continue;
    }
    const cols = keys.map(ident).join(", ");
    const label = keys.length > 1 ? "primary key" : `unique field ${keys[0]}`;
    const dupes = await all<{ extra: unknown }>(
      conn,
      `SELECT COALESCE(sum(n - 1), 0) AS extra FROM (SELECT count(*) AS n FROM ${rel} WHERE ${keys.map((k) => `${ident(k)} IS NOT NULL`).join(" AND ")} GROUP BY ${cols} HAVING count(*) > 1)`,
    );
    const extra = toNumber(dupes[0]?.extra);
    if (extra === 0) continue;
    result.badRows += extra;
    const rows = await all<{ line: unknown; key: string; first: unknown }>(
      conn,
      `SELECT ${source.lineOf("__rid")} AS line, key, ${source.lineOf("first_rid")} AS first FROM (
         SELECT __rid, concat_ws(', ', ${keys.map((k) => `CAST(${ident(k)} AS VARCHAR)`).join(", ")}) AS key,
                row_number() OVER (PARTITION BY ${cols} ORDER BY __rid) AS occurrence,
                min(__rid) OVER (PARTITION BY ${cols}) AS first_rid
         FROM ${withRid} s WHERE (${cols}) IN (SELECT (${cols}) FROM ${rel} GROUP BY ${cols} HAVING count(*) > 1)
       ) WHERE occurrence > 1 ORDER BY __rid LIMIT ${options.maxErrors}`,
    );
    for (const r of rows) {
      result.errors.push({
        file,
        line: r.line === null ? null : toNumber(r.line),
        field: keys.join(", "),
        reason: `duplicate ${label} (${r.key}), first seen on ${source.typed ? "row" : "line"} ${toNumber(r.first)}`,
      });
    }
  }

  for (const fk of schema.foreignKeys ?? []) {
    const fields = asList(fk.fields);
    const refFields = asList(fk.reference.fields);
    // An empty reference.resource means the key points into the same resource (Table Schema spec).
    const target: ForeignKeyTarget =
      fk.reference.resource === "" ? { relation: source.relation, typed: source.typed } : options.foreignKeyTarget(fk.reference.resource);
    if (!target.relation || fields.length !== refFields.length) continue;
    const cast = (expr: string) => `CAST(${expr} AS VARCHAR)`;
    const match = fields.map((f, i) => `${cast(`r.${ident(refFields[i])}`)} = ${cast(`s.${ident(f)}`)}`).join(" AND ");
    const notNull = fields.map((f) => `s.${ident(f)} IS NOT NULL`).join(" AND ");
    const bad = `${notNull} AND NOT EXISTS (SELECT 1 FROM ${ident(target.relation)} r WHERE ${match})`;
    const missing = toNumber(await scalar(conn, `SELECT count(*) FROM ${rel} s WHERE ${bad}`));
    if (missing === 0) continue;
    result.badRows += missing;
    const rows = await all<{ line: unknown; value: string }>(
      conn,
      `SELECT ${source.lineOf("s.__rid")} AS line, concat_ws(', ', ${fields.map((f) => cast(`s.${ident(f)}`)).join(", ")}) AS value
       FROM ${withRid} s WHERE ${bad} ORDER BY s.__rid LIMIT ${options.maxErrors}`,
    );
    for (const r of rows) {
      result.errors.push({
        file,
        line: r.line === null ? null : toNumber(r.line),
        field: fields.join(", "),
        reason: `"${r.value}" is not in ${fk.reference.resource}.${refFields.join(", ")}`,
      });
    }
  }

  if (resource.rowCount !== undefined && resource.rowCount !== options.rows) {
    result.warnings.push(`${file}: datapackage.json says ${resource.rowCount} rows, the file has ${options.rows}`);
  }
  result.errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  result.errors.splice(options.maxErrors);
  return result;
}

export function isParquetResource(resource: Resource): boolean {
  return isParquet(resource);
}
