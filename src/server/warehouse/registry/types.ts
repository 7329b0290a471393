/**
 * The registry's types: a cube (`CubeDef`) with its dimensions, levels, measures and tables, what it
 * tells the data catalogue (`CatalogSpec`), complexity sets, derived measures, the localised
 * description of GET /api/cubes, and a source family (`CubeFamily`), the unit a new source adds.
 */
import "server-only";
import type { Captions } from "../types";

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

export type DerivedKind = "growth" | "growthValue" | "rca" | ComplexityKind;
/** Stored per country, product and year by the importer; joined, not computed, at query time. */
export type ComplexityKind = "relatedness" | "distance" | "opportunityGain";

export interface DerivedMeasureDef {
  readonly name: string;
  readonly caption: Captions;
  readonly kind: DerivedKind;
  readonly base: string;
  /** The query parameter that produces it ("complexity": asked for by name, needs the country and product levels drilled). */
  readonly parameter: "growth" | "rca" | "complexity";
}

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

/**
 * One source family (OTS, Atlas, BACI, ...): a file in this folder declaring its cubes as data,
 * listed once in `families.ts`. The registry is the families' cubes in order: every family's
 * package cubes first, then every family's other cubes.
 */
export interface CubeFamily {
  /** Unique among families ("ots", "baci"). */
  readonly key: string;
  /** Cubes the importer builds from data package resources (src/server/etl/package-build.ts). */
  readonly packageCubes: readonly CubeDef[];
  /** Cubes filled by an import step of their own: BACI downloads, operator files, complexity runs. */
  readonly otherCubes: readonly CubeDef[];
}
