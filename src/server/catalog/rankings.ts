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
export async function latestTradeYear(): Promise<number | null> {
  return (await tradeYears({ depth: "section", bilateral: true })).at(-1)?.year ?? null;
}

export async function tradeRankingYears(): Promise<number[]> {
  return (await tradeYears({ depth: "section", bilateral: true })).map((y) => y.year);
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
