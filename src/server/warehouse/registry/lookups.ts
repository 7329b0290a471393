/**
 * Lookups over the registry: the registry built from a list of families (`buildRegistry`), levels
 * of a cube and their ancestors, derived measures (growth, RCA, stored relatedness) and the
 * localised description GET /api/cubes serves (`describeCube`).
 */
import "server-only";
import { LOCALES, type Locale } from "@/domain/i18n/locales";
import type { Captions } from "../types";
import { c, TRADE_VALUE } from "./builders";
import type { ComplexityKind, CubeDef, CubeDescription, CubeFamily, DerivedMeasureDef, DimensionDef, LevelDef } from "./types";

export interface CubeRegistry {
  readonly families: readonly CubeFamily[];
  /** Every cube, in order: each family's package cubes, then each family's other cubes. */
  readonly cubes: readonly CubeDef[];
  /** The cubes the importer builds from the data package. */
  readonly packageCubes: readonly CubeDef[];
  getCube(name: string): CubeDef | undefined;
}

/**
 * The registry of `families` (families.ts lists the site's). Refuses two families with one key,
 * two cubes with one name and two catalogue datasets with one key: each would make a lookup ambiguous.
 */
export function buildRegistry(families: readonly CubeFamily[]): CubeRegistry {
  const packageCubes = families.flatMap((family) => family.packageCubes);
  const cubes = [...packageCubes, ...families.flatMap((family) => family.otherCubes)];
  const duplicate = (keys: string[]) => keys.find((key, i) => keys.indexOf(key) !== i);
  const datasets = cubes.flatMap((cube) => (cube.catalog ? [cube.catalog.dataset, ...(cube.catalog.derivedDatasets ?? []).map((d) => d.dataset)] : []));
  for (const [what, keys] of [
    ["family", families.map((family) => family.key)],
    ["cube", cubes.map((cube) => cube.name)],
    ["catalogue dataset", datasets],
  ] as const) {
    const twice = duplicate([...keys]);
    if (twice !== undefined) throw new Error(`cube registry: ${what} "${twice}" is declared twice`);
  }
  const byName = new Map(cubes.map((cube) => [cube.name, cube]));
  return { families, cubes, packageCubes, getCube: (name) => byName.get(name) };
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
