/**
 * One figure, one source: a number the server hands to a page carries the dataset it comes from,
 * the release (vintage) of that dataset's source, the source key, and its year. Prose, cards and
 * tooltips are built from figures of one dataset and year; a share is taken only of a total of the
 * same dataset and year, and a change only between two years of one series. The checks here are
 * the rule written once: a mismatch is a programming error, never a silent number.
 */
import { comparable, type Series } from "./catalog";

export interface Provenance extends Series {
  /** Source key (a message key under data.sources: "ots", "atlas", "wdi", ...). */
  source: string;
  year: number;
}

export interface Figure {
  value: number;
  provenance: Provenance;
}

/** The provenance of a year of a catalogue answer (a YearSource or CatalogEntry). */
export function provenanceOf(s: { dataset: string; vintage: string; source: string; year: number }): Provenance {
  return { dataset: s.dataset, vintage: s.vintage, source: s.source, year: s.year };
}

export const figure = (value: number, provenance: Provenance): Figure => ({ value, provenance });

export const sameYearAndDataset = (a: Provenance, b: Provenance): boolean => a.year === b.year && comparable(a, b);

export class ProvenanceMismatch extends Error {
  constructor(what: string, a: Provenance, b: Provenance) {
    super(`${what}: ${a.dataset}@${a.vintage} ${a.year} against ${b.dataset}@${b.vintage} ${b.year}`);
    this.name = "ProvenanceMismatch";
  }
}

/** part ÷ total, both of one dataset, release and year; null for a zero total. */
export function shareOf(part: Figure, total: Figure): number | null {
  if (!sameYearAndDataset(part.provenance, total.provenance)) throw new ProvenanceMismatch("share across datasets or years", part.provenance, total.provenance);
  return total.value === 0 ? null : part.value / total.value;
}

/** Relative change from `from` to `to`, two years of one series; null from zero. */
export function changeOf(from: Figure, to: Figure): number | null {
  if (!comparable(from.provenance, to.provenance)) throw new ProvenanceMismatch("change across series", from.provenance, to.provenance);
  return from.value === 0 ? null : to.value / from.value - 1;
}
