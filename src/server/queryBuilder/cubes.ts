/**
 * The cubes the data explorer offers: those the current warehouse holds with at least one year,
 * described from the registry in the page language. Nothing here names a cube or a year: a bigger
 * import (BACI, complexity sets) shows up by itself.
 */
import "server-only";
import type { CubeInfo } from "@/domain/queryBuilder/cube";
import type { Locale } from "@/domain/i18n/locales";
import { listCubes, queryCube, dataApiUrl, type DataQuery, type DataResponse } from "@/server/warehouse/client";

export async function explorerCubes(locale: Locale): Promise<CubeInfo[]> {
  const cubes = await listCubes(locale);
  return cubes
    .filter((c) => c.available && c.years.length > 0)
    .map((c) => {
      const rcaBases = new Set(c.derivedMeasures.filter((d) => d.parameter === "rca").map((d) => d.name.replace(/ RCA$/, "")));
      const time = c.dimensions.find((d) => d.kind === "time");
      return {
        name: c.name,
        caption: c.caption,
        description: c.description,
        years: c.years,
        timeLevel: time?.hierarchies[0]?.levels[0]?.name ?? null,
        levels: c.dimensions.flatMap((d) => d.hierarchies.flatMap((h) => h.levels.map((l) => ({ name: l.name, caption: l.caption, dimension: d.name, dimensionCaption: d.caption })))),
        measures: c.measures.map((m) => ({ name: m.name, caption: m.caption, unit: m.unit, rca: rcaBases.has(m.name) })),
      };
    });
}

export interface ExplorerSample {
  cube: CubeInfo;
  query: DataQuery;
  apiUrl: string;
  response: DataResponse;
}

/**
 * The read-only sample non-PRO visitors see: the first cube with data, its latest year, by the
 * first level of its first non-time dimension, the ten largest members. Null without data.
 */
export async function explorerSample(locale: Locale): Promise<ExplorerSample | null> {
  const cubes = await explorerCubes(locale);
  for (const cube of cubes) {
    const level = cube.levels.find((l) => l.name !== cube.timeLevel);
    const measure = cube.measures[0];
    if (!level || !measure) continue;
    const query: DataQuery = { cube: cube.name, drilldowns: [level.name], measures: [measure.name], time: { kind: "latest" }, sort: [{ key: measure.name, direction: "desc" }], limit: 10 };
    try {
      const response = await queryCube(query, locale);
      if (response.data.length) return { cube, query, apiUrl: dataApiUrl(query, locale), response };
    } catch {
      // A cube that cannot answer this shape (an index needing more levels): try the next one.
    }
  }
  return null;
}
