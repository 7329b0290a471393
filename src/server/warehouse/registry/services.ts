/** Services exports by EBOPS 2002 category (UN Comtrade, 2016), from the data package. */
import "server-only";
import { c, geoDimension, TRADE_VALUE, yearDimension } from "./builders";
import type { CubeDef, CubeFamily } from "./types";

const SERVICES_CUBE: CubeDef = {
  name: "services_i_comtrade_a_eb02",
  caption: c(
    "Services exports by EBOPS 2002 category, 2016 (UN Comtrade)",
    "Exportaciones de servicios por categoría EBOPS 2002, 2016 (UN Comtrade)",
    "按EBOPS 2002类别划分的服务出口，2016年（UN Comtrade）",
  ),
  description: c(
    "Services exports of 80 countries by the 11 top-level EBOPS 2002 categories.",
    "Exportaciones de servicios de 80 países por las 11 categorías principales de EBOPS 2002.",
    "80个国家按11个EBOPS 2002一级类别划分的服务出口。",
  ),
  dimensions: [
    yearDimension(),
    geoDimension("exporter"),
    {
      name: "Service",
      caption: c("Service", "Servicio", "服务"),
      kind: "standard",
      hierarchies: [
        {
          name: "EBOPS 2002",
          caption: c("EBOPS 2002", "EBOPS 2002", "EBOPS 2002"),
          levels: [
            {
              name: "Service",
              caption: c("Service", "Servicio", "服务"),
              column: "service",
              members: "dim_services",
              parent: null,
              id: { type: "string", pattern: /^\d{1,2}$/, example: "2" },
            },
          ],
        },
      ],
    },
  ],
  measures: [TRADE_VALUE],
  defaultMeasure: "Trade Value",
  timeLevel: "Year",
  tables: [
    {
      name: "fact_services_eb02",
      kind: "base",
      columns: ["year", "exporter", "exporter_continent", "service"],
      sortKey: [["exporter"], ["service"]],
    },
  ],
  annotations: {
    source_name: "UN Comtrade services data from the R package economiccomplexity 0.1.2",
    licence: "GPL-3 (package); UN Comtrade data",
    unit: "USD, current prices",
    note: "Exports only. One value is negative in the source (Botswana, service 10).",
  },
  sourceResources: ["services_2016"],
  catalog: {
    dataset: "services_eb02",
    kind: "services",
    classification: null,
    depth: null,
    bilateral: false,
    partial: false,
    source: "comtrade_services",
    priority: 1,
    reporterColumn: "exporter",
  },
};

export const SERVICES_FAMILY: CubeFamily = { key: "services", packageCubes: [SERVICES_CUBE], otherCubes: [] };
