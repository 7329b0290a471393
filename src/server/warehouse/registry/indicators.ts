/** GDP and population (World Bank WDI), from the data package. */
import "server-only";
import { c, geoDimension, yearDimension } from "./builders";
import type { CubeDef, CubeFamily } from "./types";

const INDICATORS_CUBE: CubeDef = {
  name: "indicators_i_wdi_a",
  caption: c(
    "GDP and population, annual (World Bank WDI)",
    "PIB y población, anual (Banco Mundial, WDI)",
    "国内生产总值与人口，年度（世界银行WDI）",
  ),
  description: c(
    "GDP (current USD), population and GDP per capita (derived as GDP / population) for 216 countries, 1962-2023.",
    "PIB (USD corrientes), población y PIB per cápita (calculado como PIB / población) de 216 países, 1962-2023.",
    "216个国家1962-2023年的GDP（现价美元）、人口和人均GDP（按GDP/人口计算）。",
  ),
  dimensions: [yearDimension(), geoDimension("country")],
  measures: [
    { name: "GDP", caption: c("GDP", "PIB", "国内生产总值"), unit: "USD", sql: 'SUM("gdp")', columns: ["gdp"], rca: false },
    {
      name: "Population",
      caption: c("Population", "Población", "人口"),
      unit: "people",
      sql: 'SUM("population")',
      columns: ["population"],
      rca: false,
    },
    {
      name: "GDP per Capita",
      caption: c("GDP per Capita", "PIB per cápita", "人均国内生产总值"),
      unit: "USD per person",
      // Population only counts where GDP is known, so aggregates over countries with gaps stay honest.
      sql: 'SUM("gdp") / NULLIF(SUM("population_with_gdp"), 0)',
      columns: ["gdp", "population_with_gdp"],
      rca: false,
    },
  ],
  defaultMeasure: "GDP",
  timeLevel: "Year",
  tables: [
    {
      name: "fact_wdi_indicators",
      kind: "base",
      columns: ["year", "country", "continent"],
      sortKey: [["country"], ["year"]],
    },
  ],
  annotations: {
    source_name: "World Bank WDI (NY.GDP.MKTP.CD, SP.POP.TOTL) via datahub datasets/gdp and datasets/population",
    licence: "CC BY 4.0 (World Bank)",
    unit: "GDP in current USD; population in people",
    note: "GDP per capita is derived as GDP / population, not the published NY.GDP.PCAP.CD series. Taiwan is not covered.",
  },
  sourceResources: ["indicators_country_year"],
  catalog: {
    dataset: "wdi_indicators",
    kind: "indicators",
    classification: null,
    depth: null,
    bilateral: false,
    partial: false,
    source: "wdi",
    priority: 1,
    reporterColumn: "country",
  },
};

export const INDICATORS_FAMILY: CubeFamily = { key: "indicators", packageCubes: [INDICATORS_CUBE], otherCubes: [] };
