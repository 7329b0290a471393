/**
 * What the trending page shows while too few visits have been counted: the heaviest profiles of
 * the profile index (its weights are trade values), so the page is never empty. Labelled as such
 * on the page: these are the largest traders and products, not the most viewed.
 */
import "server-only";
import { REPORTS, VARIANTS } from "@/domain/explorer/reports";
import type { Locale } from "@/domain/i18n/locales";
import { parseProfilePath } from "@/domain/profiles/path";
import { buildLookup } from "@/server/profiles/lookup";
import type { Labels, ProfileIndex } from "@/server/search/engine";
import type { TrendingProfile } from "./repository";
import { profileTitle } from "@/server/profiles/titles";
import { profileTypeOf } from "./titles";

const NO_LABELS: Labels = { reports: {}, dimensions: {}, variants: {} };
const reportId = (slug: string) => REPORTS.find((report) => report.slug === slug)!.id;

/** Which profiles, heaviest first: report and variant choices, tried in order until one has some. */
const PICKS: { report: string; variants: number[][]; count: number }[] = [
  { report: "country", variants: [[VARIANTS.country.id]], count: 5 },
  { report: "hs", variants: [[VARIANTS.hs4.id], [VARIANTS.hs2.id], [VARIANTS.section.id]], count: 5 },
  { report: "bilateral-country", variants: [[VARIANTS.country.id, VARIANTS.partner.id]], count: 3 },
];

export function fallbackProfiles(index: ProfileIndex, locale: Locale): TrendingProfile[] {
  const lookup = buildLookup(index);
  const out: TrendingProfile[] = [];
  for (const pick of PICKS) {
    for (const variants of pick.variants) {
      const { results } = index.query({ query: "", locale, limit: pick.count, offset: 0, reports: [reportId(pick.report)], variants }, NO_LABELS);
      const found: TrendingProfile[] = [];
      for (const result of results) {
        const parsed = parseProfilePath(result.path.split("/").slice(1), lookup);
        if (parsed.kind === "ok") found.push({ path: `/profile${result.path}`, title: profileTitle(parsed.target, index, locale), type: profileTypeOf(parsed.target) });
      }
      if (found.length) {
        out.push(...found);
        break;
      }
    }
  }
  return out;
}
