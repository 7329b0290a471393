/**
 * What a 404 under /profile/hs/... can point to (issue 39): an HS code we hold no profile for is
 * most often a valid subheading without data ("010121") or a national tariff line: its heading
 * ("0101"), then its chapter ("01"), is the nearest real product. Codes of unclassified trade
 * (9999..., 99...) have no real heading: the product search is the way on.
 */
import { isUnspecifiedProduct } from "@/domain/catalog/unspecified";

export interface ProductNotFoundHint {
  /** The code as asked (digits only). */
  code: string;
  /** Product codes to offer, nearest first (heading, then chapter); empty for unclassified trade. */
  candidates: string[];
}

const PRODUCT_PATH = /^\/(?:en|es|zh)\/profile\/(?:hs|bilateral-product)\/(\d{2,10})(?:\/|$)/;

/** Chapter 99 holds no real products (special and unclassified transactions). */
const isResidual = (code: string) => isUnspecifiedProduct(code) || code.startsWith("99");

/** The hint for a not-found product path, or null when the path is not one. */
export function productNotFoundHint(pathname: string): ProductNotFoundHint | null {
  const match = PRODUCT_PATH.exec(pathname);
  if (!match) return null;
  const code = match[1];
  if (isResidual(code)) return { code, candidates: [] };
  const candidates = [6, 4, 2].filter((length) => length < code.length).map((length) => code.slice(0, length));
  return { code, candidates: candidates.filter((c) => !isResidual(c)) };
}
