/**
 * The trend explorer's measures, defined once. The warehouse computes them in SQL for every
 * member (src/server/trends/sql.ts writes the same formulas); these functions are the reference the
 * tests hold the SQL to, and what the page uses for the few figures it derives itself.
 *
 * For a member worth v0 in the first year and v1 in the last, out of totals T0 and T1, over n years:
 * - absolute change   v1 - v0
 * - CAGR              (v1 / v0)^(1/n) - 1; none when v0 <= 0 (a member from nothing is "new")
 * - share change      100 * (v1 / T1 - v0 / T0), in percentage points
 * - contribution      100 * (v1 - v0) / T0, in percentage points of the total's growth: the members'
 *                     contributions add up to the total's growth rate, 100 * (T1 - T0) / T0
 * - status            new (0 -> positive), lost (positive -> 0), continuing (positive in both)
 * The margins: the total change T1 - T0 splits exactly into the value of new members (extensive,
 * gained), minus the value of lost ones (extensive, lost) and the change of continuing ones (intensive).
 */

export type TrendStatus = "new" | "lost" | "continuing" | "absent";

/** Compound annual growth rate over `years` years; null when it has no meaning (from zero, negative values, no time). */
export function cagr(v0: number, v1: number, years: number): number | null {
  if (!(years > 0) || !Number.isFinite(v0) || !Number.isFinite(v1)) return null;
  if (v0 <= 0 || v1 < 0) return null;
  return Math.pow(v1 / v0, 1 / years) - 1;
}

/** Share of a total, null when the total is not positive. */
export function share(value: number, total: number): number | null {
  return total > 0 ? value / total : null;
}

/** Change of the share of the total, in percentage points; a missing side counts as a zero share. */
export function shareChangePp(v0: number, t0: number, v1: number, t1: number): number | null {
  const s0 = share(v0, t0);
  const s1 = share(v1, t1);
  if (s0 === null && s1 === null) return null;
  return 100 * ((s1 ?? 0) - (s0 ?? 0));
}

/** Contribution to the total's growth, in percentage points (sums to the total's growth rate). */
export function contributionPp(v0: number, v1: number, t0: number): number | null {
  return t0 > 0 ? (100 * (v1 - v0)) / t0 : null;
}

export function trendStatus(v0: number, v1: number): TrendStatus {
  const before = v0 > 0;
  const after = v1 > 0;
  if (before && after) return "continuing";
  if (after) return "new";
  if (before) return "lost";
  return "absent";
}

export interface MemberValues {
  id: string;
  v0: number;
  v1: number;
}

export interface MemberTrend extends MemberValues {
  change: number;
  cagr: number | null;
  share0: number | null;
  share1: number | null;
  shareChange: number | null;
  contribution: number | null;
  status: TrendStatus;
}

export interface Margins {
  /** Value in the last year of members absent in the first (>= 0). */
  gained: number;
  /** Minus the first-year value of members absent in the last (<= 0). */
  lost: number;
  /** Change of members present in both years. */
  intensive: number;
  /** gained + lost + intensive: the total change. */
  total: number;
  counts: { new: number; lost: number; continuing: number };
}

/** Every member's measures against the totals of all of them. */
export function memberTrends(members: readonly MemberValues[], years: number): { rows: MemberTrend[]; t0: number; t1: number } {
  const t0 = members.reduce((s, m) => s + m.v0, 0);
  const t1 = members.reduce((s, m) => s + m.v1, 0);
  const rows = members.map((m) => ({
    ...m,
    change: m.v1 - m.v0,
    cagr: cagr(m.v0, m.v1, years),
    share0: share(m.v0, t0),
    share1: share(m.v1, t1),
    shareChange: shareChangePp(m.v0, t0, m.v1, t1),
    contribution: contributionPp(m.v0, m.v1, t0),
    status: trendStatus(m.v0, m.v1),
  }));
  return { rows, t0, t1 };
}

/**
 * Extensive and intensive margins. A member's change goes wholly to one part by its status, so the
 * parts add up to the total change (up to floating-point rounding of the sums).
 */
export function margins(members: readonly MemberValues[]): Margins {
  const out: Margins = { gained: 0, lost: 0, intensive: 0, total: 0, counts: { new: 0, lost: 0, continuing: 0 } };
  for (const m of members) {
    const status = trendStatus(m.v0, m.v1);
    if (status === "new") {
      out.gained += m.v1 - m.v0;
      out.counts.new++;
    } else if (status === "lost") {
      out.lost += m.v1 - m.v0;
      out.counts.lost++;
    } else if (status === "continuing") {
      out.intensive += m.v1 - m.v0;
      out.counts.continuing++;
    } else {
      // Absent in both years (zero or negative): its change, if any, is intensive.
      out.intensive += m.v1 - m.v0;
    }
  }
  out.total = out.gained + out.lost + out.intensive;
  return out;
}

/** Whole years between two years; the period must run forwards. */
export function periodYears(from: number, to: number): number {
  return to - from;
}
