/**
 * Every source behind the warehouse, for /data-sources: each loaded cube with its publisher,
 * licence and attribution (registry annotations), the years it covers (catalogue), and the data
 * package resources it was built from with their own upstream sources and licences
 * (datapackage.json, when the package is beside the site). Nothing written by hand.
 */
import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import { loadDataPackage, type LoadedPackage } from "@/server/datapackage/datapackage";
import { dataCatalog } from "@/server/catalog/catalog";
import { listCubes } from "@/server/warehouse/client";
import { resolveDataDir } from "@/server/warehouse/config";
import { CUBES, type CubeDef } from "@/server/warehouse/registry";

export interface UpstreamSource {
  title: string;
  path: string | null;
  license: string | null;
}

export interface ResourceInfo {
  name: string;
  title: string | null;
  rows: number | null;
  bytes: number | null;
  sha256: string | null;
  sources: UpstreamSource[];
}

export interface SourceEntry {
  cube: string;
  caption: string;
  description: string;
  kind: string;
  sourceName: string | null;
  sourceLink: string | null;
  licence: string | null;
  attribution: string | null;
  years: number[];
  resources: ResourceInfo[];
}

function packageOrNull(): LoadedPackage | null {
  const { dir } = resolveDataDir();
  if (!dir) return null;
  try {
    return loadDataPackage(dir);
  } catch {
    return null;
  }
}

function kindOf(cube: CubeDef): string {
  if (cube.catalog) return cube.catalog.kind;
  return cube.name.startsWith("complexity_") ? "complexity" : "other";
}

export async function dataSources(locale: Locale): Promise<{ entries: SourceEntry[]; packageFound: boolean }> {
  const [catalog, cubes] = await Promise.all([dataCatalog(), listCubes(locale)]);
  const available = new Set(cubes.filter((c) => (c as { available?: boolean }).available).map((c) => c.name));
  const pkg = packageOrNull();
  const years = new Map<string, Set<number>>();
  for (const e of catalog.entries) years.set(e.cube, (years.get(e.cube) ?? new Set()).add(e.year));
  const entries = CUBES.filter((c) => available.has(c.name)).map((cube): SourceEntry => {
    const a = cube.annotations;
    const resources = cube.sourceResources
      .map((name) => pkg?.resource(name))
      .filter((r): r is NonNullable<typeof r> => Boolean(r))
      .map((r) => ({
        name: r.name,
        title: r.title ?? null,
        rows: r.rowCount ?? null,
        bytes: r.bytes ?? null,
        sha256: r.hash?.startsWith("sha256:") ? r.hash.slice(7) : null,
        sources: (r.sources ?? []).map((s) => ({ title: s.title ?? "", path: s.path ?? null, license: s.license ?? null })),
      }));
    return {
      cube: cube.name,
      caption: cube.caption[locale] || cube.caption.en,
      description: cube.description[locale] || cube.description.en,
      kind: kindOf(cube),
      sourceName: a.source_name ?? null,
      sourceLink: a.source_link ?? null,
      licence: a.licence ?? null,
      attribution: a.attribution ?? null,
      years: [...(years.get(cube.name) ?? [])].sort((x, y) => x - y),
      resources,
    };
  });
  return { entries, packageFound: pkg !== null };
}
