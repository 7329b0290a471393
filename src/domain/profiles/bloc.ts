/**
 * A bloc's trade (an international organisation's members taken together), pure: its exports
 * split into trade among the members (intra-bloc) and trade with the rest of the world
 * (extra-bloc), from one dataset and year. Every partner row falls on exactly one side, so
 * intra + extra is the total of the rows.
 */
export interface PartnerValue {
  /** The partner's id (ISO3, lower case, as the members list is written). */
  id: string;
  value: number;
}

export interface BlocSplit {
  intra: number;
  extra: number;
  total: number;
}

const memberSet = (members: readonly string[]) => new Set(members.map((m) => m.toLowerCase()));

/** Exports to members (intra) and to everyone else (extra) from a by-partner breakdown. */
export function blocSplit(rows: readonly PartnerValue[], members: readonly string[]): BlocSplit {
  const inside = memberSet(members);
  let intra = 0;
  let extra = 0;
  for (const r of rows) {
    const v = Number.isFinite(r.value) ? r.value : 0;
    if (inside.has(r.id.toLowerCase())) intra += v;
    else extra += v;
  }
  return { intra, extra, total: intra + extra };
}

/** The partners outside the bloc with exports, largest first. */
export function extraBlocPartners<T extends PartnerValue>(rows: readonly T[], members: readonly string[]): T[] {
  const inside = memberSet(members);
  return rows.filter((r) => !inside.has(r.id.toLowerCase()) && r.value > 0).sort((a, b) => b.value - a.value || a.id.localeCompare(b.id));
}

export interface BlocYear {
  year: number;
  total: number;
  intra: number;
  extra: number;
}

/**
 * Per year: the bloc's total exports and the part that went to members; the rest is extra-bloc.
 * Years without a total are left out; a year without intra-bloc rows has intra 0.
 */
export function blocHistory(totals: readonly { year: number; value: number }[], intra: readonly { year: number; value: number }[]): BlocYear[] {
  const inside = new Map<number, number>();
  for (const r of intra) inside.set(r.year, (inside.get(r.year) ?? 0) + r.value);
  return [...totals]
    .sort((a, b) => a.year - b.year)
    .map((t) => {
      const i = inside.get(t.year) ?? 0;
      return { year: t.year, total: t.value, intra: i, extra: t.value - i };
    });
}
