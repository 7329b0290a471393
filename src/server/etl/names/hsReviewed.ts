import "server-only";

/**
 * Reviewed Chinese and Spanish names for HS chapters and headings, applied by the importer over the
 * data package's own names (products_hs92.csv).
 *
 * Source: the package's Chinese heading names are the legacy Atlas `name_zh_cn` column, which its
 * README calls machine-made ("妇女的undergarmnets", "橄榄油，英属维尔京", "铁或钢的其他文章", Turkish
 * and Portuguese text for flat-rolled iron), and 65 headings (plus the HS2007-only headings the 2018
 * table uses) have none at all, so the site fell back to English mid-sentence. Every heading whose
 * package name contains Latin (or Cyrillic, Turkish, Portuguese) words or is missing, and every
 * heading whose name a read-through found wrong, literal or garbled (about half of the 1,241), is
 * written here in Simplified Chinese following the wording of the Chinese customs tariff
 * (《中华人民共和国进出口税则》) headings, shortened the way the English short names are. Headings
 * not listed keep the package's name, which read acceptably. Spanish is given only where the package has none (HS2007-only headings, Unspecified), after
 * the Spanish customs tariff (Arancel).
 *
 * The table is hsReviewed.json beside this file: one section per review pass (its note says what
 * the pass fixed), and this note as its "about", so the data carries its source.
 *
 * Reviewed here, in the project, for issue 39; the tests in __tests__/hsReviewed.test.ts keep every
 * Chinese name free of Latin words except codes and brands (REVIEWED_LATIN_ALLOWED).
 */
import table from "./hsReviewed.json";

export interface ReviewedName {
  zh?: string;
  es?: string;
}

/** One review pass: what it fixed, and the names it wrote. */
interface ReviewedSection {
  note: string;
  names: Record<string, ReviewedName>;
}

/** Latin tokens a Chinese product name may keep: codes and established loan forms ("T恤", "X射线"). */
export const REVIEWED_LATIN_ALLOWED: readonly string[] = ["T", "X", "HS", "CD", "DVD", "LED", "PVC"];

/** The sections of a level as one table; a code written by two sections is an error of the file. */
function merged(level: string, sections: readonly ReviewedSection[]): Readonly<Record<string, ReviewedName>> {
  const names: Record<string, ReviewedName> = {};
  for (const section of sections) {
    for (const [code, name] of Object.entries(section.names)) {
      if (code in names) throw new Error(`hsReviewed.json: ${level} ${code} is reviewed twice`);
      if (name.zh === undefined && name.es === undefined) throw new Error(`hsReviewed.json: ${level} ${code} has no name`);
      names[code] = name;
    }
  }
  return names;
}

// TypeScript infers the JSON as a union of its sections' literal shapes; each is a ReviewedSection.
const sections = table as unknown as { hs2: readonly ReviewedSection[]; hs4: readonly ReviewedSection[] };

export const HS2_REVIEWED = merged("hs2", sections.hs2);
export const HS4_REVIEWED = merged("hs4", sections.hs4);

/** (code, zh, es) rows of a level, for a SQL VALUES list; empty names are NULL. */
export function reviewedRows(table: Readonly<Record<string, ReviewedName>>): [string, string | null, string | null][] {
  return Object.entries(table).map(([code, n]) => [code, n.zh ?? null, n.es ?? null]);
}
