/** The UN Comtrade sample of the data package: bilateral HS4 trade among 23 countries, 1989-1990. */
import "server-only";
import { c, geoDimension, productDimension, QUANTITY_TONS, TRADE_VALUE, yearDimension } from "./builders";
import type { CubeDef, CubeFamily } from "./types";

const COMTRADE_SAMPLE_CUBE: CubeDef = {
  name: "trade_i_comtrade_a_hs4_sample",
  caption: c(
    "Bilateral trade by HS4 among 23 countries, 1989-1990 (UN Comtrade sample)",
    "Comercio bilateral por HS4 entre 23 países, 1989-1990 (muestra de UN Comtrade)",
    "23个国家间按HS4划分的双边贸易，1989-1990（UN Comtrade样本）",
  ),
  description: c(
    "Exporter x importer x HS4 for 23 countries trading among themselves; values converted from thousands of USD.",
    "Exportador x importador x HS4 para 23 países que comercian entre sí; valores convertidos desde miles de USD.",
    "23个国家之间的出口方 x 进口方 x HS4；数值由千美元换算。",
  ),
  dimensions: [yearDimension(), geoDimension("exporter"), geoDimension("importer"), productDimension("hs4")],
  measures: [TRADE_VALUE, { ...QUANTITY_TONS, unit: "undocumented (varies by product)" }],
  defaultMeasure: "Trade Value",
  timeLevel: "Year",
  tables: [
    {
      name: "fact_comtrade_hs4_sample",
      kind: "base",
      columns: ["year", "exporter", "exporter_continent", "importer", "importer_continent", "section", "hs2", "hs4"],
      sortKey: [["exporter"], ["year"], ["importer"], ["hs4", "hs2", "section"]],
    },
  ],
  annotations: {
    source_name: "UN Comtrade sample from the R package zerotradeflow 0.1.0",
    licence: "MIT (package); UN Comtrade data",
    unit: "USD, current prices (source in thousands, single precision: about 7 significant digits)",
    coverage: "23 countries trading only among themselves; HS adoption in 1989 was incomplete.",
  },
  sourceResources: ["trade_bilateral_hs4_1989_1990"],
  catalog: {
    dataset: "comtrade_hs4_sample",
    kind: "goods",
    classification: "hs92",
    depth: "hs4",
    bilateral: true,
    partial: true,
    source: "comtrade_sample",
    priority: 0,
    reporterColumn: "exporter",
  },
  complexity: { set: "hs92_hs4", table: "complexity_rca_hs92_hs4", countryLevel: "Exporter Country", productLevel: "HS4" },
};

export const COMTRADE_SAMPLE_FAMILY: CubeFamily = { key: "comtradeSample", packageCubes: [COMTRADE_SAMPLE_CUBE], otherCubes: [] };
