/**
 * How far a reader can trust the growth projections, from the backtest (the same model fitted on
 * earlier decades and checked against the decade that followed): the plain-language summary at
 * the top of the projections page and the backtest's verdict read the same thresholds.
 */
export type BacktestTrust = "good" | "weak" | "none" | "inverse" | "untested";

/** Correlations of projected and realised growth: at least 0.5 ranks well, 0.2 weakly; -0.1 or below ranks the wrong way round. */
export const TRUST_GOOD = 0.5;
export const TRUST_WEAK = 0.2;
export const TRUST_INVERSE = -0.1;

export function backtestTrust(correlation: number | null | undefined): BacktestTrust {
  if (correlation === null || correlation === undefined || !Number.isFinite(correlation)) return "untested";
  if (correlation >= TRUST_GOOD) return "good";
  if (correlation >= TRUST_WEAK) return "weak";
  if (correlation <= TRUST_INVERSE) return "inverse";
  return "none";
}

/** The backtest's verdict paragraph (messages growth.backtest.verdict.*): a wrong-way ranking is also "none". */
export function backtestVerdict(correlation: number): "good" | "weak" | "none" {
  const trust = backtestTrust(correlation);
  return trust === "good" || trust === "weak" ? trust : "none";
}
