/**
 * Data-quality flags as the pages see them: `_meta_quality` (written by the importer, see
 * src/server/etl/quality.ts) read once per warehouse generation, filtered on request, and described
 * with member names in the page's language for the notes (features/profiles/QualityNote) and the
 * list on /data-availability.
 */
import "server-only";
import type { CatalogEntry } from "@/domain/catalog/catalog";
import { byFlag, filterFlags, parseQualityRow, type DescribedFlag, type QualityFilter, type QualityFlag } from "@/domain/catalog/quality";
import type { Locale } from "@/domain/i18n/locales";
import { warehouseMeta } from "@/server/warehouse/db";
import { withStatements } from "@/server/warehouse/statements";
import { cubeLevels, findLevel, getCube } from "@/server/warehouse/registry";
import { forgetValue, keyedValue } from "@/server/processState";
import { memberNamesOf, qualityRows } from "./statements";

export type { DescribedFlag, QualityFilter, QualityFlag };

type Names = Map<string, { en: string; es: string; zh: string }>;

interface Cached {
  generation: number;
  flags: Promise<QualityFlag[]>;
  /** Member names per member table, read when a description first needs them. */
  names: Map<string, Promise<Names>>;
}

/** Per warehouse generation, shared by every bundle (processState). */
const QUALITY = "catalog/quality:flags";

async function readFlags(): Promise<QualityFlag[]> {
  return withStatements(async ({ run, hasTable }) => {
    // A warehouse imported before the quality step: no flags until it is re-imported.
    if (!(await hasTable("_meta_quality"))) return [];
    const rows = await run(qualityRows, {});
    return rows
      .map((r) => parseQualityRow(r))
      .filter((f): f is QualityFlag => f !== null)
      .sort(byFlag);
  });
}

async function current(): Promise<Cached | null> {
  const meta = await warehouseMeta();
  if (!meta) return null;
  return keyedValue(QUALITY, meta.generation, () => {
    const cached: Cached = { generation: meta.generation, flags: readFlags(), names: new Map() };
    // A failed read (a timeout under load) is not kept: the next request tries again.
    cached.flags.catch(() => forgetValue(QUALITY, cached));
    return cached;
  });
}

/** Every flag of the current warehouse matching the filter (all of them without one); [] without a warehouse. */
export async function qualityFlags(filter: QualityFilter = {}): Promise<QualityFlag[]> {
  const cached = await current();
  if (!cached) return [];
  try {
    return filterFlags(await cached.flags, filter);
  } catch {
    return [];
  }
}

function memberNames(cached: Cached, table: string): Promise<Names> {
  let names = cached.names.get(table);
  if (!names) {
    names = withStatements(async ({ run, hasTable }) => {
      if (!(await hasTable(table))) return new Map() as Names;
      const rows = await run(memberNamesOf, { table });
      return new Map(rows.map(({ id, ...name }) => [id, name])) as Names;
    }).catch(() => new Map() as Names);
    cached.names.set(table, names);
  }
  return names;
}

/** The flags with names in `locale`, the unit of their values and their dataset's depth. */
export async function describeQualityFlags(flags: readonly QualityFlag[], locale: Locale): Promise<DescribedFlag[]> {
  const cached = await current();
  const meta = await warehouseMeta();
  const entries = new Map<string, CatalogEntry>((meta?.catalog ?? []).map((e) => [`${e.dataset}|${e.year}`, e]));
  const byDataset = new Map<string, CatalogEntry>((meta?.catalog ?? []).map((e) => [e.dataset, e]));
  return Promise.all(
    flags.map(async (flag): Promise<DescribedFlag> => {
      const entry = entries.get(`${flag.dataset}|${flag.year}`) ?? byDataset.get(flag.dataset);
      const cube = entry ? getCube(entry.cube) : undefined;
      const currency = cube?.annotations.currency ?? "USD";
      const reporterTable = cube?.catalog?.reporterColumn ? cubeLevels(cube).find((l) => l.column === cube.catalog!.reporterColumn)?.members ?? null : null;
      const level = "level" in flag.params ? flag.params.level : null;
      const productTable = cube && level ? findLevel(cube, level)?.members ?? null : null;
      const [reporters, products] = await Promise.all([
        cached && reporterTable && flag.reporter ? memberNames(cached, reporterTable) : Promise.resolve(null),
        cached && productTable && flag.products.length ? memberNames(cached, productTable) : Promise.resolve(null),
      ]);
      const reporter = flag.reporter ? reporters?.get(flag.reporter) : undefined;
      return {
        flag,
        reporterName: flag.reporter ? (reporter?.[locale] ?? flag.reporter.toUpperCase()) : null,
        reporterIsCountry: reporter !== undefined && cube?.catalog?.kind === "goods",
        productNames: flag.products.map((code) => products?.get(code)?.[locale] ?? code),
        currency,
        depth: entry?.depth ?? null,
      };
    }),
  );
}

/** Flags matching the filter, described for a page (the loader a profile section calls). */
export async function loadQualityNotes(filter: QualityFilter, locale: Locale): Promise<DescribedFlag[]> {
  const flags = await qualityFlags(filter);
  return flags.length ? describeQualityFlags(flags, locale) : [];
}
