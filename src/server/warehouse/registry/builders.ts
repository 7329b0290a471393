/**
 * Builders the families share: captions, id formats, the Year, geography (exporter, importer,
 * country), HS product and trade-flow dimensions, the trade value and quantity measures, and the
 * table and cube names of a complexity set (shared with the importer).
 */
import "server-only";
import type { Captions } from "../types";
import type { DimensionDef, IdSpec, LevelDef, MeasureDef } from "./types";

export const c = (en: string, es: string, zh: string): Captions => ({ en, es, zh });

// ---------------------------------------------------------------------------------------------
// Levels shared by several cubes

export const COUNTRY_ID: IdSpec = { type: "string", pattern: /^[a-z][a-z0-9]{2}$/, lowerCase: true, example: "deu" };
export const CONTINENT_ID: IdSpec = { type: "string", pattern: /^[a-z]{2}$/, lowerCase: true, example: "eu" };
export const YEAR_ID: IdSpec = { type: "integer", min: 1900, max: 2100, example: "2018" };

export function yearDimension(): DimensionDef {
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

export type Role = "exporter" | "importer" | "country";

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
export function geoDimension(role: Role, membersTable = "dim_countries"): DimensionDef {
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

export type ProductDepth = "section" | "hs4" | "hs6";

/** Section -> HS2 -> HS4 (-> HS6). BACI cubes pass their own member tables for HS2..HS6. */
export function productDimension(
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

export function flowDimension(): DimensionDef {
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

export const TRADE_VALUE: MeasureDef = {
  name: "Trade Value",
  caption: c("Trade Value", "Valor comercial", "贸易额"),
  unit: "USD",
  sql: 'SUM("trade_value")',
  columns: ["trade_value"],
  rca: true,
};

export const QUANTITY_TONS: MeasureDef = {
  name: "Quantity",
  caption: c("Quantity", "Cantidad", "数量"),
  unit: "metric tons",
  sql: 'SUM("quantity")',
  columns: ["quantity"],
  rca: false,
};

// ---------------------------------------------------------------------------------------------
// Names of a complexity set's tables and cubes (set keys: hs92_hs4, sitc2_sitc4, hs92_hs6 ...)

export function complexityTables(key: string) {
  return { eci: `complexity_eci_${key}`, pci: `complexity_pci_${key}`, rca: `complexity_rca_${key}` };
}

export function complexityCubeNames(key: string) {
  return { eci: `complexity_eci_a_${key}`, pci: `complexity_pci_a_${key}`, rca: `complexity_rca_a_${key}` };
}
