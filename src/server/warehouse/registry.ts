/**
 * The cube registry: every cube the warehouse can hold, as typed data. The query compiler takes
 * table and column names only from here, and the importer builds the tables this file describes,
 * so the two cannot drift apart.
 *
 * Naming follows Tesseract/OEC: `<topic>_<i|s>_<source>_<a|m>_<classification>` where `i` is
 * international, `s` subnational, `a` annual.
 */
import "server-only";
import { LOCALES, type Locale } from "@/domain/i18n/locales";
import type { Captions } from "./types";

export type IdSpec =
  | { readonly type: "string"; readonly pattern: RegExp; readonly lowerCase?: boolean; readonly example: string }
  | { readonly type: "integer"; readonly min: number; readonly max: number; readonly example: string };

export interface LevelDef {
  /** Unique within a cube; also the column name of the level's caption in query results. */
  readonly name: string;
  readonly caption: Captions;
  /** Column of every table in the cube that carries this level's member id. */
  readonly column: string;
  /** Member table with id, name_en/es/zh and name_es_fallback/name_zh_fallback; null: the id is the caption. */
  readonly members: string | null;
  readonly parent: string | null;
  readonly id: IdSpec;
}

export interface HierarchyDef {
  readonly name: string;
  readonly caption: Captions;
  /** Coarsest first. */
  readonly levels: readonly LevelDef[];
}

export interface DimensionDef {
  readonly name: string;
  readonly caption: Captions;
  readonly kind: "time" | "geo" | "product" | "standard";
  readonly hierarchies: readonly HierarchyDef[];
  /**
   * Applied when a query neither cuts nor drills down this dimension, because adding its members
   * together would be meaningless (imports plus exports).
   */
  readonly defaultMember?: { readonly level: string; readonly id: number | string; readonly note: string };
}

export interface MeasureDef {
  readonly name: string;
  readonly caption: Captions;
  readonly unit: string;
  /** Aggregate SQL over the table's measure columns; a trusted constant, never built from input. */
  readonly sql: string;
  /** Stored (additive) columns the expression reads; aggregate tables keep their sums. */
  readonly columns: readonly string[];
  /** Revealed comparative advantage only makes sense for flows such as trade values. */
  readonly rca: boolean;
  /**
   * Levels at which a stored, non-additive value (ECI, a rank, relatedness) is defined. A query
   * must drill down by each of them or cut it to one member; otherwise it is a 400, never a sum of
   * indices. Absent for additive measures.
   */
  readonly grain?: readonly string[];
}

export interface TableDef {
  readonly name: string;
  readonly kind: "base" | "aggregate";
  /** Dimension key columns present in the table. */
  readonly columns: readonly string[];
  /**
   * Physical sort order. Each position lists columns that are clustered by that position (HS6 order
   * also clusters HS4, HS2 and Section), so zone maps prune a cut on any of them.
   */
  readonly sortKey: readonly (readonly string[])[];
}

export interface CubeDef {
  readonly name: string;
  readonly caption: Captions;
  readonly description: Captions;
  readonly dimensions: readonly DimensionDef[];
  readonly measures: readonly MeasureDef[];
  readonly defaultMeasure: string;
  /** Smallest first is not required: the compiler estimates scan sizes from import statistics. */
  readonly tables: readonly TableDef[];
  readonly timeLevel: string;
  readonly annotations: Readonly<Record<string, string>>;
  /** Data package resources (or BACI files) the cube is built from. */
  readonly sourceResources: readonly string[];
  /** Trade cubes whose exports feed a complexity set: stored per-country-product measures join on these levels. */
  readonly complexity?: ComplexityLink;
  /** What the cube can answer, recorded per year in the warehouse's data catalogue at import. */
  readonly catalog?: CatalogSpec;
}

/**
 * How the importer describes a cube in the data catalogue (`_meta_catalog`, one row per year). Pages
 * never name cubes or years: they ask the catalogue (src/server/catalog) which cube answers.
 */
export interface CatalogSpec {
  /** Stable key of the dataset ("ots_hs4", "baci_hs12"); several cubes never share one. */
  readonly dataset: string;
  readonly kind: "goods" | "services" | "subnational" | "indicators";
  /** Product classification ("hs92", "hs12") for goods; null otherwise. */
  readonly classification: string | null;
  /** Finest product depth stored; null for data without products. */
  readonly depth: "section" | "hs4" | "hs6" | null;
  /** Exporter x importer (true) or a country's trade with the world (false). */
  readonly bilateral: boolean;
  /** A few countries only (a sample): never chosen to answer a general question. */
  readonly partial: boolean;
  /** Short source key, a message key under data.sources on the pages ("ots", "atlas", "baci"...). */
  readonly source: string;
  /** When two datasets answer the same question for a year, the higher wins (BACI: reconciled, finer). */
  readonly priority: number;
  /** Column holding the reporting country (exporter), for coverage counts; null: not by country. */
  readonly reporterColumn: string | null;
  /** Column and id of the exports flow when the cube has a flow dimension. */
  readonly flowColumn?: string;
  /**
   * Coarser levels of the same rows recorded as datasets of their own (Spain's autonomous
   * communities, summed from its provinces): one catalogue row per year each, counting `reporterColumn`.
   */
  readonly derivedDatasets?: readonly { readonly dataset: string; readonly reporterColumn: string }[];
  /**
   * The release (vintage) of the source each year comes from; default: the dataset key. Two years
   * compare (growth, change, rank change) only within one dataset and one vintage: a dataset that
   * joins two releases (OTS HS4: 1962-2017 from an older extract, 2018 from the newer) names them.
   */
  readonly vintage?: string | ((year: number) => string);
  /** "world": the dataset holds the world as a whole, no reporters (never answers a country question). */
  readonly scope?: "world";
}

export interface ComplexityLink {
  /** Complexity set key, e.g. "hs92_hs4". */
  readonly set: string;
  /** The set's country x product table (year, country, <product column>, relatedness, ...). */
  readonly table: string;
  /** Level of this cube holding the exporting country, and the product level complexity is computed at. */
  readonly countryLevel: string;
  readonly productLevel: string;
}

const c = (en: string, es: string, zh: string): Captions => ({ en, es, zh });

// ---------------------------------------------------------------------------------------------
// Levels shared by several cubes

const COUNTRY_ID: IdSpec = { type: "string", pattern: /^[a-z][a-z0-9]{2}$/, lowerCase: true, example: "deu" };
const CONTINENT_ID: IdSpec = { type: "string", pattern: /^[a-z]{2}$/, lowerCase: true, example: "eu" };
const YEAR_ID: IdSpec = { type: "integer", min: 1900, max: 2100, example: "2018" };

function yearDimension(): DimensionDef {
  return {
    name: "Year",
    caption: c("Year", "Año", "年份"),
    kind: "time",
    hierarchies: [
      {
        name: "Year",
        caption: c("Year", "Año", "年份"),
        levels: [{ name: "Year", caption: c("Year", "Año", "年份"), column: "year", members: null, parent: null, id: YEAR_ID }],
      },
    ],
  };
}

type Role = "exporter" | "importer" | "country";

const ROLE_CAPTIONS: Record<Role, { dim: Captions; country: Captions; continent: Captions; prefix: string }> = {
  exporter: {
    dim: c("Exporter", "Exportador", "出口方"),
    country: c("Exporter Country", "País exportador", "出口国"),
    continent: c("Exporter Continent", "Continente exportador", "出口大洲"),
    prefix: "Exporter ",
  },
  importer: {
    dim: c("Importer", "Importador", "进口方"),
    country: c("Importer Country", "País importador", "进口国"),
    continent: c("Importer Continent", "Continente importador", "进口大洲"),
    prefix: "Importer ",
  },
  country: {
    dim: c("Country", "País", "国家"),
    country: c("Country", "País", "国家"),
    continent: c("Continent", "Continente", "大洲"),
    prefix: "",
  },
};

/** Continent -> Country for one role; the continent column is denormalised into every fact table. */
function geoDimension(role: Role, membersTable = "dim_countries"): DimensionDef {
  const captions = ROLE_CAPTIONS[role];
  const continentColumn = role === "country" ? "continent" : `${role}_continent`;
  return {
    name: captions.dim.en,
    caption: captions.dim,
    kind: "geo",
    hierarchies: [
      {
        name: "Geography",
        caption: c("Geography", "Geografía", "地理"),
        levels: [
          {
            name: `${captions.prefix}Continent`,
            caption: captions.continent,
            column: continentColumn,
            members: "dim_continents",
            parent: null,
            id: CONTINENT_ID,
          },
          {
            name: `${captions.prefix}Country`,
            caption: captions.country,
            column: role,
            members: membersTable,
            parent: `${captions.prefix}Continent`,
            id: COUNTRY_ID,
          },
        ],
      },
    ],
  };
}

type ProductDepth = "section" | "hs4" | "hs6";

/** Section -> HS2 -> HS4 (-> HS6). BACI cubes pass their own member tables for HS2..HS6. */
function productDimension(
  depth: ProductDepth,
  tables: { hs2: string; hs4: string; hs6: string } = { hs2: "dim_hs2", hs4: "dim_hs4", hs6: "dim_hs6" },
): DimensionDef {
  const section: LevelDef = {
    name: "Section",
    caption: c("Section", "Sección", "类"),
    column: "section",
    members: "dim_hs_sections",
    parent: null,
    id: { type: "string", pattern: /^\d{1,2}$/, example: "5" },
  };
  const hs2: LevelDef = {
    name: "HS2",
    caption: c("HS2", "HS2", "HS2"),
    column: "hs2",
    members: tables.hs2,
    parent: "Section",
    id: { type: "string", pattern: /^\d{2}$/, example: "26" },
  };
  const hs4: LevelDef = {
    name: "HS4",
    caption: c("HS4", "HS4", "HS4"),
    column: "hs4",
    members: tables.hs4,
    parent: "HS2",
    id: { type: "string", pattern: /^\d{4}$/, example: "2603" },
  };
  const hs6: LevelDef = {
    name: "HS6",
    caption: c("HS6", "HS6", "HS6"),
    column: "hs6",
    members: tables.hs6,
    parent: "HS4",
    id: { type: "string", pattern: /^\d{6}$/, example: "260300" },
  };
  const levels = depth === "section" ? [section] : depth === "hs4" ? [section, hs2, hs4] : [section, hs2, hs4, hs6];
  return {
    name: "Product",
    caption: c("Product", "Producto", "产品"),
    kind: "product",
    hierarchies: [{ name: "HS", caption: c("HS Product", "Producto SA", "HS产品"), levels }],
  };
}

function flowDimension(): DimensionDef {
  return {
    name: "Flow",
    caption: c("Flow", "Flujo", "流向"),
    kind: "standard",
    defaultMember: {
      level: "Trade Flow",
      id: 2,
      note: "Trade Flow=2 (Exports) was applied because the query neither cut nor drilled down Trade Flow; adding imports to exports would count every flow twice.",
    },
    hierarchies: [
      {
        name: "Trade Flow",
        caption: c("Trade Flow", "Flujo comercial", "贸易流向"),
        levels: [
          {
            name: "Trade Flow",
            caption: c("Trade Flow", "Flujo comercial", "贸易流向"),
            column: "flow",
            members: "dim_flows",
            parent: null,
            id: { type: "integer", min: 1, max: 2, example: "2" },
          },
        ],
      },
    ],
  };
}

const TRADE_VALUE: MeasureDef = {
  name: "Trade Value",
  caption: c("Trade Value", "Valor comercial", "贸易额"),
  unit: "USD",
  sql: 'SUM("trade_value")',
  columns: ["trade_value"],
  rca: true,
};

const QUANTITY_TONS: MeasureDef = {
  name: "Quantity",
  caption: c("Quantity", "Cantidad", "数量"),
  unit: "metric tons",
  sql: 'SUM("quantity")',
  columns: ["quantity"],
  rca: false,
};

const OTS_ANNOTATIONS = {
  source_name: "Open Trade Statistics, based on UN Comtrade",
  source_link: "https://tradestatistics.io",
  licence: "CC BY-NC 4.0 (non-commercial); subject to UN Comtrade terms",
  attribution: "Trade data: Open Trade Statistics (CC BY-NC 4.0), based on UN Comtrade.",
  unit: "USD, current prices (nominal)",
};

// ---------------------------------------------------------------------------------------------
// Cubes from the data package

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

const HS4_CUBE: CubeDef = {
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

// ---------------------------------------------------------------------------------------------
// CEPII BACI: one cube per HS revision, `trade_i_baci_a_<yy>` as on oec.world (hs92 -> _92, hs12 -> _12)

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


// ---------------------------------------------------------------------------------------------
// Economic complexity: one set of three cubes per classification and depth, computed by the
// importer from the trade cubes' exports (src/server/etl/complexity.ts). Set keys are
// `<revision>_<depth>`: hs92_hs4, sitc2_sitc4, hs92_hs6 (BACI) ...

export type ComplexityDepth = "hs4" | "hs6" | "sitc4";

export interface ComplexitySetDef {
  readonly key: string;
  /** "hs92", "hs96", ... or "sitc2". */
  readonly revision: string;
  readonly depth: ComplexityDepth;
  /** Name of the product level the set is computed at ("HS4", "HS6", "SITC4"). */
  readonly productLevel: string;
  readonly tables: { readonly eci: string; readonly pci: string; readonly rca: string };
  readonly cubes: { readonly eci: string; readonly pci: string; readonly rca: string };
  readonly countryMembers: string;
  readonly productDimension: DimensionDef;
  /** Where the trade comes from, year by year (also in the warehouse table complexity_runs). */
  readonly sourceNote: string;
}

export function complexityTables(key: string) {
  return { eci: `complexity_eci_${key}`, pci: `complexity_pci_${key}`, rca: `complexity_rca_${key}` };
}

export function complexityCubeNames(key: string) {
  return { eci: `complexity_eci_a_${key}`, pci: `complexity_pci_a_${key}`, rca: `complexity_rca_a_${key}` };
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

export const PACKAGE_CUBES: readonly CubeDef[] = [
  SECTIONS_CUBE,
  HS4_CUBE,
  ATLAS_HS4_CUBE,
  ATLAS_WORLD_HS4_CUBE,
  COMTRADE_SAMPLE_CUBE,
  SERVICES_CUBE,
  ESP_CUBE,
  AUS_GOODS_CUBE,
  AUS_SERVICES_CUBE,
  INDICATORS_CUBE,
  BOL_CUBE,
];

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

export const CUBES: readonly CubeDef[] = [...PACKAGE_CUBES, SUBNATIONAL_GENERIC_CUBE, ...BACI_REVISIONS.map(baciCube), ...COMPLEXITY_CUBES];

const CUBES_BY_NAME = new Map(CUBES.map((cube) => [cube.name, cube]));

export function getCube(name: string): CubeDef | undefined {
  return CUBES_BY_NAME.get(name);
}

export function cubeLevels(cube: CubeDef): LevelDef[] {
  return cube.dimensions.flatMap((d) => d.hierarchies.flatMap((h) => h.levels));
}

export function findLevel(cube: CubeDef, name: string): LevelDef | undefined {
  return cubeLevels(cube).find((level) => level.name === name);
}

export function dimensionOfLevel(cube: CubeDef, levelName: string): DimensionDef | undefined {
  return cube.dimensions.find((d) => d.hierarchies.some((h) => h.levels.some((l) => l.name === levelName)));
}

/** Parents first, nearest last: HS4 -> [Section, HS2]. */
export function ancestorsOf(cube: CubeDef, level: LevelDef): LevelDef[] {
  const chain: LevelDef[] = [];
  let parentName = level.parent;
  while (parentName) {
    const parent = findLevel(cube, parentName);
    if (!parent) break;
    chain.unshift(parent);
    parentName = parent.parent;
  }
  return chain;
}

// ---------------------------------------------------------------------------------------------
// Derived measures (computed at query time from a base measure)

export type DerivedKind = "growth" | "growthValue" | "rca" | ComplexityKind;
/** Stored per country, product and year by the importer; joined, not computed, at query time. */
export type ComplexityKind = "relatedness" | "distance" | "opportunityGain";

const DERIVED_SUFFIX: Record<"growth" | "growthValue" | "rca", { name: string; caption: Captions }> = {
  growth: { name: "Growth", caption: c("Growth", "Crecimiento", "增长率") },
  growthValue: { name: "Growth Value", caption: c("Growth Value", "Variación", "增长值") },
  rca: { name: "RCA", caption: c("RCA", "VCR", "显示性比较优势") },
};

/** Measures a trade cube with a complexity link offers, their names, captions and stored column. */
export const COMPLEXITY_MEASURES: readonly { kind: ComplexityKind; name: string; caption: Captions; column: string }[] = [
  { kind: "relatedness", name: "Trade Value Relatedness", caption: c("Relatedness", "Proximidad", "关联度"), column: "relatedness" },
  { kind: "distance", name: "Trade Value Distance", caption: c("Distance", "Distancia", "距离"), column: "distance" },
  { kind: "opportunityGain", name: "Opportunity Gain", caption: c("Opportunity Gain", "Ganancia de oportunidad", "机会收益"), column: "opportunity_gain" },
];

export function isComplexityKind(kind: string): kind is ComplexityKind {
  return kind === "relatedness" || kind === "distance" || kind === "opportunityGain";
}

export interface DerivedMeasureDef {
  readonly name: string;
  readonly caption: Captions;
  readonly kind: DerivedKind;
  readonly base: string;
  /** The query parameter that produces it ("complexity": asked for by name, needs the country and product levels drilled). */
  readonly parameter: "growth" | "rca" | "complexity";
}

export function derivedMeasureName(base: string, kind: "growth" | "growthValue" | "rca"): string {
  return `${base} ${DERIVED_SUFFIX[kind].name}`;
}

export function derivedMeasures(cube: CubeDef): DerivedMeasureDef[] {
  const computed = cube.measures.flatMap((m) => {
    const kinds: ("growth" | "growthValue" | "rca")[] = m.rca ? ["growth", "growthValue", "rca"] : ["growth", "growthValue"];
    return kinds.map((kind) => ({
      name: derivedMeasureName(m.name, kind),
      caption: Object.fromEntries(
        LOCALES.map((l) => [l, l === "zh" ? `${m.caption[l]}${DERIVED_SUFFIX[kind].caption[l]}` : `${m.caption[l]} ${DERIVED_SUFFIX[kind].caption[l]}`]),
      ) as Captions,
      kind,
      base: m.name,
      parameter: kind === "rca" ? ("rca" as const) : ("growth" as const),
    }));
  });
  const tradeValue = cube.measures.find((m) => m.name === TRADE_VALUE.name);
  const stored: DerivedMeasureDef[] =
    cube.complexity && tradeValue
      ? COMPLEXITY_MEASURES.map((m) => ({ name: m.name, caption: m.caption, kind: m.kind, base: tradeValue.name, parameter: "complexity" as const }))
      : [];
  return [...computed, ...stored];
}

// ---------------------------------------------------------------------------------------------
// Localised description for GET /api/cubes

export interface CubeDescription {
  name: string;
  caption: string;
  description: string;
  available: boolean;
  years: number[];
  dimensions: {
    name: string;
    caption: string;
    kind: DimensionDef["kind"];
    defaultMember?: { level: string; id: number | string };
    hierarchies: { name: string; caption: string; levels: { name: string; caption: string; parent: string | null; idExample: string }[] }[];
  }[];
  measures: { name: string; caption: string; unit: string }[];
  derivedMeasures: { name: string; caption: string; parameter: "growth" | "rca" | "complexity" }[];
  annotations: Readonly<Record<string, string>>;
}

export function describeCube(cube: CubeDef, locale: Locale, availability: { available: boolean; years: number[] }): CubeDescription {
  return {
    name: cube.name,
    caption: cube.caption[locale],
    description: cube.description[locale],
    available: availability.available,
    years: availability.years,
    dimensions: cube.dimensions.map((d) => ({
      name: d.name,
      caption: d.caption[locale],
      kind: d.kind,
      ...(d.defaultMember ? { defaultMember: { level: d.defaultMember.level, id: d.defaultMember.id } } : {}),
      hierarchies: d.hierarchies.map((h) => ({
        name: h.name,
        caption: h.caption[locale],
        levels: h.levels.map((l) => ({ name: l.name, caption: l.caption[locale], parent: l.parent, idExample: l.id.example })),
      })),
    })),
    measures: cube.measures.map((m) => ({ name: m.name, caption: m.caption[locale], unit: m.unit })),
    derivedMeasures: derivedMeasures(cube).map((m) => ({ name: m.name, caption: m.caption[locale], parameter: m.parameter })),
    annotations: cube.annotations,
  };
}
