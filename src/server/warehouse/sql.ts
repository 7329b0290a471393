/**
 * Quoting for SQL text. Identifiers that reach SQL come from the cube registry or from
 * datapackage.json field names; both are quoted, never interpolated raw.
 */
import "server-only";
/** A double-quoted identifier; embedded quotes are doubled. */
export function ident(name: string): string {
  if (name.includes("\u0000")) throw new Error("identifier contains NUL");
  return `"${name.replace(/"/g, '""')}"`;
}

/** A single-quoted string literal, for DDL positions that cannot take bound parameters. */
export function literal(value: string): string {
  if (value.includes("\u0000")) throw new Error("literal contains NUL");
  return `'${value.replace(/'/g, "''")}'`;
}

/** A SQL literal for one of our own parameters (ids validated by the resolver, years, limits). */
export function sqlLiteral(value: string | number | boolean | null): string {
  if (value === null) return "NULL";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  return literal(value);
}

/** COPY takes no parameters: compiled SQL with each `$pN` written as a literal. */
export function inlineParams(sql: string, params: Readonly<Record<string, string | number | boolean | null>>): string {
  return sql.replace(/\$(p\d+)\b/g, (whole, name: string) => {
    if (!(name in params)) throw new Error(`no value for ${whole}`);
    return sqlLiteral(params[name]!);
  });
}
