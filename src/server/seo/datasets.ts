/**
 * What the data pages' structured data (schema.org Dataset) says about the data: the years the
 * catalogue covers, the licences of the datasets it holds, and the bulk files one can download
 * (with the data package that lists them all). Read from the catalogue and the current export.
 */
import "server-only";
import { bulkUrl, type BulkTier } from "@/domain/bulk/bulk";
import { currentBulk } from "@/server/bulk/files";
import { dataCatalog } from "@/server/catalog/catalog";
import { getCube } from "@/server/warehouse/registry";

export interface DataFile {
  url: string;
  mediatype: string;
  bytes: number;
  name: string;
}

export interface DatasetFacts {
  years: { from: number; to: number } | null;
  /** The registry's licence texts of the datasets concerned, each once. */
  licenceTexts: string[];
  /** The current export's data package (every file with its size and SHA-256); null before an export. */
  packageUrl: string | null;
  files: DataFile[];
  /** Files of the tier beyond `limit` (listed in the data package, not here). */
  moreFiles: number;
}

const licenceText = (cube: string): string | undefined => {
  const annotations = getCube(cube)?.annotations;
  return annotations?.licence ?? annotations?.license;
};

/** The facts of every catalogued dataset (data availability) or of one bulk tier's files (bulk pages). */
export async function loadDatasetFacts(tier: BulkTier | null, limit = 200): Promise<DatasetFacts> {
  const [{ entries }, bulk] = await Promise.all([dataCatalog(), currentBulk().catch(() => ({ generation: null, pkg: null }))]);
  const resources = bulk.pkg && bulk.generation ? bulk.pkg.resources.filter((r) => r.tier === (tier ?? "international")) : [];
  // A tier not exported yet is described by the catalogue it will be exported from.
  const fromFiles = tier !== null && resources.length > 0;
  const cubes = fromFiles ? [...new Set(resources.map((r) => r.cube))] : [...new Set(entries.map((e) => e.cube))];
  const yearsOf = fromFiles ? resources.flatMap((r) => (r.year !== null ? [r.year] : r.years)) : entries.map((e) => e.year);
  const files = resources.slice(0, limit).map((r) => ({ url: bulkUrl(bulk.generation!, r.path), mediatype: r.mediatype, bytes: r.bytes, name: r.name }));
  return {
    years: yearsOf.length ? { from: Math.min(...yearsOf), to: Math.max(...yearsOf) } : null,
    licenceTexts: [...new Set(cubes.map(licenceText).filter((t): t is string => Boolean(t)))],
    packageUrl: bulk.generation && bulk.pkg ? bulkUrl(bulk.generation, "datapackage.json") : null,
    files,
    moreFiles: Math.max(0, resources.length - files.length),
  };
}
