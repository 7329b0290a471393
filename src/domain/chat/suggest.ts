/**
 * Questions to try next, built from what a question named: a country brings "What does Chile
 * export?" and "Who does Chile export to?", a product "Who exports copper?". Returned as message
 * keys (namespace chat.suggest) with their values; the server writes them in the visitor's language.
 */
import { isProduct } from "./parse";
import type { ChatEntity } from "./types";

export type SuggestionKey =
  | "topProducts"
  | "topImports"
  | "topPartners"
  | "growth"
  | "opportunities"
  | "whoExports"
  | "whoImports"
  | "value"
  | "bilateral"
  | "compare"
  | "rankingEci"
  | "rankingTrade"
  | "rankingPci"
  | "valueYear";

export interface Suggestion {
  key: SuggestionKey;
  values: Record<string, string | number>;
}

/** At most `max` suggestions about the entities recognised (places first, then a product). */
export function suggestionsFor(entities: readonly ChatEntity[], options: { sinceYear?: number | null; max?: number } = {}): Suggestion[] {
  const max = options.max ?? 4;
  const places = entities.filter((e) => !isProduct(e) && e.kind !== "world");
  const product = entities.find(isProduct) ?? null;
  const out: Suggestion[] = [];
  const [a, b] = places;
  if (a && b) {
    out.push({ key: "compare", values: { a: a.name, b: b.name } });
    out.push({ key: "bilateral", values: { a: a.name, b: b.name } });
  }
  if (a && product) out.push({ key: "value", values: { place: a.name, product: product.name } });
  if (product) out.push({ key: "whoExports", values: { product: product.name } });
  if (product && !a) out.push({ key: "whoImports", values: { product: product.name } });
  if (a) {
    out.push({ key: "topProducts", values: { place: a.name } });
    out.push({ key: "topPartners", values: { place: a.name } });
    if (options.sinceYear) out.push({ key: "growth", values: { place: a.name, year: options.sinceYear } });
    if (a.kind === "country") out.push({ key: "opportunities", values: { place: a.name } });
    out.push({ key: "topImports", values: { place: a.name } });
  }
  if (out.length === 0) {
    out.push({ key: "rankingTrade", values: {} }, { key: "rankingEci", values: {} }, { key: "rankingPci", values: {} });
  }
  return out.slice(0, max);
}
