/**
 * Where the menus' "latest" ranking links lead, and where old hard-coded ranking URLs go when the
 * data lacks them: the newest year and finest classification the catalogue holds.
 */
import "server-only";
import { latestComplexitySet } from "@/domain/catalog/catalog";
import { RANKING_DEPTHS, RANKING_REVISIONS, type RankingDepth, type RankingPath, type RankingRevision } from "@/domain/rankings/routes";
import { getComplexitySet } from "@/server/warehouse/registry";
import { dataCatalog, rankedYears, tradeYears } from "./catalog";

/** The newest year of country trade rankings (section trade between countries). */
/**
 * Years a trade ranking can show: countries need exports and imports by country (bilateral section
 * trade); products need world exports by section or HS4 (any dataset with exports).
 */
export async function tradeRankingYears(kind: "countries" | "products" = "countries"): Promise<number[]> {
  if (kind === "countries") return (await tradeYears({ depth: "section", bilateral: true })).map((y) => y.year);
  const [section, hs4] = await Promise.all([tradeYears({ depth: "section", flow: "export" }), tradeYears({ depth: "hs4", flow: "export" })]);
  return [...new Set([...section, ...hs4].map((y) => y.year))].sort((a, b) => a - b);
}

export async function latestTradeYear(kind: "countries" | "products" = "countries"): Promise<number | null> {
  return (await tradeRankingYears(kind)).at(-1) ?? null;
}

const isDepth = (v: string): v is RankingDepth => (RANKING_DEPTHS as readonly string[]).includes(v);
const isRevision = (v: string): v is RankingRevision => (RANKING_REVISIONS as readonly string[]).includes(v);

/** Depth and revision of the newest complexity ranking at HS4 or HS6 (full data, finest on a tie). */
export async function latestRankingPath(): Promise<Pick<RankingPath, "depth" | "revision"> | null> {
  const { entries } = await dataCatalog();
  const full = entries.filter((e) => !(e.kind === "complexity" && e.partial));
  const entry = latestComplexitySet(full);
  if (!entry?.depth || !entry.classification || !isDepth(entry.depth) || !isRevision(entry.classification)) return null;
  return { depth: entry.depth, revision: entry.classification };
}

/** Whether the catalogue holds a ranking at this depth and revision. */
export async function hasRanking(depth: RankingDepth, revision: RankingRevision): Promise<boolean> {
  const key = `${revision}_${depth}`;
  if (!getComplexitySet(key)) return false;
  return (await rankedYears(key)).length > 0;
}
