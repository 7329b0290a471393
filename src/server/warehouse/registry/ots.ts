/**
 * Open Trade Statistics (UN Comtrade, cleaned): bilateral trade by HS section 1962-2018 and trade by
 * country and HS4 with the world, both from the data package.
 */
import "server-only";
import { c, flowDimension, geoDimension, productDimension, TRADE_VALUE, yearDimension } from "./builders";
import type { CubeDef, CubeFamily } from "./types";

const OTS_ANNOTATIONS = {
  source_name: "Open Trade Statistics, based on UN Comtrade",
  source_link: "https://tradestatistics.io",
  licence: "CC BY-NC 4.0 (non-commercial); subject to UN Comtrade terms",
  attribution: "Trade data: Open Trade Statistics (CC BY-NC 4.0), based on UN Comtrade.",
  unit: "USD, current prices (nominal)",
};

const SECTIONS_CUBE: CubeDef = {
  name: "trade_i_ots_a_sections",
  caption: c(
    "Bilateral trade by HS section, annual (OTS)",
    "Comercio bilateral por sección del SA, anual (OTS)",
    "按HS类划分的双边贸易，年度（OTS）",
  ),
  description: c(
    "Exporter x importer x HS section, 1962-2018. Each directed flow is stored once (as reported in the exporter's export column), so exporter and importer views never double count.",
    "Exportador x importador x sección del SA, 1962-2018. Cada flujo dirigido se guarda una vez, por lo que las vistas de exportador e importador nunca cuentan dos veces.",
    "出口方 x 进口方 x HS类，1962-2018。每个有向贸易流只存储一次，因此出口和进口视角不会重复计算。",
  ),
  dimensions: [yearDimension(), geoDimension("exporter"), geoDimension("importer"), productDimension("section")],
  measures: [TRADE_VALUE],
  defaultMeasure: "Trade Value",
  timeLevel: "Year",
  tables: [
    {
      name: "fact_ots_sections_by_exporter",
      kind: "base",
      columns: ["year", "exporter", "exporter_continent", "importer", "importer_continent", "section"],
      sortKey: [["exporter"], ["year"], ["importer"], ["section"]],
    },
    {
      name: "fact_ots_sections_by_importer",
      kind: "base",
      columns: ["year", "exporter", "exporter_continent", "importer", "importer_continent", "section"],
      sortKey: [["importer"], ["year"], ["exporter"], ["section"]],
    },
    {
      name: "agg_ots_sections_exporter",
      kind: "aggregate",
      columns: ["year", "exporter", "exporter_continent", "section"],
      sortKey: [["exporter"], ["year"], ["section"]],
    },
    {
      name: "agg_ots_sections_importer",
      kind: "aggregate",
      columns: ["year", "importer", "importer_continent", "section"],
      sortKey: [["importer"], ["year"], ["section"]],
    },
    {
      name: "agg_ots_sections_continents",
      kind: "aggregate",
      columns: ["year", "exporter_continent", "importer_continent", "section"],
      sortKey: [["year"], ["exporter_continent"], ["importer_continent"], ["section"]],
    },
  ],
  annotations: {
    ...OTS_ANNOTATIONS,
    self_trade:
      "Rows where exporter = importer (re-imports, mostly China) are included in totals, as in the source; exclude them from partner lists with exclude=Importer Country=<id>.",
    world_total_note:
      "The 2018 world total (USD 22.69 trillion) is higher than commonly quoted merchandise trade; prefer shares and rankings to absolute world totals.",
  },
  sourceResources: ["trade_bilateral_section"],
  catalog: {
    dataset: "ots_sections",
    kind: "goods",
    classification: "hs92",
    depth: "section",
    bilateral: true,
    partial: false,
    source: "ots",
    priority: 2,
    reporterColumn: "exporter",
    vintage: "ots_trd",
  },
};

export const HS4_CUBE: CubeDef = {
  name: "trade_i_ots_a_hs4",
  caption: c(
    "Trade by country and HS4 product with the world, annual (OTS)",
    "Comercio por país y producto HS4 con el mundo, anual (OTS)",
    "按国家和HS4产品划分的对世界贸易，年度（OTS）",
  ),
  description: c(
    "Reporter x HS4 heading (HS 2007 codes) trade with the world: exports and imports for 2018, exports only for 1962, 1980 and 2017 (an older OTS vintage). Trade Flow 1 is imports, 2 exports; Exports is applied by default.",
    "Comercio por país y partida HS4 (códigos SA 2007) con el mundo: exportaciones e importaciones en 2018, solo exportaciones en 1962, 1980 y 2017 (una edición anterior de OTS). Flujo 1 importaciones, 2 exportaciones; por defecto se aplica Exportaciones.",
    "各国按HS4品目（HS 2007编码）对世界的贸易：2018年含出口与进口，1962、1980和2017年仅含出口（OTS较早版本）。贸易流向1为进口、2为出口；默认采用出口。",
  ),
  dimensions: [yearDimension(), geoDimension("country"), flowDimension(), productDimension("hs4")],
  measures: [TRADE_VALUE],
  defaultMeasure: "Trade Value",
  timeLevel: "Year",
  tables: [
    {
      name: "fact_ots_hs4",
      kind: "base",
      columns: ["year", "country", "continent", "flow", "section", "hs2", "hs4"],
      sortKey: [["country"], ["flow"], ["hs4", "hs2", "section"]],
    },
  ],
  annotations: {
    ...OTS_ANNOTATIONS,
    partner: "World (trade with all partners)",
    classification:
      "HS 2007 headings; 14 HS2007-only headings and 9999 (Unspecified) are outside HS92. Names are HS92 approximations.",
  },
  sourceResources: ["trade_country_hs4_2018", "trade_country_hs4_exports_1962_1980_2017"],
  complexity: { set: "hs92_hs4", table: "complexity_rca_hs92_hs4", countryLevel: "Country", productLevel: "HS4" },
  catalog: {
    dataset: "ots_hs4",
    kind: "goods",
    classification: "hs92",
    depth: "hs4",
    bilateral: false,
    partial: false,
    source: "ots",
    priority: 2,
    reporterColumn: "country",
    flowColumn: "flow",
    // 2018 comes from the same extract as the section file; 1962, 1980 and 2017 from an older OTS
    // release (package README 1.7: "do not mix 2017 values from the two files").
    vintage: (year) => (year >= 2018 ? "ots_trd" : "ots_ec2019"),
  },
};

export const OTS_FAMILY: CubeFamily = { key: "ots", packageCubes: [SECTIONS_CUBE, HS4_CUBE], otherCubes: [] };
