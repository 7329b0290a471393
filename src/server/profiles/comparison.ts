/**
 * A member's exports in the hero's year compared with earlier years ("compared with N years
 * earlier"): each comparison is two years of one dataset and release, chosen by the catalogue
 * (domain/catalog/comparison.ts), and its change is computed through changeOf, which refuses a
 * change across series.
 */
import "server-only";
import { seriesKey, type YearSource } from "@/domain/catalog/catalog";
import { comparisonChoices, HERO_YEARS_BACK } from "@/domain/catalog/comparison";
import { changeOf, figure, provenanceOf, type Figure } from "@/domain/catalog/figure";
import type { Locale } from "@/domain/i18n/locales";
import { dataCatalog } from "@/server/catalog/catalog";
import { value } from "./data";
import { loadAcrossRows } from "./sources";

export interface ComparedMember {
  kind: "country" | "continent";
  id: string;
}

export interface ExportsComparison {
  yearsBack: number;
  from: Figure;
  to: Figure;
  /** to ÷ from − 1; null when the earlier year's exports were zero. */
  change: number | null;
}

/** The question the hero's exports answer: section trade between countries (as profileSources.sections). */
const SECTION_TRADE = { depth: "section", bilateral: true } as const;

/** Comparisons of `member`'s exports in `year` with `yearsBack` earlier years; empty when none is comparable. */
export async function loadExportsComparisons(member: ComparedMember, year: number, locale: Locale, yearsBack: readonly number[] = HERO_YEARS_BACK): Promise<ExportsComparison[]> {
  const choices = comparisonChoices((await dataCatalog()).entries, SECTION_TRADE, year, yearsBack);
  if (!choices.length) return [];
  // One query per dataset (and cube) for all the years it is asked for.
  const groups = new Map<string, YearSource[]>();
  for (const choice of choices) {
    for (const source of [choice.from, choice.to]) {
      const key = `${seriesKey(source)}\u0000${source.cube}`;
      const list = groups.get(key) ?? [];
      if (!list.some((s) => s.year === source.year)) list.push(source);
      groups.set(key, list);
    }
  }
  const values = new Map<string, number>();
  await Promise.all(
    [...groups.entries()].map(async ([key, sources]) => {
      const loaded = await loadAcrossRows(sources, { flow: "export", own: [member.id], ownContinent: member.kind === "continent", drilldowns: ["Year"] }, locale);
      for (const row of loaded.rows) values.set(`${key}\u0000${Number(row["Year ID"] ?? row.Year)}`, value(row));
    }),
  );
  const figureOf = (source: YearSource) => figure(values.get(`${seriesKey(source)}\u0000${source.cube}\u0000${source.year}`) ?? 0, provenanceOf(source));
  return choices
    .map((choice) => ({ yearsBack: choice.yearsBack, from: figureOf(choice.from), to: figureOf(choice.to) }))
    .filter((c) => c.from.value > 0 && c.to.value > 0)
    .map((c) => ({ ...c, change: changeOf(c.from, c.to) }));
}
