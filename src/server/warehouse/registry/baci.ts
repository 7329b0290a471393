/**
 * CEPII BACI: one cube per HS revision, `trade_i_baci_a_<yy>` as on oec.world (hs92 -> _92,
 * hs12 -> _12), imported from BACI downloads (src/server/etl/baci.ts), each with its complexity sets.
 */
import "server-only";
import { c, complexityTables, geoDimension, productDimension, QUANTITY_TONS, TRADE_VALUE, yearDimension } from "./builders";
import type { CubeDef, CubeFamily } from "./types";

export const BACI_REVISIONS = ["92", "96", "02", "07", "12", "17", "22"] as const;
export type BaciRevision = (typeof BACI_REVISIONS)[number];

export function baciCubeName(revision: BaciRevision): string {
  return `trade_i_baci_a_${revision}`;
}

/** Table and member-table names for a BACI revision; shared with the importer. */
export function baciTables(revision: BaciRevision) {
  const p = `baci_${revision}`;
  return {
    byExporter: `fact_${p}_by_exporter`,
    byImporter: `fact_${p}_by_importer`,
    productsExporter: `agg_${p}_products_exporter`,
    productsImporter: `agg_${p}_products_importer`,
    world: `agg_${p}_world`,
    rawCountries: `src_${p}_country_codes`,
    rawProducts: `src_${p}_product_codes`,
    countries: `dim_${p}_countries`,
    hs2: `dim_${p}_hs2`,
    hs4: `dim_${p}_hs4`,
    hs6: `dim_${p}_hs6`,
  };
}

export function baciCube(revision: BaciRevision): CubeDef {
  const t = baciTables(revision);
  const hsName = `HS${revision}`;
  const all = ["year", "exporter", "exporter_continent", "importer", "importer_continent", "section", "hs2", "hs4", "hs6"];
  const product = ["hs6", "hs4", "hs2", "section"];
  return {
    name: baciCubeName(revision),
    caption: c(
      `Bilateral trade by HS6 product (${hsName}), annual (CEPII BACI)`,
      `Comercio bilateral por producto HS6 (${hsName}), anual (CEPII BACI)`,
      `按HS6产品（${hsName}）划分的双边贸易，年度（CEPII BACI）`,
    ),
    description: c(
      `Exporter x importer x HS6 (${hsName} nomenclature), reconciled by CEPII. Values converted from thousands of USD.`,
      `Exportador x importador x HS6 (nomenclatura ${hsName}), conciliado por CEPII. Valores convertidos desde miles de USD.`,
      `出口方 x 进口方 x HS6（${hsName}分类），由CEPII协调。数值由千美元换算。`,
    ),
    dimensions: [
      yearDimension(),
      geoDimension("exporter", t.countries),
      geoDimension("importer", t.countries),
      productDimension("hs6", { hs2: t.hs2, hs4: t.hs4, hs6: t.hs6 }),
    ],
    measures: [TRADE_VALUE, QUANTITY_TONS],
    defaultMeasure: "Trade Value",
    timeLevel: "Year",
    tables: [
      { name: t.byExporter, kind: "base", columns: all, sortKey: [["exporter"], ["year"], ["importer"], product] },
      { name: t.byImporter, kind: "base", columns: all, sortKey: [["importer"], ["year"], ["exporter"], product] },
      {
        name: t.productsExporter,
        kind: "aggregate",
        columns: ["year", "exporter", "exporter_continent", ...product],
        sortKey: [product, ["year"], ["exporter"]],
      },
      {
        name: t.productsImporter,
        kind: "aggregate",
        columns: ["year", "importer", "importer_continent", ...product],
        sortKey: [product, ["year"], ["importer"]],
      },
      {
        name: t.world,
        kind: "aggregate",
        columns: ["year", "exporter_continent", "importer_continent", "section", "hs2", "hs4"],
        sortKey: [["year"], ["hs4", "hs2", "section"]],
      },
    ],
    annotations: {
      source_name: "CEPII BACI",
      source_link: "https://www.cepii.fr/CEPII/en/bdd_modele/bdd_modele_item.asp?id=37",
      licence: "Etalab Open Licence 2.0 (check the terms of the release you imported)",
      unit: "USD, current prices (BACI publishes thousands of USD; multiplied by 1,000 on import); quantity in metric tons",
      classification: `${hsName} nomenclature as published by BACI`,
    },
    sourceResources: [`BACI_HS${revision}_Y*_V*.csv`],
    catalog: {
      dataset: `baci_hs${revision}`,
      kind: "goods",
      classification: `hs${revision}`,
      depth: "hs6",
      bilateral: true,
      partial: false,
      source: "baci",
      priority: 3,
      reporterColumn: "exporter",
    },
    complexity: {
      set: baciComplexityKey(revision),
      table: complexityTables(baciComplexityKey(revision)).rca,
      countryLevel: "Exporter Country",
      productLevel: "HS6",
    },
  };
}

/** A BACI revision's complexity set at HS6 (its own depth) or HS4 (its HS6 summed to headings). */
export function baciComplexityKey(revision: BaciRevision, depth: "hs4" | "hs6" = "hs6"): string {
  return `hs${revision}_${depth}`;
}

/**
 * The depths a BACI revision is ranked at. HS92 at HS4 is the package's own set (hs92_hs4, other
 * member tables, other years): a BACI HS92 download is ranked at HS6 only, so the two never share
 * a set key.
 */
export function baciComplexityDepths(revision: BaciRevision): readonly ("hs4" | "hs6")[] {
  return revision === "92" ? ["hs6"] : ["hs6", "hs4"];
}

export const BACI_FAMILY: CubeFamily = { key: "baci", packageCubes: [], otherCubes: BACI_REVISIONS.map(baciCube) };
