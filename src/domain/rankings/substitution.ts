import { RANKING_DEPTHS, RANKING_REVISIONS, type RankingDepth, type RankingRevision } from "./routes";

/**
 * A ranking URL the data cannot answer (the spec's menu names /rankings/eci/hs6/hs96; the
 * warehouse holds no HS6/HS96 trade) redirects to the finest ranking held, and says why: the
 * redirect carries what was asked for in `?requested={depth}-{revision}`, which the page reads
 * back to explain the substitution. Anything else in the parameter is ignored.
 */
export const SUBSTITUTION_PARAM = "requested";

export interface RankingClassification {
  depth: RankingDepth;
  revision: RankingRevision;
}

/** `path` (which may carry ?year=) with the classification that was asked for. */
export function withSubstitution(path: string, requested: RankingClassification): string {
  return `${path}${path.includes("?") ? "&" : "?"}${SUBSTITUTION_PARAM}=${requested.depth}-${requested.revision}`;
}

/** The classification named by `?requested=`, or null for an absent or malformed value. */
export function parseSubstitution(value: string | string[] | undefined): RankingClassification | null {
  if (typeof value !== "string") return null;
  const match = /^([a-z0-9]+)-([a-z0-9]+)$/.exec(value);
  if (!match) return null;
  const [, depth, revision] = match;
  if (!(RANKING_DEPTHS as readonly string[]).includes(depth) || !(RANKING_REVISIONS as readonly string[]).includes(revision)) return null;
  return { depth: depth as RankingDepth, revision: revision as RankingRevision };
}
