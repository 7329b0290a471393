/**
 * The type the trending page groups a profile under (its title: server/profiles/titles.ts, as the
 * profile page titles itself).
 */
import "server-only";
import type { ProfileTarget } from "@/domain/profiles/path";

/** The groups of the page, in the order shown (message keys under trending.types). */
export const TRENDING_TYPES = ["country", "continent", "world", "hs", "bilateral-country", "bilateral-product", "subnational_esp", "subnational", "international_organization"] as const;
export type TrendingType = (typeof TRENDING_TYPES)[number];

export function profileTypeOf(target: ProfileTarget): TrendingType {
  return target.report === "country" ? target.kind : target.report;
}
