/**
 * The API reference as a page shows it: the cubes this warehouse holds (as /api/cubes says), each
 * with its caption, years from the catalogue, levels, measures and an example query; and the
 * quick-start query (Chile's exports by section, newest year, on the cube the catalogue names for
 * section trade). The page formats; the registry stays behind this module.
 */
import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import { exampleQuery } from "@/server/api/openapi";
import { dataCatalog, tradeYears } from "@/server/catalog/catalog";
import { listCubes } from "@/server/warehouse/client";
import { CUBES, cubeLevels, getCube, type CubeDef } from "@/server/warehouse/registry";

export interface ApiCube {
  name: string;
  caption: string;
  /** Years the catalogue lists for the cube, oldest first (empty when it lists none). */
  years: number[];
  levels: string[];
  measures: string[];
  timeLevel: string;
  defaultMeasure: string;
  /** A small query on the cube (/api/data?...). */
  example: string;
}

export interface ApiReference {
  cubes: ApiCube[];
  /** The cube the code snippets query, or null without any cube. */
  snippetCube: ApiCube | null;
  /** The quick-start query every snippet runs. */
  quickQuery: string;
}

/** Chile's exports by product section, newest year, on `cube`. */
function quickQuery(cube: string): string {
  return `/api/data?${new URLSearchParams({ cube, drilldowns: "Section", cut: "Exporter Country=chl", time: "latest", sort: "Trade Value.desc" }).toString()}`;
}

export async function loadApiReference(locale: Locale): Promise<ApiReference> {
  const [catalog, listed, sections] = await Promise.all([dataCatalog(), listCubes(locale), tradeYears({ depth: "section", bilateral: true })]);
  const yearsByCube = new Map<string, Set<number>>();
  for (const e of catalog.entries) yearsByCube.set(e.cube, (yearsByCube.get(e.cube) ?? new Set()).add(e.year));
  const available = new Set(listed.filter((c) => (c as { available?: boolean }).available).map((c) => c.name));
  const asApiCube = (cube: CubeDef): ApiCube => ({
    name: cube.name,
    caption: cube.caption[locale] || cube.caption.en,
    years: [...(yearsByCube.get(cube.name) ?? [])].sort((a, b) => a - b),
    levels: cubeLevels(cube).map((l) => l.name),
    measures: cube.measures.map((m) => m.name),
    timeLevel: cube.timeLevel,
    defaultMeasure: cube.defaultMeasure,
    example: exampleQuery(cube),
  });
  const loaded = CUBES.filter((c) => available.has(c.name));
  const newest = sections.at(-1);
  const snippet = getCube(newest?.cube ?? "") ?? loaded[0];
  const snippetCube = snippet ? asApiCube(snippet) : null;
  return {
    cubes: loaded.map(asApiCube),
    snippetCube,
    quickQuery: newest ? quickQuery(newest.cube) : (snippetCube?.example ?? "/api/data"),
  };
}
