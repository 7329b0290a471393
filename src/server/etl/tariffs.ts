/**
 * Tariffs from a WITS/TRAINS CSV download into the warehouse table `fact_tariffs`, read by the
 * tariff simulator to pre-fill current rates (docs/tariff-simulator.md describes the layout).
 *
 * `npm run data:import -- --tariffs FILE`: every row is validated (zod) before anything is written;
 * bad rows are reported with their line numbers and nothing is imported. The table is written into
 * a copy of the warehouse that replaces the old file by rename, so readers see the old warehouse or
 * the new one, never half a table. A later full import carries the table over.
 */
import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { DuckDBConnection } from "@duckdb/node-api";
import { z } from "zod";
import { parseCsv } from "@/domain/format/csv";
import { MAX_TARIFF_PERCENT } from "@/domain/tariff/params";
import { warehousePath } from "@/server/warehouse/config";
import { all, literal } from "./sql";
import { carryOver, copyTables, runSteps, type ImportStep, type StepTiming } from "./steps";
import type { RowError } from "./validate";

export const TARIFF_TABLE = "fact_tariffs";
export const TARIFF_META_TABLE = "_meta_tariffs";
/** Partner id meaning "every partner" (WITS: WLD, World, 000). */
export const ALL_PARTNERS = "wld";

export interface TariffRow {
  reporter: string;
  partner: string;
  /** HS code (2, 4 or 6 digits) or "total" for all products. */
  product: string;
  depth: "hs2" | "hs4" | "hs6" | "total";
  year: number;
  dutyType: string | null;
  /** Percent. */
  simpleAverage: number;
  weightedAverage: number | null;
  nomenclature: string | null;
  line: number;
}

export class TariffImportError extends Error {
  constructor(
    message: string,
    readonly errors: RowError[] = [],
    readonly badRows = errors.length,
  ) {
    super(message);
    this.name = "TariffImportError";
  }
}

// ---------------------------------------------------------------------------------------------
// The CSV layout

type Field = "reporter" | "partner" | "product" | "year" | "dutyType" | "simpleAverage" | "weightedAverage" | "nomenclature";

/** Header spellings seen in WITS downloads (Advanced Query results, TRAINS raw data), compared without case, spaces or punctuation. */
const HEADER_ALIASES: Record<Field, readonly string[]> = {
  reporter: ["reporter", "reporteriso3", "reportercode", "reporteriso", "reporterison", "reportercountrycode"],
  partner: ["partner", "partneriso3", "partnercode", "partneriso", "partnerison", "partnercountrycode"],
  product: ["product", "productcode", "hscode", "hs6", "productid"],
  year: ["tariffyear", "year"],
  dutyType: ["dutytype", "duty"],
  simpleAverage: ["simpleaverage", "simpleaveragerate", "simpleavg", "ahssimpleaverage", "mfnsimpleaverage", "simpleaverageahs", "simpleaveragemfn"],
  weightedAverage: ["weightedaverage", "weightedaveragerate", "weightedavg"],
  nomenclature: ["nativenomen", "nomencode", "nomenclature", "selectednomen"],
};
const REQUIRED: readonly Field[] = ["reporter", "product", "year", "simpleAverage"];

const normaliseHeader = (h: string) => h.replace(/^\uFEFF/, "").toLowerCase().replace(/[^a-z0-9]/g, "");

/** Column index per field; throws naming what is missing. */
export function mapHeader(header: readonly string[], file: string): Partial<Record<Field, number>> {
  const normal = header.map(normaliseHeader);
  const found: Partial<Record<Field, number>> = {};
  for (const field of Object.keys(HEADER_ALIASES) as Field[]) {
    for (const alias of HEADER_ALIASES[field]) {
      const at = normal.indexOf(alias);
      if (at >= 0) {
        found[field] = at;
        break;
      }
    }
  }
  const missing = REQUIRED.filter((f) => found[f] === undefined);
  if (missing.length) {
    const names: Record<Field, string> = {
      reporter: "Reporter (ISO3)",
      partner: "Partner",
      product: "Product (HS code)",
      year: "Tariff Year",
      dutyType: "DutyType",
      simpleAverage: "Simple Average",
      weightedAverage: "Weighted Average",
      nomenclature: "Native Nomen",
    };
    throw new TariffImportError(`${file}: the header lacks ${missing.map((f) => names[f]).join(", ")} (found: ${header.join(", ")})`, [
      { file, line: 1, field: null, reason: `missing columns: ${missing.map((f) => names[f]).join(", ")}` },
    ]);
  }
  return found;
}

const WORLD = new Set(["wld", "world", "000", "999", "all"]);
const percent = () =>
  z
    .string()
    .trim()
    .regex(/^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i, "expected a number (a percentage such as 5.5)")
    .transform(Number)
    .refine((v) => v >= 0, `a tariff cannot be negative`)
    .refine((v) => v <= MAX_TARIFF_PERCENT, `above ${MAX_TARIFF_PERCENT}% (rates are percentages: 5 means 5%)`);

const rowSchema = z.object({
  reporter: z.string().trim().regex(/^([A-Za-z]{3}|\d{1,3})$/, "expected an ISO3 code (USA) or a numeric M49 code (840)"),
  partner: z.string().trim().regex(/^([A-Za-z]{3}|\d{1,3}|world|all)$/i, "expected an ISO3 code, a numeric M49 code, WLD or World"),
  product: z
    .string()
    .trim()
    .regex(/^(\d{2}|\d{4}|\d{6}|total|all)$/i, "expected an HS code of 2, 4 or 6 digits (leading zeros kept) or Total"),
  year: z.string().trim().regex(/^\d{4}$/, "expected a four-digit year").transform(Number).refine((y) => y >= 1900 && y <= 2100, "year out of range"),
  dutyType: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(AHS|MFN|BND|PRF)$/, "expected AHS, MFN, BND or PRF")
    .nullable(),
  simpleAverage: percent(),
  weightedAverage: z.union([z.literal("").transform(() => null), z.string().regex(/^(na|n\/a|nan)$/i).transform(() => null), percent()]).nullable(),
  nomenclature: z.string().trim().max(8, "expected a nomenclature code such as H4").nullable(),
});

export interface ParsedTariffs {
  rows: TariffRow[];
  errors: RowError[];
  badRows: number;
}

/**
 * Validates a whole file. `countries` maps an ISO3 (lower case) or M49 code to the warehouse's
 * country id; codes it lacks are bad rows (country groups such as EUN are not expanded).
 */
export function parseTariffCsv(text: string, file: string, countries: ReadonlyMap<string, string>, maxErrors = 20): ParsedTariffs {
  const csv = parseCsv(text);
  if (csv.error) throw new TariffImportError(`${file}:${csv.error.line}: ${csv.error.reason}`, [{ file, line: csv.error.line, field: null, reason: csv.error.reason }]);
  const [first, ...records] = csv.records;
  if (!first) throw new TariffImportError(`${file}: the file is empty`, [{ file, line: 1, field: null, reason: "empty file" }]);
  const header = first.cells;
  const columns = mapHeader(header, file);
  const errors: RowError[] = [];
  let badRows = 0;
  const rows: TariffRow[] = [];
  const seen = new Map<string, number>();
  const fail = (line: number, field: string | null, reason: string) => {
    badRows++;
    if (errors.length < maxErrors) errors.push({ file, line, field, reason });
  };
  const column = (f: Field) => (columns[f] === undefined ? f : header[columns[f]!].trim());
  const cell = (cells: string[], f: Field) => (columns[f] === undefined ? null : (cells[columns[f]!] ?? ""));
  for (const { line, cells } of records) {
    if (cells.length === 1 && cells[0].trim() === "") continue;
    const parsed = rowSchema.safeParse({
      reporter: cell(cells, "reporter"),
      partner: cell(cells, "partner") ?? "WLD",
      product: cell(cells, "product"),
      year: cell(cells, "year"),
      dutyType: columns.dutyType === undefined ? null : cell(cells, "dutyType"),
      simpleAverage: cell(cells, "simpleAverage"),
      weightedAverage: cell(cells, "weightedAverage"),
      nomenclature: cell(cells, "nomenclature"),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue.path[0] as Field | undefined;
      // Name the column as the file spells it ("Simple Average"), not our field name.
      fail(line, field ? column(field) : null, issue.message);
      continue;
    }
    const r = parsed.data;
    const reporter = countries.get(r.reporter.toLowerCase().replace(/^0+(?=\d)/, ""));
    if (!reporter) {
      fail(line, column("reporter"), `unknown country code ${r.reporter} (country groups such as EUN are not expanded: list member states)`);
      continue;
    }
    const partnerCode = r.partner.toLowerCase();
    const partner = WORLD.has(partnerCode) ? ALL_PARTNERS : countries.get(partnerCode.replace(/^0+(?=\d)/, ""));
    if (!partner) {
      fail(line, column("partner"), `unknown country code ${r.partner}`);
      continue;
    }
    const product = /^\d+$/.test(r.product) ? r.product : "total";
    const depth = product === "total" ? "total" : (`hs${product.length}` as TariffRow["depth"]);
    const key = [reporter, partner, product, r.year, r.dutyType ?? ""].join("|");
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      fail(line, null, `duplicates line ${earlier} (same reporter, partner, product, year and duty type)`);
      continue;
    }
    seen.set(key, line);
    rows.push({
      reporter,
      partner,
      product,
      depth,
      year: r.year,
      dutyType: r.dutyType,
      simpleAverage: r.simpleAverage,
      weightedAverage: r.weightedAverage ?? null,
      nomenclature: r.nomenclature === "" ? null : r.nomenclature,
      line,
    });
  }
  return { rows, errors, badRows };
}

// ---------------------------------------------------------------------------------------------
// Writing

const CREATE_TABLE = `CREATE TABLE ${TARIFF_TABLE} (
  reporter VARCHAR NOT NULL, partner VARCHAR NOT NULL, product VARCHAR NOT NULL, depth VARCHAR NOT NULL,
  year INTEGER NOT NULL, duty_type VARCHAR, simple_average DOUBLE NOT NULL, weighted_average DOUBLE, nomenclature VARCHAR
)`;

async function countryCodes(conn: DuckDBConnection): Promise<Map<string, string>> {
  const rows = await all<{ id: string; m49: number | null }>(conn, `SELECT id, m49 FROM dim_countries`);
  const map = new Map<string, string>();
  for (const r of rows) {
    map.set(String(r.id).toLowerCase(), String(r.id));
    if (r.m49 !== null && r.m49 !== undefined) map.set(String(Number(r.m49)), String(r.id));
  }
  return map;
}

async function writeRows(conn: DuckDBConnection, rows: readonly TariffRow[], file: string): Promise<void> {
  await conn.run(`DROP TABLE IF EXISTS ${TARIFF_TABLE}`);
  await conn.run(CREATE_TABLE);
  const appender = await conn.createAppender(TARIFF_TABLE);
  for (const r of rows) {
    appender.appendVarchar(r.reporter);
    appender.appendVarchar(r.partner);
    appender.appendVarchar(r.product);
    appender.appendVarchar(r.depth);
    appender.appendInteger(r.year);
    if (r.dutyType === null) appender.appendNull();
    else appender.appendVarchar(r.dutyType);
    appender.appendDouble(r.simpleAverage);
    if (r.weightedAverage === null) appender.appendNull();
    else appender.appendDouble(r.weightedAverage);
    if (r.nomenclature === null) appender.appendNull();
    else appender.appendVarchar(r.nomenclature);
    appender.endRow();
  }
  appender.closeSync();
  // Sorted for the simulator's lookups (one importer, a few years); zone maps prune the rest.
  await conn.run(`CREATE OR REPLACE TABLE ${TARIFF_TABLE} AS SELECT * FROM ${TARIFF_TABLE} ORDER BY reporter, year, product, partner`);
  await conn.run(`CREATE OR REPLACE TABLE ${TARIFF_META_TABLE} AS SELECT ${literal(path.basename(file))} AS source_file, ${rows.length}::BIGINT AS rows, ${literal(new Date().toISOString())} AS imported_at`);
}

export interface TariffImportOptions {
  file: string;
  /** Warehouse file; default WAREHOUSE_PATH or data/warehouse.duckdb. */
  out?: string;
  maxErrors?: number;
  log?: (line: string) => void;
}

export interface TariffImportResult {
  path: string;
  rows: number;
  reporters: number;
  years: number[];
  seconds: number;
  /** Each step's time. */
  timings: StepTiming[];
}

function badRowsError(parsed: ParsedTariffs, label: string): TariffImportError {
  const listed = parsed.errors.length < parsed.badRows ? ` (first ${parsed.errors.length} listed)` : "";
  return new TariffImportError(
    `Validation failed; nothing was imported. ${label}: ${parsed.badRows} bad row${parsed.badRows === 1 ? "" : "s"}${listed}`,
    parsed.errors,
    parsed.badRows,
  );
}

/** Validates `file` and writes it as `fact_tariffs` into the warehouse (all or nothing). */
export async function importTariffs(options: TariffImportOptions): Promise<TariffImportResult> {
  const started = performance.now();
  const target = path.resolve(options.out ?? warehousePath());
  const file = path.resolve(options.file);
  const label = path.basename(file);
  if (!fs.existsSync(file)) throw new TariffImportError(`tariff file not found: ${file}`);
  if (!fs.existsSync(target)) throw new TariffImportError(`no warehouse at ${target}: build it first (npm run data:import)`);
  const text = fs.readFileSync(file, "utf8");
  const log = (line: string) => options.log?.(line);

  let parsed: ParsedTariffs = { rows: [], errors: [], badRows: 0 };
  const steps: ImportStep[] = [
    {
      name: "read and check",
      inputs: [file, "dim_countries"],
      writes: [],
      run: async ({ conn }) => {
        parsed = parseTariffCsv(text, label, await countryCodes(conn), options.maxErrors ?? 20);
      },
      validate: () => {
        if (parsed.badRows > 0) throw badRowsError(parsed, label);
        if (parsed.rows.length === 0) throw new TariffImportError(`${label}: no tariff rows after the header; nothing was imported`);
      },
    },
    { name: TARIFF_TABLE, inputs: [file], writes: [TARIFF_TABLE, TARIFF_META_TABLE], run: ({ conn }) => writeRows(conn, parsed.rows, file) },
  ];
  const { timings } = await runSteps({
    label: "tariffs",
    target,
    start: "copy",
    steps,
    context: (base) => base,
    logger: { info: log, warn: (m) => log(`warning: ${m}`) },
    duckdb: { threads: "2" },
    abortError: () => new TariffImportError("tariff import interrupted; the warehouse is unchanged"),
  });
  const years = [...new Set(parsed.rows.map((r) => r.year))].sort((a, b) => a - b);
  const reporters = new Set(parsed.rows.map((r) => r.reporter)).size;
  const result = { path: target, rows: parsed.rows.length, reporters, years, seconds: (performance.now() - started) / 1000, timings };
  log(`${TARIFF_TABLE}: ${result.rows} rates for ${result.reporters} importers (${years[0]}-${years.at(-1)}) written to ${target} in ${result.seconds.toFixed(1)} s.`);
  return result;
}

/** A full re-import keeps the tariffs of the previous warehouse (they come from another file). */
export async function carryOverTariffs(conn: DuckDBConnection, previousPath: string): Promise<number> {
  // An unreadable previous warehouse is reported by the BACI carry-over; nothing to keep here.
  const carried = await carryOver(conn, previousPath, async (previous) => {
    if (!previous.tables.has(TARIFF_TABLE)) return 0;
    await copyTables(conn, previous, [TARIFF_TABLE, TARIFF_META_TABLE].filter((name) => previous.tables.has(name)));
    const [row] = await all<{ n: bigint | number }>(conn, `SELECT count(*) AS n FROM ${TARIFF_TABLE}`);
    return Number(row?.n ?? 0);
  });
  return carried.status === "read" ? carried.value : 0;
}
