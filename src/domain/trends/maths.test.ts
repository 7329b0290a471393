import { describe, expect, it } from "vitest";
import { cagr, contributionPp, margins, memberTrends, shareChangePp, trendStatus } from "./maths";

describe("CAGR", () => {
  it("matches hand-computed rates", () => {
    // 100 -> 121 over 2 years: 10% a year (1.1 * 1.1 = 1.21).
    expect(cagr(100, 121, 2)).toBeCloseTo(0.1, 12);
    // 200 -> 100 over 1 year: -50%.
    expect(cagr(200, 100, 1)).toBeCloseTo(-0.5, 12);
    // 1000 -> 8000 over 3 years: doubling each year.
    expect(cagr(1000, 8000, 3)).toBeCloseTo(1, 12);
    // Unchanged: 0.
    expect(cagr(50, 50, 10)).toBe(0);
  });

  it("has no rate from zero or negative values, nor over no time: a product from 0 is new", () => {
    expect(cagr(0, 500, 5)).toBeNull();
    expect(cagr(-10, 500, 5)).toBeNull();
    expect(cagr(10, -5, 5)).toBeNull();
    expect(cagr(10, 20, 0)).toBeNull();
    expect(cagr(10, 20, -1)).toBeNull();
    expect(cagr(Number.NaN, 20, 1)).toBeNull();
  });

  it("falls by 100% when a member disappears", () => {
    expect(cagr(10, 0, 4)).toBe(-1);
  });
});

describe("shares and contributions", () => {
  it("share change in percentage points", () => {
    // 25 of 100 (25%) -> 60 of 200 (30%): +5 pp.
    expect(shareChangePp(25, 100, 60, 200)).toBeCloseTo(5, 12);
    // A new member: 0% -> 10%.
    expect(shareChangePp(0, 100, 20, 200)).toBeCloseTo(10, 12);
    // Nothing in either total.
    expect(shareChangePp(0, 0, 0, 0)).toBeNull();
    // Everything lost: the missing last-year share counts as zero.
    expect(shareChangePp(40, 100, 0, 0)).toBeCloseTo(-40, 12);
  });

  it("contribution is the member's change over the first total, and they add up to the total's growth", () => {
    expect(contributionPp(25, 60, 100)).toBeCloseTo(35, 12);
    expect(contributionPp(5, 10, 0)).toBeNull();
    const members = [
      { id: "a", v0: 40, v1: 50 },
      { id: "b", v0: 60, v1: 30 },
      { id: "c", v0: 0, v1: 45 },
    ];
    const { rows, t0, t1 } = memberTrends(members, 2);
    expect(t0).toBe(100);
    expect(t1).toBe(125);
    const sum = rows.reduce((s, r) => s + (r.contribution ?? 0), 0);
    expect(sum).toBeCloseTo((100 * (t1 - t0)) / t0, 12);
    expect(rows.find((r) => r.id === "c")).toMatchObject({ status: "new", cagr: null, change: 45 });
    // Shares change by -(sum of the others' changes): they add up to zero.
    expect(rows.reduce((s, r) => s + (r.shareChange ?? 0), 0)).toBeCloseTo(0, 12);
  });
});

describe("status and margins", () => {
  it("classifies members by the two years", () => {
    expect(trendStatus(0, 5)).toBe("new");
    expect(trendStatus(5, 0)).toBe("lost");
    expect(trendStatus(5, 7)).toBe("continuing");
    expect(trendStatus(0, 0)).toBe("absent");
    expect(trendStatus(-3, 4)).toBe("new");
  });

  it("splits the total change into new, lost and continuing members, summing exactly", () => {
    // Hand-checked: totals 100 + 50 + 30 + 0 = 180 -> 130 + 0 + 20 + 70 = 220, change +40.
    // New: d (+70). Lost: b (-50). Continuing: a (+30) and c (-10): +20. 70 - 50 + 20 = 40.
    const m = margins([
      { id: "a", v0: 100, v1: 130 },
      { id: "b", v0: 50, v1: 0 },
      { id: "c", v0: 30, v1: 20 },
      { id: "d", v0: 0, v1: 70 },
    ]);
    expect(m).toEqual({ gained: 70, lost: -50, intensive: 20, total: 40, counts: { new: 1, lost: 1, continuing: 2 } });
  });

  it("keeps the identity with awkward values (zeros, negatives, fractions)", () => {
    const members = [
      { id: "a", v0: 0.1, v1: 0.2 },
      { id: "b", v0: 0, v1: 0 },
      { id: "c", v0: -2, v1: 3 },
      { id: "d", v0: 1e12, v1: 1.5e12 },
      { id: "e", v0: 7, v1: 0 },
    ];
    const m = margins(members);
    const t0 = members.reduce((s, x) => s + x.v0, 0);
    const t1 = members.reduce((s, x) => s + x.v1, 0);
    expect(m.gained + m.lost + m.intensive).toBe(m.total);
    expect(m.total).toBeCloseTo(t1 - t0, 3);
    expect(m.counts).toEqual({ new: 1, lost: 1, continuing: 2 });
    expect(margins([])).toEqual({ gained: 0, lost: 0, intensive: 0, total: 0, counts: { new: 0, lost: 0, continuing: 0 } });
  });
});
