/**
 * Which imported tariff rate stands for an importer's current tariff on one product and partner.
 * The tariff table (WITS/TRAINS) may hold the product at its own depth, at finer HS lines (their
 * simple average is taken), at a coarser heading, or only for all products; for a partner or for
 * every partner (MFN/AHS); in the year asked or others. Pure: the server reads candidate rows.
 */

export interface TariffRateRow {
  partner: string;
  product: string;
  year: number;
  dutyType: string | null;
  /** Percent. */
  rate: number;
  /** 0 the product itself, 1 finer lines, 2 a coarser heading, 3 all products. */
  match: 0 | 1 | 2 | 3;
}

export interface PickedRate {
  /** Percent: the simple average of the rows chosen. */
  rate: number;
  year: number;
  dutyType: string | null;
  match: TariffRateRow["match"];
  lines: number;
}

/** Effectively applied first, then MFN, then unlabelled, preferential and bound rates. */
const DUTY_ORDER = ["AHS", "MFN", null, "PRF", "BND"];
const dutyRank = (d: string | null) => {
  const i = DUTY_ORDER.indexOf(d);
  return i < 0 ? DUTY_ORDER.length : i;
};

/**
 * One rate per partner (and for "every partner" under `allPartners`): the nearest year (the later
 * on a tie), then the best duty type, then the closest product match; rows tied on all three are
 * averaged (simple average of HS lines, as WITS does).
 */
export function pickRates(rows: readonly TariffRateRow[], year: number): Map<string, PickedRate> {
  const byPartner = new Map<string, TariffRateRow[]>();
  for (const r of rows) byPartner.set(r.partner, [...(byPartner.get(r.partner) ?? []), r]);
  const out = new Map<string, PickedRate>();
  for (const [partner, list] of byPartner) {
    const key = (r: TariffRateRow) => [Math.abs(r.year - year), -r.year, dutyRank(r.dutyType), r.match];
    const compare = (a: TariffRateRow, b: TariffRateRow) => {
      const ka = key(a);
      const kb = key(b);
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
      return 0;
    };
    const best = list.reduce((a, b) => (compare(b, a) < 0 ? b : a));
    const tied = list.filter((r) => compare(r, best) === 0);
    out.set(partner, {
      rate: tied.reduce((s, r) => s + r.rate, 0) / tied.length,
      year: best.year,
      dutyType: best.dutyType,
      match: best.match,
      lines: tied.length,
    });
  }
  return out;
}
