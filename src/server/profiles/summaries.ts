/**
 * The importer's per-entity summaries (src/server/etl/summaries.ts) as the answer to a profile's
 * query: `summaryRows(query)` returns the very rows the query would return, named as the query
 * names them and in its order, when the summaries hold it, and null when they do not (another
 * shape, a year not summarised, a warehouse built before the summaries): the caller then asks the
 * cube as before. So a loader's result is the same either way, and a first render of a country
 * reads two small statements instead of a series of cube queries.
 *
 * Held shapes, each one member (a country or continent) of one goods cube, the default measure:
 *   - by Year: its exports or imports in the listed years (summary_country_year);
 *   - by partner country, one year: every partner, a country's own id excluded (summary_country_top);
 *   - by Section, one year, exports (summary_country_top).
 * Sorted as the loaders sort them (Year ascending; partners and sections by value, largest first).
 */
import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import { dataCatalog } from "@/server/catalog/catalog";
import { keyedValue, processValue } from "@/server/processState";
import { LruCache } from "@/server/warehouse/cache";
import { findLevel, getCube, type CubeDef } from "@/server/warehouse/registry";
import { runStatement, withStatements } from "@/server/warehouse/statements";
import { DEFAULT_PAGE_SIZE, type Cut, type DataQuery, type DataRecord } from "@/server/warehouse/types";
import { memberTop, memberYears, summaryCoverage } from "./statements";

type Flow = "export" | "import";
type Kind = "series" | "partner" | "section";

/** What the summaries hold, as "kind|cube|year"; null when the warehouse has none. */
type Coverage = ReadonlySet<string> | null;

const held = (kind: Kind, cube: string, year: number) => `${kind}|${cube}|${year}`;

/** Read once per warehouse generation. */
async function coverage(generation: number): Promise<Coverage> {
  if (generation < 0) return null;
  return keyedValue("profiles/summaries:coverage", generation, () =>
    withStatements(async (session) => {
      if (!(await session.hasTable("summary_coverage"))) return null;
      const rows = await session.run(summaryCoverage, {});
      return new Set(rows.map((r) => held(r.kind as Kind, r.cube, r.year)));
    }),
  );
}

/** A member's summary rows, shared by every loader of a render (and later renders) of this generation. */
function memo<T>(key: string, read: () => Promise<T>): Promise<T> {
  const cache = processValue("profiles/summaries:members", () => new LruCache<Promise<T>>(256, 64 * 1024 * 1024));
  const hit = cache.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  const promise = read();
  cache.set(key, promise, 16 * 1024);
  promise.catch(() => cache.delete(key));
  return promise;
}

function yearsOf(generation: number, id: string, continent: boolean) {
  return memo(`${generation}|years|${continent}|${id}`, () => runStatement(memberYears, { id, continent }));
}

function topOf(generation: number, cube: CubeDef, id: string, continent: boolean, locale: Locale) {
  const members = (level: string) => findLevel(cube, level)?.members ?? null;
  return memo(`${generation}|top|${cube.name}|${continent}|${id}|${locale}`, () =>
    runStatement(memberTop, {
      id,
      continent,
      cube: cube.name,
      locale,
      exportPartners: members("Importer Country"),
      importPartners: members("Exporter Country"),
      sections: members("Section"),
    }),
  );
}

/** The member a query is about, its flow and the levels it may be asked by. */
interface Question {
  cube: CubeDef;
  id: string;
  continent: boolean;
  flow: Flow;
  /** Years asked (a Year cut or a list of years); null: every year of the cube. */
  years: number[] | null;
  /** The partner country level of this flow (bilateral cubes). */
  partnerLevel: string | null;
}

const REPORTER: Record<string, { flow: Flow; continent: boolean }> = {
  "Exporter Country": { flow: "export", continent: false },
  "Exporter Continent": { flow: "export", continent: true },
  "Importer Country": { flow: "import", continent: false },
  "Importer Continent": { flow: "import", continent: true },
};

const WORLD_REPORTER: Record<string, boolean> = { Country: false, Continent: true };

const ALLOWED_KEYS = new Set(["cube", "drilldowns", "measures", "cuts", "exclude", "time", "sort"]);

const oneId = (cut: Cut): string | null => (cut.ids.length === 1 && typeof cut.ids[0] === "string" && cut.ids[0] === cut.ids[0].toLowerCase() ? cut.ids[0] : null);

/** The member, flow and years of a query the summaries could answer; null for any other query. */
function questionOf(query: DataQuery): Question | null {
  if (Object.entries(query).some(([key, value]) => value !== undefined && !ALLOWED_KEYS.has(key))) return null;
  if (query.measures && !(query.measures.length === 1 && query.measures[0] === "Trade Value")) return null;
  const cube = getCube(query.cube);
  if (!cube?.catalog || (query.drilldowns ?? []).length !== 1) return null;
  const bilateral = cube.catalog.bilateral;
  let member: { id: string; flow: Flow | null; continent: boolean } | null = null;
  let flowCut: Flow | null = null;
  let years: number[] | null = null;
  for (const cut of query.cuts ?? []) {
    const reporter = bilateral ? REPORTER[cut.level] : cut.level in WORLD_REPORTER ? { flow: null, continent: WORLD_REPORTER[cut.level] } : undefined;
    if (reporter && !member) {
      const id = oneId(cut);
      if (!id) return null;
      member = { id, ...reporter };
    } else if (cut.level === cube.timeLevel && !years) {
      years = cut.ids.map(Number);
    } else if (!bilateral && cut.level === "Trade Flow" && cut.ids.length === 1 && !flowCut) {
      const code = Number(cut.ids[0]);
      if (code !== 1 && code !== 2) return null;
      flowCut = code === 2 ? "export" : "import";
    } else {
      return null;
    }
  }
  if (query.time) {
    // A Year cut and a time list together: not a question the loaders ask.
    if (query.time.kind !== "list" || years) return null;
    years = [...query.time.years];
  }
  const flow = bilateral ? member?.flow : flowCut;
  if (!member || !flow || years?.some((y) => !Number.isInteger(y))) return null;
  return { cube, id: member.id, continent: member.continent, flow, years, partnerLevel: bilateral ? (flow === "export" ? "Importer Country" : "Exporter Country") : null };
}

const sortedBy = (query: DataQuery, key: string, direction: "asc" | "desc") => query.sort?.length === 1 && query.sort[0].key === key && query.sort[0].direction === direction;

/** The rows of a by-Year question: the member's value in each asked year it has one, oldest first. */
async function yearRows(q: Question, query: DataQuery, cover: ReadonlySet<string>, generation: number): Promise<DataRecord[] | null> {
  if ((query.exclude ?? []).length || (query.sort?.length && !sortedBy(query, q.cube.timeLevel, "asc"))) return null;
  // Every year of the cube is not a question the loaders ask: they name the catalogue's years.
  if (!q.years || !q.years.every((y) => cover.has(held("series", q.cube.name, y)))) return null;
  const wanted = new Set(q.years);
  const rows = (await yearsOf(generation, q.id, q.continent)).filter((r) => r.cube === q.cube.name && r.flow === q.flow);
  const level = q.cube.timeLevel;
  return rows
    .filter((r) => wanted.has(r.year))
    .sort((a, b) => a.year - b.year)
    .map((r) => ({ [`${level} ID`]: r.year, [level]: r.year, "Trade Value": r.value }));
}

/** The rows of a one-year question by partner or by section: every member of the level, largest first. */
async function rankedRows(q: Question, query: DataQuery, level: string, cover: ReadonlySet<string>, generation: number, locale: Locale): Promise<DataRecord[] | null> {
  const kind: Kind = level === "Section" ? "section" : "partner";
  if (!q.years || q.years.length !== 1 || !cover.has(held(kind, q.cube.name, q.years[0])) || !sortedBy(query, "Trade Value", "desc")) return null;
  if (kind === "section" && q.flow !== "export") return null;
  // A country's partners are summarised without the country itself: the query must leave it out too.
  const exclude = query.exclude ?? [];
  const selfExcluded = exclude.length === 1 && exclude[0].level === level && exclude[0].ids.length === 1 && exclude[0].ids[0] === q.id;
  if (kind === "partner" ? (q.continent ? exclude.length > 0 : !selfExcluded) : exclude.length > 0) return null;
  const year = q.years[0];
  const rows = (await topOf(generation, q.cube, q.id, q.continent, locale)).filter((r) => r.year === year && r.kind === kind && r.flow === q.flow);
  if (rows.length > (query.limit ?? DEFAULT_PAGE_SIZE)) return null;
  return rows.map((r) => ({ [`${level} ID`]: r.id, [level]: r.name, "Trade Value": r.value }));
}

/**
 * The rows `query` returns, read from the summaries, or null when they do not hold it (the caller
 * asks the cube). Never throws for a question it cannot answer; a failing read is an error as a
 * failing query would be.
 */
export async function summaryRows(query: DataQuery, locale: Locale): Promise<DataRecord[] | null> {
  const q = questionOf(query);
  if (!q) return null;
  const { generation } = await dataCatalog();
  const cover = await coverage(generation);
  if (!cover) return null;
  const level = query.drilldowns![0];
  if (level === q.cube.timeLevel) return yearRows(q, query, cover, generation);
  if (level === q.partnerLevel || (level === "Section" && q.cube.catalog?.bilateral)) return rankedRows(q, query, level, cover, generation, locale);
  return null;
}
