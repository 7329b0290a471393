/**
 * What the tariff simulator is asked, as its URL and its API spell it. The query string holds the
 * whole form, so a link restores a simulation. The checks here need no data; the server checks
 * members and years against the warehouse and its catalogue.
 */
import { PRODUCT_DEPTHS, type ProductDepth } from "@/domain/catalog/catalog";
import { DEFAULT_ELASTICITIES } from "./model";
import { PRODUCT_ID } from "./sources";

/** Tariffs are percentages in the URL and the form; above this a linear model says nothing useful. */
export const MAX_TARIFF_PERCENT = 1000;
export const ELASTICITY_LIMITS = { importDemand: [-50, 0], substitution: [0, 50], exportSupply: [0.01, 1e6] } as const;

export type TariffBase = "imported" | "manual";

export interface TariffParams {
  importer: string;
  depth: ProductDepth;
  product: string;
  /** Absent: the newest year with data. */
  year?: number;
  /** Current tariff on every partner, percent (used where no imported rate exists, or always with base=manual). */
  current: number;
  /** New tariff, percent. */
  next: number;
  /** When set, only this partner gets the new tariff (a preference); otherwise all partners. */
  partner?: string;
  em: number;
  sigma: number;
  ex: number;
  base: TariffBase;
}

export type TariffErrorCode =
  | "missing"
  | "invalid"
  | "tariff_negative"
  | "tariff_too_high"
  | "elasticity_range"
  | "unknown_importer"
  | "unknown_product"
  | "unknown_partner"
  | "no_year"
  | "no_data";

export type TariffParamsResult = { ok: true; params: TariffParams } | { ok: false; field: string; code: TariffErrorCode; message: string };

export const TARIFF_DEFAULTS = {
  depth: "section" as ProductDepth,
  current: 0,
  em: DEFAULT_ELASTICITIES.importDemand,
  sigma: DEFAULT_ELASTICITIES.substitution,
  ex: DEFAULT_ELASTICITIES.exportSupply,
  base: "imported" as TariffBase,
};

const COUNTRY = /^[a-z][a-z0-9]{2}$/;

type Raw = Record<string, string>;

/** The query string as plain strings: first value of each key, trimmed, empty ones absent, long ones cut. */
export function rawParams(input: URLSearchParams | Record<string, string | string[] | undefined>): Raw {
  const raw: Raw = {};
  const entries = input instanceof URLSearchParams ? [...input.entries()] : Object.entries(input).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v] as const);
  for (const [key, value] of entries) {
    if (typeof value !== "string" || key in raw) continue;
    const text = value.trim();
    if (text !== "") raw[key] = text.slice(0, 64);
  }
  return raw;
}

class ParamError extends Error {
  constructor(
    readonly field: string,
    readonly code: TariffErrorCode,
    message: string,
  ) {
    super(message);
  }
}

function num(raw: Raw, field: string, fallback?: number): number {
  const text = raw[field];
  if (text === undefined) {
    if (fallback === undefined) throw new ParamError(field, "missing", `${field}: required`);
    return fallback;
  }
  // Accept a decimal comma ("7,5") as typed in Spanish; reject anything else that is not a plain number.
  const normalised = text.replace(",", ".");
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i.test(normalised)) throw new ParamError(field, "invalid", `${field}: expected a number, got "${text}"`);
  const value = Number(normalised);
  if (!Number.isFinite(value)) throw new ParamError(field, "invalid", `${field}: expected a finite number`);
  return value;
}

function tariff(raw: Raw, field: string, label: string, fallback?: number): number {
  const value = num(raw, field, fallback);
  if (value < 0) throw new ParamError(field, "tariff_negative", `${field}: a tariff cannot be negative (the ${label} tariff is ${value}%)`);
  if (value > MAX_TARIFF_PERCENT) {
    throw new ParamError(field, "tariff_too_high", `${field}: ${value}% is beyond what this model can say; enter a ${label} tariff between 0 and ${MAX_TARIFF_PERCENT}%`);
  }
  return value;
}

function elasticity(raw: Raw, field: string, name: keyof typeof ELASTICITY_LIMITS, fallback: number, hint: string): number {
  const value = num(raw, field, fallback);
  const [min, max] = ELASTICITY_LIMITS[name];
  if (value < min || value > max) throw new ParamError(field, "elasticity_range", `${field}: ${hint} (between ${min} and ${max}), got ${value}`);
  return value;
}

function country(raw: Raw, field: string, required: boolean): string | undefined {
  const text = raw[field]?.toLowerCase();
  if (text === undefined) {
    if (required) throw new ParamError(field, "missing", `${field}: required (a country id such as usa)`);
    return undefined;
  }
  if (!COUNTRY.test(text)) throw new ParamError(field, "invalid", `${field}: expected a three-letter country id such as usa, got "${raw[field]}"`);
  return text;
}

/** Reads and checks a simulation request. */
export function parseTariffParams(input: URLSearchParams | Record<string, string | string[] | undefined>): TariffParamsResult {
  const raw = rawParams(input);
  try {
    const importer = country(raw, "importer", true)!;
    const depth = (raw.depth ?? TARIFF_DEFAULTS.depth) as ProductDepth;
    if (!(PRODUCT_DEPTHS as readonly string[]).includes(depth)) throw new ParamError("depth", "invalid", `depth: one of ${PRODUCT_DEPTHS.join(", ")}`);
    const product = raw.product;
    if (product === undefined) throw new ParamError("product", "missing", "product: required (a section number or an HS code)");
    if (!PRODUCT_ID[depth].test(product)) {
      throw new ParamError("product", "invalid", `product: "${product}" is not a ${depth === "section" ? "section number (1-21)" : `${depth.slice(2)}-digit HS code`}`);
    }
    let year: number | undefined;
    if (raw.year !== undefined) {
      if (!/^\d{4}$/.test(raw.year)) throw new ParamError("year", "invalid", `year: expected a year such as 2018, got "${raw.year}"`);
      year = Number(raw.year);
    }
    const base = raw.base ?? TARIFF_DEFAULTS.base;
    if (base !== "imported" && base !== "manual") throw new ParamError("base", "invalid", "base: imported or manual");
    const params: TariffParams = {
      importer,
      depth,
      product,
      year,
      current: tariff(raw, "current", "current", TARIFF_DEFAULTS.current),
      next: tariff(raw, "new", "new"),
      partner: country(raw, "partner", false),
      em: elasticity(raw, "em", "importDemand", TARIFF_DEFAULTS.em, "the import demand elasticity is negative or zero"),
      sigma: elasticity(raw, "sigma", "substitution", TARIFF_DEFAULTS.sigma, "the substitution elasticity is positive or zero"),
      ex: elasticity(raw, "ex", "exportSupply", TARIFF_DEFAULTS.ex, "the export supply elasticity is positive; 99 or more stands for infinite"),
      base,
    };
    if (params.partner === importer) throw new ParamError("partner", "invalid", "partner: the importer cannot be its own partner");
    return { ok: true, params };
  } catch (error) {
    if (error instanceof ParamError) return { ok: false, field: error.field, code: error.code, message: error.message };
    throw error;
  }
}

/** The query string of a simulation, defaults left out, in a stable order. */
export function tariffSearch(p: Partial<TariffParams>): string {
  const q = new URLSearchParams();
  if (p.importer) q.set("importer", p.importer);
  if (p.depth && p.depth !== TARIFF_DEFAULTS.depth) q.set("depth", p.depth);
  if (p.product) q.set("product", p.product);
  if (p.year !== undefined) q.set("year", String(p.year));
  if (p.current !== undefined && p.current !== TARIFF_DEFAULTS.current) q.set("current", String(p.current));
  if (p.next !== undefined) q.set("new", String(p.next));
  if (p.partner) q.set("partner", p.partner);
  if (p.em !== undefined && p.em !== TARIFF_DEFAULTS.em) q.set("em", String(p.em));
  if (p.sigma !== undefined && p.sigma !== TARIFF_DEFAULTS.sigma) q.set("sigma", String(p.sigma));
  if (p.ex !== undefined && p.ex !== TARIFF_DEFAULTS.ex) q.set("ex", String(p.ex));
  if (p.base && p.base !== TARIFF_DEFAULTS.base) q.set("base", p.base);
  return q.toString();
}
