import type { CatalogEntry } from "./catalog";

/** A catalogue entry as the importer records it (goods at HS4, full coverage, both flows) unless told otherwise. */
export function catalogEntry(partial: Partial<CatalogEntry> & Pick<CatalogEntry, "dataset" | "year">): CatalogEntry {
  return {
    cube: `cube_${partial.dataset}`,
    kind: "goods",
    classification: "hs92",
    depth: "hs4",
    bilateral: false,
    partial: false,
    source: "ots",
    priority: 2,
    flows: ["export", "import"],
    reporters: 200,
    rows: 1000,
    total: 1e12,
    period: String(partial.year),
    ...partial,
    vintage: partial.vintage ?? partial.dataset,
    scope: partial.scope ?? "reporters",
  };
}
