/**
 * A single-market partial-equilibrium tariff model in the way of WITS SMART (Laird and Yeats 1986;
 * Jammes and Olarreaga 2005): one importer, one product, its exporters as imperfect substitutes
 * (Armington). Pure maths: no IO. docs/tariff-simulator.md explains every equation.
 *
 * Conventions (as the SMART manual): tariffs are ad-valorem fractions (0.05 = 5%); world prices are
 * normalised to 1, so a baseline trade value is also a quantity; the import demand elasticity is
 * negative (imports fall when their price rises); the export supply elasticity is positive and
 * SMART's "infinite" is 99: 99 and above (Infinity too) take the limit ε_x → ∞ (world prices given,
 * full pass-through), never 99 as a number; the substitution elasticity is positive.
 *
 * Trade creation (SMART):  TC_k = M_k · ε_m · Δt_k / ((1 + t_k)(1 − ε_m/ε_x))
 * Trade diversion: the importer's total imports of the product held fixed, shares move with the
 * relative domestic prices through the substitution elasticity σ (CES quantity shares):
 *   s'_k = s_k r_k^(−σ) / Σ_j s_j r_j^(−σ),  r_k = 1 + p̂_k,  TD_k = (Σ_j M_j)(s'_k − s_k),  Σ_k TD_k = 0.
 * The exact share form never diverts more than a partner sells (SMART's "ceiling with existing
 * trade") and equals the linear SMART formula TD_k ≈ M_k σ (Σ_j s_j p̂_j − p̂_k) for small changes.
 */

export interface Elasticities {
  /** Import demand elasticity ε_m (≤ 0). */
  importDemand: number;
  /** Substitution elasticity σ between sources (≥ 0). */
  substitution: number;
  /** Export supply elasticity ε_x (> 0; 99 or more, Infinity included: world prices given). */
  exportSupply: number;
}

/** SMART's stand-in for an infinite export supply elasticity: from this value on, ε_x means ∞. */
export const INFINITE_EXPORT_SUPPLY = 99;

/** Whether an export supply elasticity stands for infinite supply (world prices do not move). */
export function isInfiniteExportSupply(exportSupply: number): boolean {
  return exportSupply >= INFINITE_EXPORT_SUPPLY;
}

/** SMART's defaults: σ = 1.5 and ε_x = 99 ("infinite"); ε_m has a fallback, see docs (KNO 2008 per country and product). */
export const DEFAULT_ELASTICITIES: Elasticities = { importDemand: -1.5, substitution: 1.5, exportSupply: 99 };

export interface ExporterInput {
  id: string;
  /** Baseline imports from this exporter (USD at world prices). */
  imports: number;
  /** Current (t0) and new (t1) ad-valorem tariff as fractions. */
  currentTariff: number;
  newTariff: number;
}

export interface ExporterResult extends ExporterInput {
  /** Relative change of the domestic price p̂_k = Δt_k / ((1 + t_k)(1 − ε_m/ε_x)). */
  domesticPriceChange: number;
  /** Relative change of the world (exporter) price, non-zero only with a finite supply elasticity. */
  worldPriceChange: number;
  tradeCreation: number;
  tradeDiversion: number;
  /** Creation + diversion: the change in imports from this exporter. */
  totalChange: number;
  newImports: number;
  revenueBefore: number;
  revenueAfter: number;
  revenueChange: number;
  /** Consumer-surplus change: −Δp_k (M_k + TC_k / 2), Δp_k the domestic price change in levels. */
  consumerSurplus: number;
  /** The linear creation term would have taken imports below zero: it was cut so imports stop at zero. */
  capped: boolean;
}

export interface SimulationTotals {
  importsBefore: number;
  importsAfter: number;
  tradeCreation: number;
  tradeDiversion: number;
  totalChange: number;
  revenueBefore: number;
  revenueAfter: number;
  revenueChange: number;
  consumerSurplus: number;
  /** Consumer surplus plus tariff revenue change. */
  netWelfare: number;
  /** Exporters whose creation term was capped at zero imports. */
  capped: number;
}

export interface Simulation {
  exporters: ExporterResult[];
  totals: SimulationTotals;
  elasticities: Elasticities;
}

/** Throws on inputs no caller should send (the API and page validate first, with messages). */
function check(exporters: readonly ExporterInput[], e: Elasticities): void {
  if (!(e.importDemand <= 0) || !Number.isFinite(e.importDemand)) throw new RangeError("import demand elasticity must be a finite number ≤ 0");
  if (!(e.substitution >= 0) || !Number.isFinite(e.substitution)) throw new RangeError("substitution elasticity must be a finite number ≥ 0");
  if (!(e.exportSupply > 0)) throw new RangeError("export supply elasticity must be > 0");
  for (const x of exporters) {
    if (!(x.imports >= 0) || !Number.isFinite(x.imports)) throw new RangeError(`imports from ${x.id} must be a finite number ≥ 0`);
    if (!(x.currentTariff >= 0) || !(x.newTariff >= 0) || !Number.isFinite(x.currentTariff) || !Number.isFinite(x.newTariff)) {
      throw new RangeError(`tariffs on ${x.id} must be finite numbers ≥ 0`);
    }
  }
}

export function simulate(exporters: readonly ExporterInput[], elasticities: Elasticities = DEFAULT_ELASTICITIES): Simulation {
  check(exporters, elasticities);
  const { importDemand: em, substitution: sigma, exportSupply: ex } = elasticities;
  // 1/(1 − ε_m/ε_x): the share of a tariff change passed on to domestic prices. Its limit for
  // ε_x → ∞ is 1, and 99 (SMART's "infinite") and above take that limit rather than the number.
  const passThrough = isInfiniteExportSupply(ex) ? 1 : 1 / (1 - em / ex);
  const total = exporters.reduce((sum, x) => sum + x.imports, 0);

  const priced = exporters.map((x) => {
    const relativeTariffChange = (x.newTariff - x.currentTariff) / (1 + x.currentTariff);
    const domesticPriceChange = relativeTariffChange * passThrough;
    return {
      x,
      domesticPriceChange,
      worldPriceChange: relativeTariffChange * (passThrough - 1),
      // "+ 0" turns −0 (a zero change times a negative elasticity) into 0, so nothing shows "−0".
      tradeCreation: x.imports * em * domesticPriceChange + 0,
      // CES demand factor r^(−σ) of this source's relative price.
      factor: Math.pow(1 + domesticPriceChange, -sigma),
    };
  });
  // Share-weighted mean factor, summed as differences from the first one so that equal price
  // changes for every source give exactly no diversion (no rounding noise).
  const reference = priced.find((p) => p.x.imports > 0)?.factor ?? 1;
  const mean = total > 0 ? reference + priced.reduce((sum, p) => sum + (p.x.imports / total) * (p.factor - reference), 0) : reference;

  const results: ExporterResult[] = priced.map((p) => {
    const { x } = p;
    // s'_k − s_k = s_k (r_k^(−σ) / Σ_j s_j r_j^(−σ) − 1), so TD_k = M_k (f_k − f̄) / f̄.
    const tradeDiversion = x.imports === 0 || sigma === 0 ? 0 : (x.imports * (p.factor - mean)) / mean + 0;
    let tradeCreation = p.tradeCreation;
    let capped = false;
    if (x.imports + tradeDiversion + tradeCreation < 0) {
      tradeCreation = -(x.imports + tradeDiversion);
      capped = true;
    }
    const totalChange = tradeCreation + tradeDiversion;
    const newImports = x.imports + totalChange;
    const revenueBefore = x.currentTariff * x.imports;
    const revenueAfter = x.newTariff * (1 + p.worldPriceChange) * newImports;
    // Domestic price in levels is (1 + t0) before; its change is (1 + t0) p̂ = Δt / (1 − ε_m/ε_x).
    const domesticPriceLevelChange = (1 + x.currentTariff) * p.domesticPriceChange;
    return {
      id: x.id,
      imports: x.imports,
      currentTariff: x.currentTariff,
      newTariff: x.newTariff,
      domesticPriceChange: p.domesticPriceChange + 0,
      worldPriceChange: p.worldPriceChange + 0,
      tradeCreation,
      tradeDiversion,
      totalChange,
      newImports,
      revenueBefore,
      revenueAfter,
      revenueChange: revenueAfter - revenueBefore,
      consumerSurplus: -domesticPriceLevelChange * (x.imports + tradeCreation / 2) + 0,
      capped,
    };
  });

  const totals: SimulationTotals = {
    importsBefore: total,
    importsAfter: 0,
    tradeCreation: 0,
    tradeDiversion: 0,
    totalChange: 0,
    revenueBefore: 0,
    revenueAfter: 0,
    revenueChange: 0,
    consumerSurplus: 0,
    netWelfare: 0,
    capped: 0,
  };
  for (const r of results) {
    totals.importsAfter += r.newImports;
    totals.tradeCreation += r.tradeCreation;
    totals.tradeDiversion += r.tradeDiversion;
    totals.totalChange += r.totalChange;
    totals.revenueBefore += r.revenueBefore;
    totals.revenueAfter += r.revenueAfter;
    totals.revenueChange += r.revenueChange;
    totals.consumerSurplus += r.consumerSurplus;
    if (r.capped) totals.capped++;
  }
  // Diversion only moves trade: its sum is zero but for rounding, which would print as "+$0".
  if (Math.abs(totals.tradeDiversion) <= 1e-9 * Math.max(1, total)) totals.tradeDiversion = 0;
  totals.netWelfare = totals.consumerSurplus + totals.revenueChange;
  return { exporters: results, totals, elasticities: { ...elasticities } };
}
