/**
 * The Growth Lab's Atlas of Economic Complexity: the 2019 country x HS4 export file (the shape of
 * the OTS HS4 cube) and the world-only HS4 series 1995-2023, both from the data package.
 */
import "server-only";
import { c, productDimension, TRADE_VALUE, yearDimension } from "./builders";
import { HS4_CUBE } from "./ots";
import type { CubeDef, CubeFamily } from "./types";

/** The Atlas of Economic Complexity's 2019 HS92 exports: the same shape as the OTS HS4 cube, another cleaning of Comtrade. */
const ATLAS_HS4_CUBE: CubeDef = {
  ...HS4_CUBE,
  name: "trade_i_atlas_a_hs4",
  caption: c(
    "Exports by country and HS4 product to the world, annual (Atlas of Economic Complexity)",
    "Exportaciones por país y producto HS4 al mundo, anual (Atlas de Complejidad Económica)",
    "按国家和HS4产品划分的对世界出口，年度（经济复杂性地图集）",
  ),
  description: c(
    "Reporter x HS92 heading exports to the world for 2019 from the Growth Lab's Atlas of Economic Complexity. A different cleaning of UN Comtrade from Open Trade Statistics (the Atlas mirrors and corrects flows): not strictly comparable with the OTS years. Exports only (Trade Flow 2).",
    "Exportaciones por país y partida SA92 al mundo en 2019, del Atlas de Complejidad Económica del Growth Lab. Una depuración de UN Comtrade distinta de Open Trade Statistics (el Atlas refleja y corrige flujos): no es estrictamente comparable con los años de OTS. Solo exportaciones (flujo 2).",
    "2019年各国按HS92品目对世界的出口，来自哈佛增长实验室的经济复杂性地图集。与Open Trade Statistics对UN Comtrade的清洗方式不同（地图集对流量做镜像校正），与OTS年份不严格可比。仅含出口（贸易流向2）。",
  ),
  tables: [{ ...HS4_CUBE.tables[0], name: "fact_atlas_hs4" }],
  annotations: {
    source_name: "The Growth Lab at Harvard University, Atlas of Economic Complexity",
    source_link: "https://atlas.hks.harvard.edu",
    licence: "CC BY-NC-SA 4.0 (non-commercial); terms not verified offline",
    attribution: "Trade data: The Growth Lab at Harvard University, Atlas of Economic Complexity (non-commercial).",
    unit: "USD, current prices (nominal)",
    partner: "World (trade with all partners)",
    comparability: "A different cleaning of UN Comtrade from Open Trade Statistics: not strictly comparable with the OTS years (2019 world total USD 17.29 tn against 22.69 tn in 2018).",
  },
  sourceResources: ["trade_country_hs4_exports_2019_atlas"],
  catalog: { ...HS4_CUBE.catalog!, dataset: "atlas_hs4", source: "atlas", priority: 1, vintage: "atlas_2019" },
};

/**
 * The Atlas's world exports per HS92 heading, 1995-2023 (package README 1.10): the world as a
 * whole, no reporters, a later Atlas release than the 2019 country file. It answers "how did world
 * trade in this product move, year by year"; never a share against another dataset.
 */
const ATLAS_WORLD_HS4_CUBE: CubeDef = {
  name: "trade_i_atlas_a_world_hs4",
  caption: c(
    "World exports by HS4 product, annual (Atlas of Economic Complexity)",
    "Exportaciones mundiales por producto HS4, anual (Atlas de Complejidad Económica)",
    "按HS4产品划分的世界出口，年度（经济复杂性地图集）",
  ),
  description: c(
    "World exports per HS92 heading and year, 1995-2023, from a later release of the Growth Lab's Atlas of Economic Complexity than the 2019 country file. The world as a whole: no countries, partners or imports. World totals run at about 91-92% of commonly quoted goods-export totals (the Atlas's cleaned panel). Do not compute shares between it and another dataset.",
    "Exportaciones mundiales por partida SA92 y año, 1995-2023, de una edición del Atlas de Complejidad Económica del Growth Lab posterior al archivo por países de 2019. El mundo en su conjunto: sin países, socios ni importaciones. Los totales mundiales rondan el 91-92 % de los totales de exportación de bienes habituales (el panel depurado del Atlas). No calcule cuotas entre este y otro conjunto de datos.",
    "1995-2023年按HS92品目和年份的世界出口，来自哈佛增长实验室经济复杂性地图集晚于2019年国别文件的版本。仅为世界整体：无国家、伙伴或进口。世界总额约为通常引用的货物出口总额的91-92%（地图集清洗后的面板）。请勿在其与其他数据集之间计算份额。",
  ),
  dimensions: [yearDimension(), productDimension("hs4")],
  measures: [TRADE_VALUE],
  defaultMeasure: "Trade Value",
  timeLevel: "Year",
  tables: [{ name: "fact_atlas_world_hs4", kind: "base", columns: ["year", "section", "hs2", "hs4"], sortKey: [["hs4", "hs2", "section"], ["year"]] }],
  annotations: {
    source_name: "The Growth Lab at Harvard University, Atlas of Economic Complexity",
    source_link: "https://atlas.hks.harvard.edu",
    licence: "CC BY-NC-SA 4.0 (non-commercial); terms not verified offline",
    attribution: "Trade data: The Growth Lab at Harvard University, Atlas of Economic Complexity (non-commercial).",
    unit: "USD, current prices (nominal)",
    partner: "World (the world as a whole; no reporters)",
    comparability: "A later Atlas release than the 2019 country file; not comparable with the Open Trade Statistics years. Its world totals cover the Atlas's own panel (about 91-92% of commonly quoted totals).",
  },
  sourceResources: ["trade_world_hs4_exports_1995_2023_atlas"],
  catalog: {
    dataset: "atlas_world_hs4",
    kind: "goods",
    classification: "hs92",
    depth: "hs4",
    bilateral: false,
    partial: false,
    source: "atlas",
    priority: 1,
    reporterColumn: null,
    vintage: "atlas_world_2026",
    scope: "world",
  },
};

export const ATLAS_FAMILY: CubeFamily = { key: "atlas", packageCubes: [ATLAS_HS4_CUBE, ATLAS_WORLD_HS4_CUBE], otherCubes: [] };
