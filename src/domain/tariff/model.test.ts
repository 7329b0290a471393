import { describe, expect, it } from "vitest";
import { INFINITE_EXPORT_SUPPLY, isInfiniteExportSupply, simulate, type ExporterInput } from "./model";

const TOL = 1e-9;
const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(TOL);

/*
 * Worked example, computed by hand.
 * Importer buys 100 from A and 200 from B (world prices = 1), and 0 from C. All pay 10%.
 * The scenario: a preference for A only, its tariff cut from 10% to 0%. ε_m = −1.5, σ = 1.5.
 *
 * Case 1: ε_x = ∞ (world prices given), so 1/(1 − ε_m/ε_x) = 1.
 *   A: Δt = −0.1; p̂_A = Δt/(1 + t) = −0.1/1.1 = −1/11.
 *      TC_A = M ε_m p̂ = 100 · (−1.5) · (−1/11) = 150/11 = 13.636363636363...
 *   B, C: Δt = 0 → TC = 0.
 *   Diversion, total M = 300 held fixed; shares s_A = 1/3, s_B = 2/3; r_A = 1 + p̂_A = 10/11, r_B = 1.
 *      weights s·r^(−σ): w_A = (1/3)(11/10)^1.5 = (1/3)·1.1·√1.1 = (1/3)·1.153689732987167, w_B = 2/3.
 *      s'_A = 1.1^1.5 / (1.1^1.5 + 2) = 1.153689732987167 / 3.153689732987167 = 0.36582220530728...
 *      TD_A = 300 · s'_A − 100 = 300 · 1.1^1.5/(1.1^1.5 + 2) − 100 = 9.746661593218...
 *      TD_B = −TD_A (diversion only moves trade), TD_C = 0 (nothing to divert from or to).
 *   Imports after: A 100 + 150/11 + TD_A; B 200 − TD_A.
 *   Revenue: before 0.1·100 + 0.1·200 = 30; after 0·(A) + 0.1·(200 − TD_A) = 20 − 0.1·TD_A.
 *   Consumer surplus, A: −Δp (M + TC/2) with Δp = Δt = −0.1: 0.1 · (100 + 75/11) = 10 + 7.5/11 = 10.681818...
 *
 * Case 2: ε_x = 4. 1/(1 − ε_m/ε_x) = 1/(1 + 1.5/4) = 1/1.375 = 8/11.
 *   p̂_A = (−1/11)(8/11) = −8/121; TC_A = 100 · 1.5 · 8/121 = 1200/121 = 9.917355371900...
 *   World price change of A: (Δt/(1 + t)) (8/11 − 1) = (−1/11)(−3/11) = 3/121 (A's exporters earn more).
 *   r_A = 1 − 8/121 = 113/121; s'_A = (121/113)^1.5 / ((121/113)^1.5 + 2); TD_A = 300 s'_A − 100.
 *   Consumer surplus, A: Δp = (1 + t) p̂ = 1.1 · (−8/121) = −4/55; CS = 4/55 · (100 + 600/121).
 *   Revenue after of B: 0.1 · (200 − TD_A) (B's prices do not move).
 *
 * Case 3: ε_x = 99, SMART's "infinite" (and any value above it): the limit ε_x → ∞, so every figure
 *   is case 1's: TC_A = 150/11, p̂*_A = 0, CS_A = 10 + 7.5/11, TD_A = 300 · 1.1^1.5/(1.1^1.5 + 2) − 100.
 *   Taking 99 as a number would give 1/(1 + 1.5/99) = 66/67 and TC_A = (150/11)(66/67) = 900/67
 *   = 13.432835820895..., about 1.5% short: the error this case guards against.
 *   Just below, ε_x = 98 is a number: 1/(1 + 1.5/98) = 196/199, p̂_A = (−1/11)(196/199) = −196/2189,
 *   TC_A = 100 · 1.5 · 196/2189 = 29400/2189 = 13.430790315212...; p̂*_A = (−1/11)(196/199 − 1) = 3/2189.
 */
const BASE: ExporterInput[] = [
  { id: "a", imports: 100, currentTariff: 0.1, newTariff: 0 },
  { id: "b", imports: 200, currentTariff: 0.1, newTariff: 0.1 },
  { id: "c", imports: 0, currentTariff: 0.1, newTariff: 0.1 },
];

describe("simulate: the worked example", () => {
  it("case 1, infinite export supply", () => {
    const sim = simulate(BASE, { importDemand: -1.5, substitution: 1.5, exportSupply: Infinity });
    const [a, b, c] = sim.exporters;
    const g = Math.pow(1.1, 1.5);
    const tdA = (300 * g) / (g + 2) - 100;
    close(a.tradeCreation, 150 / 11);
    close(a.tradeCreation, 13.636363636363637);
    close(tdA, 9.746661593218441);
    close(a.tradeDiversion, tdA);
    close(b.tradeDiversion, -tdA);
    close(c.tradeDiversion, 0);
    close(b.tradeCreation, 0);
    close(a.newImports, 100 + 150 / 11 + tdA);
    close(b.newImports, 200 - tdA);
    close(sim.totals.revenueBefore, 30);
    close(sim.totals.revenueAfter, 20 - 0.1 * tdA);
    close(sim.totals.revenueChange, -10 - 0.1 * tdA);
    close(a.consumerSurplus, 10 + 7.5 / 11);
    close(sim.totals.consumerSurplus, 10.681818181818182);
    expect(sim.totals.tradeDiversion).toBe(0);
    close(sim.totals.tradeCreation, 150 / 11);
    close(sim.totals.totalChange, 150 / 11);
    close(a.worldPriceChange, 0);
    close(sim.totals.netWelfare, 10 + 7.5 / 11 - 10 - 0.1 * tdA);
  });

  it("case 2, export supply elasticity 4", () => {
    const sim = simulate(BASE, { importDemand: -1.5, substitution: 1.5, exportSupply: 4 });
    const [a, b] = sim.exporters;
    const g = Math.pow(121 / 113, 1.5);
    const tdA = (300 * g) / (g + 2) - 100;
    close(a.domesticPriceChange, -8 / 121);
    close(a.tradeCreation, 1200 / 121);
    close(a.tradeCreation, 9.917355371900827);
    close(a.worldPriceChange, 3 / 121);
    close(a.tradeDiversion, tdA);
    close(tdA, 6.953076167645311);
    close(b.tradeDiversion, -tdA);
    close(a.consumerSurplus, (4 / 55) * (100 + 600 / 121));
    close(a.consumerSurplus, 7.6333583771600315);
    close(a.revenueAfter, 0);
    close(b.revenueAfter, 0.1 * (200 - tdA));
    close(sim.totals.revenueAfter, 19.304692383235473);
  });
});

describe("simulate: 99 stands for infinite export supply", () => {
  for (const exportSupply of [99, 150, 1e6]) {
    it(`case 3, ε_x = ${exportSupply} takes the infinite-supply limit`, () => {
      const sim = simulate(BASE, { importDemand: -1.5, substitution: 1.5, exportSupply });
      const [a, b, c] = sim.exporters;
      const g = Math.pow(1.1, 1.5);
      const tdA = (300 * g) / (g + 2) - 100;
      close(a.domesticPriceChange, -1 / 11);
      close(a.worldPriceChange, 0);
      close(a.tradeCreation, 150 / 11);
      close(a.tradeCreation, 13.636363636363637);
      expect(Math.abs(a.tradeCreation - 900 / 67)).toBeGreaterThan(0.2);
      close(a.tradeDiversion, tdA);
      close(tdA, 9.746661593218441);
      close(b.tradeDiversion, -tdA);
      close(c.tradeDiversion, 0);
      close(a.consumerSurplus, 10 + 7.5 / 11);
      close(sim.totals.revenueAfter, 20 - 0.1 * tdA);
      close(sim.totals.netWelfare, 10 + 7.5 / 11 - 10 - 0.1 * tdA);
      // The same, figure for figure, as an infinite elasticity.
      const limit = simulate(BASE, { importDemand: -1.5, substitution: 1.5, exportSupply: Infinity });
      for (const key of Object.keys(limit.totals) as (keyof typeof limit.totals)[]) close(sim.totals[key], limit.totals[key]);
      expect(sim.elasticities.exportSupply).toBe(exportSupply);
    });
  }

  it("ε_x = 98 is still a finite elasticity", () => {
    const sim = simulate(BASE, { importDemand: -1.5, substitution: 1.5, exportSupply: 98 });
    const [a] = sim.exporters;
    close(a.domesticPriceChange, -196 / 2189);
    close(a.tradeCreation, 29400 / 2189);
    close(a.tradeCreation, 13.430790315212426);
    close(a.worldPriceChange, 3 / 2189);
  });

  it("isInfiniteExportSupply: 99 and above, Infinity included", () => {
    expect(isInfiniteExportSupply(99)).toBe(true);
    expect(isInfiniteExportSupply(Infinity)).toBe(true);
    expect(isInfiniteExportSupply(98.99)).toBe(false);
    expect(INFINITE_EXPORT_SUPPLY).toBe(99);
  });
});

describe("simulate: edge cases", () => {
  it("an unchanged tariff has no effect at all", () => {
    const sim = simulate(
      BASE.map((x) => ({ ...x, newTariff: x.currentTariff })),
      { importDemand: -2, substitution: 3, exportSupply: 5 },
    );
    for (const r of sim.exporters) {
      expect(r.tradeCreation).toBe(0);
      expect(r.tradeDiversion).toBe(0);
      close(r.newImports, r.imports);
      close(r.revenueChange, 0);
      close(r.consumerSurplus, 0);
    }
    close(sim.totals.revenueBefore, 30);
  });

  it("a zero baseline stays zero (no creation, no diversion onto it)", () => {
    const sim = simulate([{ id: "z", imports: 0, currentTariff: 0.2, newTariff: 0 }, { id: "y", imports: 50, currentTariff: 0.2, newTariff: 0.2 }]);
    const [z, y] = sim.exporters;
    expect(z.tradeCreation).toBe(0);
    expect(z.tradeDiversion).toBe(0);
    expect(z.newImports).toBe(0);
    close(y.tradeDiversion, 0);
  });

  it("everything zero: no NaN anywhere", () => {
    const sim = simulate([{ id: "z", imports: 0, currentTariff: 0.2, newTariff: 0 }]);
    for (const value of Object.values(sim.totals)) expect(Number.isNaN(value)).toBe(false);
  });

  it("a single exporter has no diversion; its change is all creation", () => {
    const sim = simulate([{ id: "a", imports: 1000, currentTariff: 0.05, newTariff: 0.25 }], { importDemand: -1, substitution: 4, exportSupply: Infinity });
    const [a] = sim.exporters;
    expect(a.tradeDiversion).toBe(0);
    // TC = 1000 · (−1) · 0.20/1.05
    close(a.tradeCreation, (-1000 * 0.2) / 1.05);
    close(a.totalChange, a.tradeCreation);
  });

  it("a tariff cut for all partners alike diverts nothing", () => {
    const sim = simulate(BASE.map((x) => ({ ...x, newTariff: 0 })));
    for (const r of sim.exporters) expect(r.tradeDiversion).toBe(0);
    expect(sim.totals.tradeCreation).toBeGreaterThan(0);
  });

  it("σ = 0: no diversion even for a preference", () => {
    const sim = simulate(BASE, { importDemand: -1.5, substitution: 0, exportSupply: 99 });
    for (const r of sim.exporters) expect(r.tradeDiversion).toBe(0);
  });

  it("a huge tariff increase stops imports at zero, never below", () => {
    const sim = simulate([{ id: "a", imports: 100, currentTariff: 0, newTariff: 10 }], { importDemand: -3, substitution: 1.5, exportSupply: Infinity });
    const [a] = sim.exporters;
    expect(a.capped).toBe(true);
    close(a.newImports, 0);
    close(a.tradeCreation, -100);
    expect(sim.totals.capped).toBe(1);
  });

  it("diversion never takes more than an exporter sells", () => {
    const sim = simulate(
      [
        { id: "a", imports: 10, currentTariff: 1, newTariff: 0 },
        { id: "b", imports: 1, currentTariff: 1, newTariff: 1 },
      ],
      { importDemand: 0, substitution: 50, exportSupply: Infinity },
    );
    const [a, b] = sim.exporters;
    expect(b.newImports).toBeGreaterThanOrEqual(0);
    expect(b.tradeDiversion).toBeGreaterThanOrEqual(-1);
    close(a.tradeDiversion + b.tradeDiversion, 0);
  });

  it("rejects inputs the validators should have caught", () => {
    expect(() => simulate(BASE, { importDemand: 1, substitution: 1, exportSupply: 1 })).toThrow(/import demand/);
    expect(() => simulate([{ id: "a", imports: 1, currentTariff: -0.1, newTariff: 0 }])).toThrow(/tariffs/);
    expect(() => simulate(BASE, { importDemand: -1, substitution: 1, exportSupply: 0 })).toThrow(/export supply/);
  });
});
