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
