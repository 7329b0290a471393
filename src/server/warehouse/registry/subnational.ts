/**
 * Subnational trade: Spain's provinces (OEC) and Australia's states (ABS, goods and services) from
 * the data package, and the generic cube that operator-imported subnational files fill.
 */
import "server-only";
import { c, flowDimension, productDimension, TRADE_VALUE, yearDimension } from "./builders";
import type { CubeDef, CubeFamily, DimensionDef, MeasureDef } from "./types";

const ESP_CUBE: CubeDef = {
  name: "trade_s_esp_a_hs",
  caption: c(
    "Spanish exports by province and HS section, 2022 (OEC)",
    "Exportaciones españolas por provincia y sección del SA, 2022 (OEC)",
    "西班牙按省份和HS类划分的出口，2022年（OEC）",
  ),
  description: c(
    "Exports of the 52 Spanish provinces (INE codes) plus 99 'no province assigned', by HS section.",
    "Exportaciones de las 52 provincias españolas (códigos INE) más 99 «sin provincia asignada», por sección del SA.",
    "西班牙52个省份（INE编码）及99“未分配省份”按HS类划分的出口。",
  ),
  dimensions: [
    yearDimension(),
    {
      name: "Subnat Geography",
      caption: c("Subnational Geography", "Geografía subnacional", "次国家级地理"),
      kind: "geo",
      hierarchies: [
        {
          name: "Province",
          caption: c("Province", "Provincia", "省份"),
          levels: [
            {
              // Provinces grouped by the importer (domain/subnational/espCommunities.ts); ids are the
              // OEC ids of geo/esp_autonomous.topojson, 199 = province 99 (no province assigned).
              name: "Autonomous Community",
              caption: c("Autonomous Community", "Comunidad autónoma", "自治区"),
              column: "community",
              members: "dim_esp_communities",
              parent: null,
              id: { type: "integer", min: 101, max: 199, example: "107" },
            },
            {
              name: "Province",
              caption: c("Province", "Provincia", "省份"),
              column: "province",
              members: "dim_esp_provinces",
              parent: "Autonomous Community",
              id: { type: "integer", min: 1, max: 99, example: "28" },
            },
          ],
        },
      ],
    },
    productDimension("section"),
  ],
  measures: [TRADE_VALUE],
  defaultMeasure: "Trade Value",
  timeLevel: "Year",
  tables: [
    { name: "fact_esp_provinces", kind: "base", columns: ["year", "community", "province", "section"], sortKey: [["community"], ["province"], ["section"]] },
  ],
  annotations: {
    source_name: "OEC cube trade_s_esp_m_hs via Datawheel/py-economic-complexity",
    licence: "MIT (package); OEC data",
    unit: "USD, current prices (not whole dollars)",
    note: "Exports only. Province 99 has no geometry.",
  },
  sourceResources: ["subnational_esp_province_section_2022"],
  catalog: {
    dataset: "esp_provinces",
    kind: "subnational",
    classification: "hs92",
    depth: "section",
    bilateral: false,
    partial: false,
    source: "oec_esp",
    priority: 1,
    reporterColumn: "province",
    derivedDatasets: [{ dataset: "esp_autonomous", reporterColumn: "community" }],
  },
};

/**
 * Australian merchandise exports by state (ABS via the complexitydata package), 1988-2023. Values are
 * Australian dollars: the measure is "Trade Value (AUD)" with unit AUD, so it never adds up with the
 * USD trade values of the other cubes. Products are derived from the 8-digit AHECC code: HS6 is its
 * first 6 digits (the HS edition in force that year, not always HS92), HS4 and HS2 its first 4 and 2,
 * and the section comes from the HS2 ranges of sections.csv (map_hs2_section). Codes outside HS92 keep
 * an ABS description; chapter 98 (Australian special transactions) and 99999999 (combined confidential
 * items) fall in section 99 (Unspecified).
 */
export const AUD_TRADE_VALUE: MeasureDef = {
  name: "Trade Value (AUD)",
  caption: c("Trade Value (AUD)", "Valor comercial (AUD)", "贸易额（澳元）"),
  unit: "AUD",
  sql: 'SUM("trade_value_aud")',
  columns: ["trade_value_aud"],
  rca: false,
};

function ausStateDimension(): DimensionDef {
  return {
    name: "Subnat Geography",
    caption: c("Subnational Geography", "Geografía subnacional", "次国家级地理"),
    kind: "geo",
    hierarchies: [
      {
        name: "State",
        caption: c("State", "Estado", "州"),
        levels: [
          {
            name: "State",
            caption: c("State", "Estado", "州"),
            column: "state",
            members: "dim_aus_states",
            parent: null,
            id: { type: "string", pattern: /^[A-Z]{2,3}$/, example: "WA" },
          },
        ],
      },
    ],
  };
}

const AUS_ANNOTATIONS = {
  source_name: "Australian Bureau of Statistics via the complexitydata R package (amwu-nrc/complexitydata)",
  source_link: "https://www.abs.gov.au",
  licence: "ABS data, normally CC BY 4.0 (credit the Australian Bureau of Statistics); package MIT",
  attribution: "Australian exports by state: Australian Bureau of Statistics (CC BY 4.0), via complexitydata.",
  unit: "AUD (Australian dollars), current prices; never add to USD values",
  currency: "AUD",
};

const AUS_GOODS_CUBE: CubeDef = {
  name: "trade_s_aus_a_hs",
  caption: c(
    "Australian exports by state and HS6 product, 1988-2023, in AUD (ABS)",
    "Exportaciones australianas por estado y producto HS6, 1988-2023, en AUD (ABS)",
    "澳大利亚按州和HS6产品划分的出口，1988-2023年，澳元（ABS）",
  ),
  description: c(
    "Merchandise exports (FOB, Australian dollars) by state or territory of origin (plus RX re-exports and CND no state details) and product. HS6 is the first 6 digits of the 8-digit AHECC code, in the HS edition in force each year; destinations are not in the data.",
    "Exportaciones de mercancías (FOB, dólares australianos) por estado o territorio de origen (más RX reexportaciones y CND sin detalle de estado) y producto. HS6 son los 6 primeros dígitos del código AHECC de 8 dígitos, en la edición del SA vigente cada año; los destinos no están en los datos.",
    "按原产州或领地（另有RX转口和CND无州别信息）和产品划分的商品出口（离岸价，澳元）。HS6为8位AHECC编码的前6位，采用当年有效的HS版本；数据不含目的地。",
  ),
  dimensions: [
    yearDimension(),
    ausStateDimension(),
    productDimension("hs6", { hs2: "dim_aus_hs2", hs4: "dim_aus_hs4", hs6: "dim_aus_hs6" }),
  ],
  measures: [AUD_TRADE_VALUE],
  defaultMeasure: AUD_TRADE_VALUE.name,
  timeLevel: "Year",
  tables: [
    {
      name: "fact_aus_states_hs6",
      kind: "base",
      columns: ["year", "state", "section", "hs2", "hs4", "hs6"],
      sortKey: [["state"], ["year"], ["hs6", "hs4", "hs2", "section"]],
    },
    {
      name: "agg_aus_states_hs4",
      kind: "aggregate",
      columns: ["year", "state", "section", "hs2", "hs4"],
      sortKey: [["state"], ["year"], ["hs4", "hs2", "section"]],
    },
    {
      name: "agg_aus_states_sections",
      kind: "aggregate",
      columns: ["year", "state", "section"],
      sortKey: [["state"], ["year"], ["section"]],
    },
  ],
  annotations: {
    ...AUS_ANNOTATIONS,
    classification:
      "HS6 = first 6 digits of the AHECC code (HS 1988/92 to HS 2022, by year): not a concordance to HS92. Names come from HS92 where the code exists there, otherwise from the ABS AHECC description (English). Chapter 98 (Australian special transactions) and 99999999 (combined confidential items) are in section 99.",
    note: "Each year has one negative row (CND, combined confidential items), kept as in the source; CND and RX are not territories.",
    destinations: "Destinations (partner countries) are not in the data.",
  },
  sourceResources: ["subnational_aus_state_ahecc8_1988_2023", "subnational_aus_ahecc8_codes", "subnational_aus_states"],
  catalog: {
    dataset: "aus_states",
    kind: "subnational",
    classification: "ahecc",
    depth: "hs6",
    bilateral: false,
    partial: false,
    source: "abs_aus",
    priority: 1,
    reporterColumn: "state",
  },
};

const AUS_SERVICES_CUBE: CubeDef = {
  name: "services_s_aus_a_categories",
  caption: c(
    "Australian services exports by state and category, 1999-2022, in AUD (ABS)",
    "Exportaciones australianas de servicios por estado y categoría, 1999-2022, en AUD (ABS)",
    "澳大利亚按州和类别划分的服务出口，1999-2022年，澳元（ABS）",
  ),
  description: c(
    "Services credits of the 8 states and territories in 5 categories (transport, travel, financial, ICT, other), in Australian dollars.",
    "Créditos de servicios de los 8 estados y territorios en 5 categorías (transporte, viajes, financieros, TIC, otros), en dólares australianos.",
    "8个州和领地按5个类别（运输、旅行、金融、信息通信技术、其他）划分的服务出口，澳元。",
  ),
  dimensions: [
    yearDimension(),
    ausStateDimension(),
    {
      name: "Service",
      caption: c("Service", "Servicio", "服务"),
      kind: "standard",
      hierarchies: [
        {
          name: "Service Category",
          caption: c("Service Category", "Categoría de servicio", "服务类别"),
          levels: [
            {
              name: "Service Category",
              caption: c("Service Category", "Categoría de servicio", "服务类别"),
              column: "service",
              members: "dim_aus_services",
              parent: null,
              id: { type: "string", pattern: /^[a-z]{2,12}$/, example: "travel" },
            },
          ],
        },
      ],
    },
  ],
  measures: [AUD_TRADE_VALUE],
  defaultMeasure: AUD_TRADE_VALUE.name,
  timeLevel: "Year",
  tables: [{ name: "fact_aus_states_services", kind: "base", columns: ["year", "state", "service"], sortKey: [["state"], ["year"], ["service"]] }],
  annotations: {
    ...AUS_ANNOTATIONS,
    source_name: "ABS International Trade: Supplementary Information, Calendar Year (5368.0.55.004), Tables 3.1-3.8, via complexitydata",
    note: "The AUD values are derived by the data package from the package's USD values (an implied annual rate); ABS 'np' cells count as 0, so a small state's category can be understated.",
  },
  sourceResources: ["subnational_aus_state_services_1999_2022", "subnational_aus_states"],
  catalog: {
    dataset: "aus_states_services",
    kind: "subnational",
    classification: null,
    depth: null,
    bilateral: false,
    partial: false,
    source: "abs_aus",
    priority: 1,
    reporterColumn: "state",
  },
};

/**
 * Subnational levels imported with `data:import -- --subnational FILE` (server/etl/subnational.ts,
 * docs/subnational.md): every country level in one fact table. A region's id is
 * "{country}/{level}/{region}", a product's "{depth}:{code}". Values are in each level's own
 * currency (_meta_subnational.currency): never add two levels together. Its catalogue rows (one
 * dataset per country level) are written by the subnational importer, not from a `catalog` spec.
 */
export const SUBNATIONAL_GENERIC_CUBE: CubeDef = {
  name: "trade_s_sub_a_generic",
  caption: c("Subnational trade by region and product (imported)", "Comercio subnacional por región y producto (importado)", "按地区和产品划分的次国家级贸易（导入）"),
  description: c(
    "Exports and imports of subnational regions by product, from files an operator imported; values in each level's own currency.",
    "Exportaciones e importaciones de regiones subnacionales por producto, de archivos importados por un operador; valores en la moneda de cada nivel.",
    "次国家级地区按产品划分的进出口，来自运营者导入的文件；数值以各层级自己的货币计。",
  ),
  dimensions: [
    yearDimension(),
    {
      name: "Subnat Geography",
      caption: c("Subnational Geography", "Geografía subnacional", "次国家级地理"),
      kind: "geo",
      hierarchies: [
        {
          name: "Region",
          caption: c("Region", "Región", "地区"),
          levels: [
            {
              name: "Region",
              caption: c("Region", "Región", "地区"),
              column: "region",
              members: "dim_subnational_regions",
              parent: null,
              id: { type: "string", pattern: /^[a-z]{3}\/[a-z]{1,20}\/[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/, example: "bra/states/31" },
            },
          ],
        },
      ],
    },
    flowDimension(),
    {
      name: "Product",
      caption: c("Product", "Producto", "产品"),
      kind: "product",
      hierarchies: [
        {
          name: "Product",
          caption: c("Product", "Producto", "产品"),
          levels: [
            {
              name: "Subnat Product",
              caption: c("Product", "Producto", "产品"),
              column: "product",
              members: "dim_subnational_products",
              parent: null,
              id: { type: "string", pattern: /^(section|hs2|hs4|hs6):\d{1,6}$/, example: "hs4:2603" },
            },
          ],
        },
      ],
    },
  ],
  measures: [{ ...TRADE_VALUE, unit: "the level's currency (see the dataset)", rca: false }],
  defaultMeasure: "Trade Value",
  timeLevel: "Year",
  tables: [{ name: "fact_subnational", kind: "base", columns: ["year", "region", "flow", "product"], sortKey: [["region"], ["product"]] }],
  annotations: {
    source_name: "Operator-imported subnational files (docs/subnational.md)",
    unit: "Each country level's own currency, as imported",
    note: "Cut by Region (one country level) before summing: levels differ in currency and overlap (states contain municipalities).",
  },
  sourceResources: [],
};

export const SUBNATIONAL_FAMILY: CubeFamily = {
  key: "subnational",
  packageCubes: [ESP_CUBE, AUS_GOODS_CUBE, AUS_SERVICES_CUBE],
  otherCubes: [SUBNATIONAL_GENERIC_CUBE],
};
