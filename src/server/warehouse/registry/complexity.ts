/**
 * Economic complexity: one set of three cubes (ECI, PCI, RCA and relatedness) per classification
 * and depth, computed by the importer from the trade cubes' exports (src/server/etl/complexity.ts).
 * Set keys are `<revision>_<depth>`: hs92_hs4, sitc2_sitc4, hs92_hs6 (BACI) ...
 */
import "server-only";
import type { Captions } from "../types";
import { baciComplexityDepths, baciComplexityKey, baciTables, BACI_REVISIONS } from "./baci";
import { c, complexityCubeNames, complexityTables, geoDimension, productDimension, TRADE_VALUE, yearDimension } from "./builders";
import type { ComplexityDepth, ComplexitySetDef, CubeDef, CubeFamily, DimensionDef, MeasureDef } from "./types";

function sitcDimension(): DimensionDef {
  return {
    name: "Product",
    caption: c("Product", "Producto", "产品"),
    kind: "product",
    hierarchies: [
      {
        name: "SITC",
        caption: c("SITC Rev. 2 Product", "Producto CUCI Rev. 2", "SITC第2版产品"),
        levels: [
          {
            name: "SITC4",
            caption: c("SITC4", "CUCI4", "SITC4"),
            column: "sitc4",
            // The package has no SITC nomenclature: the code is the caption.
            members: null,
            parent: null,
            id: { type: "string", pattern: /^\d{4}$/, example: "7810" },
          },
        ],
      },
    ],
  };
}

export const COMPLEXITY_FILTERS_NOTE =
  "Countries with a population of at least 1 million (where World Bank population exists for the year) and exports of at least USD 1 billion; products with trade of at least USD 500 million among all input countries; HS 9999 (Unspecified) is dropped because it is not a product. Exclusions are listed per year in the warehouse table complexity_exclusions and on /resources/methods.";

export const COMPLEXITY_METHOD_NOTE =
  "Balassa RCA; M = 1 where RCA >= 1. ECI and PCI by the eigenvector method (second eigenvector of the country-country matrix, sign chosen so ECI correlates positively with diversity, standardised over the ranked countries). Relatedness (density), distance = 1 - relatedness, opportunity gain and the complexity outlook index use the proximity implied by M (minimum of conditional probabilities). Fitness is Tacchella et al.'s Fitness-Complexity (20 iterations, mean 1).";

const GRAIN_NOTE =
  "Indices and ranks are not additive: query them with the levels they are defined at in drilldowns (or cut to one member); coarser queries are rejected with a 400.";

function complexitySet(
  key: string,
  revision: string,
  depth: ComplexityDepth,
  productDimension: DimensionDef,
  countryMembers: string,
  sourceNote: string,
): ComplexitySetDef {
  const productLevel = depth === "sitc4" ? "SITC4" : depth.toUpperCase();
  return {
    key,
    revision,
    depth,
    productLevel,
    tables: complexityTables(key),
    cubes: complexityCubeNames(key),
    countryMembers,
    productDimension,
    sourceNote,
  };
}

export const COMPLEXITY_SETS: readonly ComplexitySetDef[] = [
  complexitySet(
    "hs92_hs4",
    "hs92",
    "hs4",
    productDimension("hs4"),
    "dim_countries",
    "1962, 1980, 2017 and 2018: Open Trade Statistics country x HS4 exports to the world (HS 2007 headings under HS92 names; 1962-2017 from an older OTS vintage). 2019: the Atlas of Economic Complexity's HS92 exports, a different cleaning of UN Comtrade, not strictly comparable with the OTS years. 1989 and 1990: the UN Comtrade sample of 23 countries trading only among themselves, so those two years rank 23 economies at most and are not comparable with 2018.",
  ),
  complexitySet(
    "sitc2_sitc4",
    "sitc2",
    "sitc4",
    sitcDimension(),
    "dim_countries",
    "The economiccomplexity R package's world_trade_avg_1998_to_2000 (SITC Rev. 2, 4 digits; average exports 1998-2000 in constant 2000 USD). Year 2000 stands for the 1998-2000 average. Country codes are kept as in the source (rom = Romania, scg = Serbia and Montenegro, ant = Netherlands Antilles). Its values add up to about USD 120 billion a year, roughly 2% of world exports then, so the dollar thresholds are scaled by that coverage (fixture total / OTS world exports 1998-2000); unscaled they would keep 32 countries.",
  ),
  ...BACI_REVISIONS.flatMap((revision) => {
    const t = baciTables(revision);
    const tables = { hs2: t.hs2, hs4: t.hs4, hs6: t.hs6 };
    return baciComplexityDepths(revision).map((depth) =>
      complexitySet(
        baciComplexityKey(revision, depth),
        `hs${revision}`,
        depth,
        productDimension(depth, tables),
        t.countries,
        depth === "hs6"
          ? `CEPII BACI HS${revision}: exports by exporter and HS6 product to all partners, every imported year.`
          : `CEPII BACI HS${revision}: exports by exporter and HS4 heading (its HS6 products summed) to all partners, every imported year.`,
      ),
    );
  }),
];

export function getComplexitySet(key: string): ComplexitySetDef | undefined {
  return COMPLEXITY_SETS.find((set) => set.key === key);
}

/** The set computed at `depth` in `revision` ("hs4", "hs92"), if the registry defines one. */
export function findComplexitySet(depth: string, revision: string): ComplexitySetDef | undefined {
  return COMPLEXITY_SETS.find((set) => set.depth === depth && set.revision === revision);
}

const idx = (name: string, caption: Captions, column: string, unit: string, grain: readonly string[]): MeasureDef => ({
  name,
  caption,
  unit,
  sql: `MAX(${JSON.stringify(column)})`,
  columns: [column],
  rca: false,
  grain,
});

export function complexityCubes(set: ComplexitySetDef): CubeDef[] {
  const productLevels = set.productDimension.hierarchies[0].levels;
  const productColumns = productLevels.map((l) => l.column);
  const productSort = [...productColumns].reverse();
  const eciGrain = ["Year", "Country"];
  const pciGrain = ["Year", set.productLevel];
  const rcaGrain = ["Year", "Country", set.productLevel];
  const label = set.depth === "sitc4" ? "SITC4 (SITC Rev. 2)" : `${set.depth.toUpperCase()} (${set.revision.toUpperCase()})`;
  const annotations = {
    source_name: set.sourceNote,
    method: COMPLEXITY_METHOD_NOTE,
    filters: COMPLEXITY_FILTERS_NOTE,
    grain: GRAIN_NOTE,
    licence: set.depth === "sitc4" ? "Apache-2.0 (economiccomplexity package); UN Comtrade data via Open Trade Statistics" : "As the trade data it is computed from (see the trade cube)",
  };
  return [
    {
      name: set.cubes.eci,
      caption: c(`Economic Complexity Index, ${label}`, `Índice de Complejidad Económica, ${label}`, `经济复杂度指数，${label}`),
      description: c(
        "ECI and rank per country and year, with diversity, complexity outlook index and Fitness, computed from exports.",
        "ICE y puesto por país y año, con diversidad, índice de perspectiva de complejidad y Fitness, calculados a partir de las exportaciones.",
        "按国家和年份的经济复杂度指数及排名，以及多样性、复杂度前景指数和Fitness，均由出口计算。",
      ),
      dimensions: [yearDimension(), geoDimension("country", set.countryMembers)],
      measures: [
        idx("ECI", c("ECI", "ICE", "经济复杂度指数"), "eci", "standard score (mean 0, sd 1 over ranked countries)", eciGrain),
        idx("ECI Rank", c("ECI Rank", "Puesto ICE", "经济复杂度排名"), "eci_rank", "rank (1 = most complex)", eciGrain),
        idx("Diversity", c("Diversity", "Diversidad", "多样性"), "diversity", "products with RCA >= 1", eciGrain),
        idx("Complexity Outlook Index", c("Complexity Outlook Index", "Índice de perspectiva de complejidad", "复杂度前景指数"), "coi", "index", eciGrain),
        idx("Fitness", c("Fitness", "Fitness", "适应度"), "fitness", "index (mean 1 over ranked countries)", eciGrain),
        { ...TRADE_VALUE, caption: c("Exports", "Exportaciones", "出口额"), rca: false },
      ],
      defaultMeasure: "ECI",
      timeLevel: "Year",
      tables: [{ name: set.tables.eci, kind: "base", columns: ["year", "country", "continent"], sortKey: [["year"], ["country"]] }],
      annotations,
      sourceResources: [],
    },
    {
      name: set.cubes.pci,
      caption: c(`Product Complexity Index, ${label}`, `Índice de Complejidad del Producto, ${label}`, `产品复杂度指数，${label}`),
      description: c(
        "PCI and rank per product and year, with ubiquity and the products' exports among the input countries.",
        "ICP y puesto por producto y año, con ubicuidad y las exportaciones del producto entre los países de entrada.",
        "按产品和年份的产品复杂度指数及排名，以及普遍性和该产品在输入国家中的出口额。",
      ),
      dimensions: [yearDimension(), set.productDimension],
      measures: [
        idx("PCI", c("PCI", "ICP", "产品复杂度指数"), "pci", "standard score (mean 0, sd 1 over ranked products)", pciGrain),
        idx("PCI Rank", c("PCI Rank", "Puesto ICP", "产品复杂度排名"), "pci_rank", "rank (1 = most complex)", pciGrain),
        idx("Ubiquity", c("Ubiquity", "Ubicuidad", "普遍性"), "ubiquity", "countries with RCA >= 1", pciGrain),
        idx("Fitness Complexity", c("Fitness Complexity", "Complejidad (Fitness)", "复杂度（Fitness法）"), "fitness_complexity", "index (mean 1 over ranked products)", pciGrain),
        { ...TRADE_VALUE, caption: c("Exports", "Exportaciones", "出口额"), rca: false },
      ],
      defaultMeasure: "PCI",
      timeLevel: "Year",
      tables: [{ name: set.tables.pci, kind: "base", columns: ["year", ...productColumns], sortKey: [["year"], productSort] }],
      annotations,
      sourceResources: [],
    },
    {
      name: set.cubes.rca,
      caption: c(
        `Comparative advantage and relatedness by country and product, ${label}`,
        `Ventaja comparativa y proximidad por país y producto, ${label}`,
        `按国家和产品的比较优势与关联度，${label}`,
      ),
      description: c(
        "Per country, product and year: exports, RCA, whether RCA >= 1, relatedness (density), distance and opportunity gain. Only countries and products that passed the filters.",
        "Por país, producto y año: exportaciones, VCR, si VCR >= 1, proximidad (densidad), distancia y ganancia de oportunidad. Solo países y productos que pasaron los filtros.",
        "按国家、产品和年份：出口额、显示性比较优势、是否≥1、关联度（密度）、距离和机会收益。仅包含通过筛选的国家和产品。",
      ),
      dimensions: [yearDimension(), geoDimension("country", set.countryMembers), set.productDimension],
      measures: [
        { ...TRADE_VALUE, caption: c("Exports", "Exportaciones", "出口额"), rca: false },
        idx("RCA", c("RCA", "VCR", "显示性比较优势"), "rca", "ratio (Balassa)", rcaGrain),
        {
          name: "Specialized",
          caption: c("Products with RCA ≥ 1", "Productos con VCR ≥ 1", "显示性比较优势≥1的产品数"),
          unit: "count of country-product pairs with RCA >= 1",
          sql: 'SUM("specialized")',
          columns: ["specialized"],
          rca: false,
        },
        idx("Relatedness", c("Relatedness", "Proximidad", "关联度"), "relatedness", "share (0-1)", rcaGrain),
        idx("Distance", c("Distance", "Distancia", "距离"), "distance", "share (0-1), 1 - relatedness", rcaGrain),
        idx("Opportunity Gain", c("Opportunity Gain", "Ganancia de oportunidad", "机会收益"), "opportunity_gain", "index", rcaGrain),
      ],
      defaultMeasure: "RCA",
      timeLevel: "Year",
      tables: [
        {
          name: set.tables.rca,
          kind: "base",
          columns: ["year", "country", "continent", ...productColumns],
          sortKey: [["country"], ["year"], productSort],
        },
      ],
      annotations,
      sourceResources: [],
    },
  ];
}

export const COMPLEXITY_CUBES: readonly CubeDef[] = COMPLEXITY_SETS.flatMap(complexityCubes);

export const COMPLEXITY_FAMILY: CubeFamily = { key: "complexity", packageCubes: [], otherCubes: COMPLEXITY_CUBES };
