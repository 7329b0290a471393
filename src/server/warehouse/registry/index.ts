/**
 * The cube registry: every cube the warehouse can hold, as typed data. The query compiler takes
 * table and column names only from here, and the importer builds the tables this folder describes,
 * so the two cannot drift apart.
 *
 * One file per source family declares its cubes (ots.ts, atlas.ts, baci.ts, ...); `families.ts`
 * lists them; `buildRegistry` (lookups.ts) turns the list into the registry below. Adding a source
 * is adding a family file and one line in families.ts. Shared builders are in builders.ts.
 *
 * Naming follows Tesseract/OEC: `<topic>_<i|s>_<source>_<a|m>_<classification>` where `i` is
 * international, `s` subnational, `a` annual.
 */
import "server-only";
import { FAMILIES } from "./families";
import { buildRegistry } from "./lookups";
import type { CubeDef } from "./types";

export type {
  CatalogSpec,
  ComplexityDepth,
  ComplexityKind,
  ComplexityLink,
  ComplexitySetDef,
  CubeDef,
  CubeDescription,
  CubeFamily,
  DerivedKind,
  DerivedMeasureDef,
  DimensionDef,
  HierarchyDef,
  IdSpec,
  LevelDef,
  MeasureDef,
  TableDef,
} from "./types";
export { BACI_REVISIONS, type BaciRevision, baciComplexityDepths, baciComplexityKey, baciCube, baciCubeName, baciTables } from "./baci";
export { complexityCubeNames, complexityTables } from "./builders";
export {
  COMPLEXITY_CUBES,
  COMPLEXITY_FILTERS_NOTE,
  COMPLEXITY_METHOD_NOTE,
  COMPLEXITY_SETS,
  complexityCubes,
  findComplexitySet,
  getComplexitySet,
} from "./complexity";
export { AUD_TRADE_VALUE, SUBNATIONAL_GENERIC_CUBE } from "./subnational";
export {
  ancestorsOf,
  buildRegistry,
  COMPLEXITY_MEASURES,
  cubeLevels,
  derivedMeasureName,
  derivedMeasures,
  describeCube,
  dimensionOfLevel,
  findLevel,
  isComplexityKind,
  type CubeRegistry,
} from "./lookups";

/** The site's registry: the families of families.ts. */
export const REGISTRY = buildRegistry(FAMILIES);

export const CUBES: readonly CubeDef[] = REGISTRY.cubes;

/** The cubes the importer builds from the data package. */
export const PACKAGE_CUBES: readonly CubeDef[] = REGISTRY.packageCubes;

export function getCube(name: string): CubeDef | undefined {
  return REGISTRY.getCube(name);
}
