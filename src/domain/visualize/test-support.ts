import type { CatalogEntry } from "@/domain/catalog/catalog";
import { catalogEntry } from "@/domain/catalog/test-support";
import { createVizCatalog, type VizCatalog } from "./catalog";
import { vizCoverage } from "./coverage";

export { catalogEntry };

/** The package's shape: bilateral sections 1962-2018, HS4 with the world in 2018 (both flows). */
export const PACKAGE_ENTRIES: CatalogEntry[] = [
  ...Array.from({ length: 2018 - 1962 + 1 }, (_, i) => catalogEntry({ dataset: "ots_sections", year: 1962 + i, depth: "section", bilateral: true })),
  catalogEntry({ dataset: "ots_hs4", year: 2018, depth: "hs4" }),
];

/** A small catalog with the members the codec and planner tests use. */
export function fixtureCatalog(entries: readonly CatalogEntry[] = PACKAGE_ENTRIES): VizCatalog {
  return createVizCatalog({
    countries: [
      { id: "arg", name: "Argentina", iso2: "AR" },
      { id: "chl", name: "Chile", iso2: "CL" },
      { id: "civ", name: "Côte d'Ivoire", iso2: "CI" },
      { id: "deu", name: "Germany", iso2: "DE" },
      { id: "usa", name: "United States", iso2: "US" },
    ],
    sections: [
      { id: "1", name: "Animal Products" },
      { id: "5", name: "Mineral Products" },
      { id: "10", name: "Paper Goods" },
      { id: "16", name: "Machines" },
    ],
    hs2: [
      { id: "01", section: "1", name: "Live animals" },
      { id: "10", section: "2", name: "Cereals" },
      { id: "26", section: "5", name: "Ores, slag and ash" },
      { id: "47", section: "10", name: "Pulp of wood" },
      { id: "84", section: "16", name: "Machinery" },
    ],
    hs4: [
      { id: "0101", section: "1", name: "Horses" },
      { id: "2601", section: "5", name: "Iron Ore" },
      { id: "2603", section: "5", name: "Copper Ore" },
      { id: "8471", section: "16", name: "Computers" },
    ],
    hs6: [
      { id: "260300", section: "5", name: "Copper ores and concentrates" },
      { id: "847130", section: "16", name: "Portable computers" },
    ],
    coverage: vizCoverage(entries),
  });
}
