/**
 * The compare page's URL codec: `/compare?countries=chl,per,arg` or `/compare?products=2603,7403`.
 * Parse (ISO3, ISO2, names, HS codes), validate (two to four entities of one kind, known to the
 * warehouse), canonicalise (ids in the order given, duplicates removed) and build. Pure: the member
 * lookups arrive as a resolver, so hostile input never reaches a query.
 */
import { productSegment, sectionPrefixedProduct, slugify, type MemberLookup, type ProductRef } from "@/domain/profiles/path";

export const COMPARE_KINDS = ["countries", "products"] as const;
export type CompareKind = (typeof COMPARE_KINDS)[number];

export const MIN_ENTITIES = 2;
export const MAX_ENTITIES = 4;
/** Longer parameters are refused before they are split (a list of four names fits many times over). */
export const MAX_PARAM_LENGTH = 400;
/** Unknown tokens are echoed back to the reader shortened, and only the first few. */
const SHOWN_TOKENS = 5;
const SHOWN_TOKEN_LENGTH = 24;
/** What a token may look like before it is looked up: letters, digits and a few name characters. */
const TOKEN = /^[\p{L}\p{N}][\p{L}\p{N} .'()&-]{0,79}$/u;

/** Two to four countries (ISO3, lower case) or products (HS code, "section-N" for sections). */
export interface CompareState {
  kind: CompareKind;
  ids: string[];
}

/** What the codec asks of the warehouse's members. */
export interface CompareResolver {
  /** A country's ISO3 id from its ISO3, ISO2 or name; null for anything else (continents too). */
  country(token: string): string | null;
  product(token: string): ProductRef | null;
}

export type CompareProblem =
  | { code: "both-kinds" }
  | { code: "too-few"; count: number }
  | { code: "too-many"; count: number }
  | { code: "unknown"; tokens: string[] }
  /** Six-digit products: no dataset of goods trade at that depth answers a world comparison here. */
  | { code: "unsupported"; tokens: string[] };

export type CompareParse =
  /** Nothing asked: the page offers the picker. */
  | { kind: "empty" }
  | { kind: "ok"; state: CompareState }
  /** A valid selection written another way (ISO2, names, duplicates, case, extra parameters). */
  | { kind: "redirect"; state: CompareState; search: string }
  /** The page says what is wrong; `state` is what could be read (for the picker), when anything. */
  | { kind: "invalid"; problem: CompareProblem; state: CompareState | null };

export type RawSearchParams = Readonly<Record<string, string | string[] | undefined>>;

/** The member lookups of the profile codec as a compare resolver. */
export function resolverFromLookup(lookup: MemberLookup): CompareResolver {
  return {
    country(token) {
      const lower = token.toLowerCase();
      const geo = lookup.geography(lower) ?? lookup.geography(slugify(token));
      return geo?.kind === "country" ? geo.id : null;
    },
    product(token) {
      const lower = token.toLowerCase();
      return lookup.product(lower) ?? sectionPrefixedProduct(lower, lookup) ?? lookup.product(slugify(token));
    },
  };
}

const values = (value: string | string[] | undefined): string[] | null => (value === undefined ? null : Array.isArray(value) ? value : [value]);

const shown = (tokens: readonly string[]): string[] =>
  tokens.slice(0, SHOWN_TOKENS).map((t) => (t.length > SHOWN_TOKEN_LENGTH ? `${t.slice(0, SHOWN_TOKEN_LENGTH - 1)}…` : t));

/** The query string of a selection: `countries=chl,per` (ids are plain, nothing to escape but kept safe anyway). */
export function buildCompareSearch(state: CompareState): string {
  return `${state.kind}=${state.ids.map(encodeURIComponent).join(",")}`;
}

/** The page's path for a selection (any number of ids: the picker builds one-entity links too). */
export function comparePath(locale: string, state?: CompareState | null): string {
  return state && state.ids.length ? `/${locale}/compare?${buildCompareSearch(state)}` : `/${locale}/compare`;
}

/** A selection with one more entity (no duplicate, never more than the maximum). */
export function withEntity(state: CompareState, id: string): CompareState {
  if (state.ids.includes(id) || state.ids.length >= MAX_ENTITIES) return state;
  return { kind: state.kind, ids: [...state.ids, id] };
}

export function withoutEntity(state: CompareState, id: string): CompareState {
  return { kind: state.kind, ids: state.ids.filter((x) => x !== id) };
}

/** The product a canonical product id stands for ("2603", "26", "section-5"); null for anything else. */
export function productOfId(id: string): ProductRef | null {
  const section = /^section-(\d{1,2})$/.exec(id);
  if (section) return { kind: "section", id: section[1] };
  if (/^\d{2}$/.test(id)) return { kind: "hs2", id };
  if (/^\d{4}$/.test(id)) return { kind: "hs4", id };
  return null;
}

/**
 * What the picker asks the profile search (report and variant ids of domain/explorer/reports):
 * countries (report 1, variant 3), or products of every depth (report 3); six-digit products
 * (variant 10) are left out of the answers.
 */
export const PICKER_SEARCH: Record<CompareKind, { report: number; variant: string | null; skipVariants: readonly number[] }> = {
  countries: { report: 1, variant: "3", skipVariants: [] },
  products: { report: 3, variant: null, skipVariants: [10] },
};

/** The token a search result's profile path stands for ("/country/chl" -> "chl"); the page canonicalises it. */
export const pickerToken = (profilePath: string): string => profilePath.split("/").filter(Boolean).at(-1) ?? "";

/** Whether the raw parameters are exactly the canonical query string of `state`. */
function isCanonical(raw: RawSearchParams, state: CompareState): boolean {
  const keys = Object.keys(raw).filter((k) => raw[k] !== undefined);
  const value = raw[state.kind];
  return keys.length === 1 && typeof value === "string" && value === state.ids.join(",");
}

export function parseCompare(raw: RawSearchParams, resolver: CompareResolver): CompareParse {
  const asked = COMPARE_KINDS.map((kind) => ({ kind, list: values(raw[kind]) })).filter((a): a is { kind: CompareKind; list: string[] } => a.list !== null);
  const nonEmpty = asked.filter((a) => a.list.some((v) => v.trim() !== ""));
  if (nonEmpty.length > 1) return { kind: "invalid", problem: { code: "both-kinds" }, state: null };
  if (asked.length === 0) return { kind: "empty" };
  const { kind, list } = nonEmpty[0] ?? asked[0];
  const joined = list.join(",");
  if (joined.length > MAX_PARAM_LENGTH) return { kind: "invalid", problem: { code: "too-many", count: joined.split(",").length }, state: null };
  // Commas separate; a name may hold spaces ("united states" is looked up by its slug).
  const tokens = [...new Set(joined.split(",").map((t) => t.trim()).filter(Boolean))];
  if (tokens.length > MAX_ENTITIES * 2) return { kind: "invalid", problem: { code: "too-many", count: tokens.length }, state: null };

  const ids: string[] = [];
  const unknown: string[] = [];
  const unsupported: string[] = [];
  for (const token of tokens) {
    if (!TOKEN.test(token)) {
      unknown.push(token);
      continue;
    }
    let id: string | null = null;
    if (kind === "countries") id = resolver.country(token);
    else {
      const product = resolver.product(token);
      if (product?.kind === "hs6") unsupported.push(token);
      else if (product) id = productSegment(product);
    }
    if (id) {
      if (!ids.includes(id)) ids.push(id);
    } else if (!unsupported.includes(token)) unknown.push(token);
  }
  const state: CompareState | null = ids.length ? { kind, ids: ids.slice(0, MAX_ENTITIES) } : null;
  if (unknown.length) return { kind: "invalid", problem: { code: "unknown", tokens: shown(unknown) }, state };
  if (unsupported.length) return { kind: "invalid", problem: { code: "unsupported", tokens: shown(unsupported) }, state };
  if (ids.length > MAX_ENTITIES) return { kind: "invalid", problem: { code: "too-many", count: ids.length }, state };
  if (ids.length < MIN_ENTITIES) return { kind: "invalid", problem: { code: "too-few", count: ids.length }, state };
  const canonical: CompareState = { kind, ids };
  return isCanonical(raw, canonical) ? { kind: "ok", state: canonical } : { kind: "redirect", state: canonical, search: buildCompareSearch(canonical) };
}
