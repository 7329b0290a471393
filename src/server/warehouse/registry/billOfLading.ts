/** Bills of lading: shipments by origin, destination and HS chapter, when a data package has them. */
import "server-only";
import { c, geoDimension, productDimension, yearDimension } from "./builders";
import type { CubeDef, CubeFamily } from "./types";

/**
 * Shipment records (bills of lading), when a data package carries a `bill_of_lading` resource in
 * the layout of domain/bulk/billOfLading.ts. No open source exists today, so the package does not
 * build it; the importer and the page are ready for one. Company names are not loaded: the cube
 * counts shipments, weight and value by origin, destination, HS2 chapter and year.
 */
const BOL_CUBE: CubeDef = {
  name: "trade_i_bol_a_shipments",
  caption: c("Shipments from bills of lading, by origin, destination and HS chapter", "Envíos según conocimientos de embarque, por origen, destino y capítulo del SA", "按原产地、目的地和HS章划分的提单货运"),
  description: c(
    "Shipment records (one per bill of lading) counted by arrival year, origin and destination country and HS2 chapter, with gross weight and declared value.",
    "Registros de envíos (uno por conocimiento de embarque) contados por año de llegada, país de origen y de destino y capítulo SA2, con peso bruto y valor declarado.",
    "按到达年份、原产国和目的国以及HS2章统计的货运记录（每份提单一条），含毛重和申报价值。",
  ),
  dimensions: [
    yearDimension(),
    geoDimension("exporter"),
    geoDimension("importer"),
    (() => {
      const product = productDimension("hs4");
      return { ...product, hierarchies: [{ ...product.hierarchies[0]!, levels: product.hierarchies[0]!.levels.slice(0, 2) }] };
    })(),
  ],
  measures: [
    { name: "Shipments", caption: c("Shipments", "Envíos", "货运票数"), unit: "shipments", sql: 'SUM("shipments")', columns: ["shipments"], rca: false },
    { name: "Weight", caption: c("Weight", "Peso", "重量"), unit: "kg", sql: 'SUM("weight_kg")', columns: ["weight_kg"], rca: false },
    { name: "Declared Value", caption: c("Declared Value", "Valor declarado", "申报价值"), unit: "USD", sql: 'SUM("value_usd")', columns: ["value_usd"], rca: false },
  ],
  defaultMeasure: "Shipments",
  timeLevel: "Year",
  tables: [
    {
      name: "fact_bol_shipments",
      kind: "base",
      columns: ["year", "exporter", "exporter_continent", "importer", "importer_continent", "section", "hs2"],
      sortKey: [["exporter", "exporter_continent"], ["importer", "importer_continent"]],
    },
  ],
  annotations: {
    source_name: "Bill-of-lading records of the data package (resource bill_of_lading)",
    licence: "As the data package says",
    unit: "Shipments; kg; USD",
    note: "Shipper and consignee names are not loaded.",
  },
  sourceResources: ["bill_of_lading"],
};

export const BILL_OF_LADING_FAMILY: CubeFamily = { key: "billOfLading", packageCubes: [BOL_CUBE], otherCubes: [] };
