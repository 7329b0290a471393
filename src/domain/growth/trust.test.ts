import { describe, expect, it } from "vitest";
import { backtestTrust, backtestVerdict } from "./trust";

describe("how far to trust the growth projections", () => {
  it("reads the backtest correlation in plain steps", () => {
    expect(backtestTrust(0.72)).toBe("good");
    expect(backtestTrust(0.5)).toBe("good");
    expect(backtestTrust(0.3)).toBe("weak");
    expect(backtestTrust(0.05)).toBe("none");
    expect(backtestTrust(-0.05)).toBe("none");
  });
  it("says a negative correlation such as -0.20 ranked countries the wrong way round", () => {
    expect(backtestTrust(-0.2)).toBe("inverse");
    expect(backtestTrust(-0.1)).toBe("inverse");
  });
  it("has nothing to say without a backtest", () => {
    expect(backtestTrust(null)).toBe("untested");
    expect(backtestTrust(Number.NaN)).toBe("untested");
  });
  it("keeps the backtest section's three verdicts", () => {
    expect(backtestVerdict(0.6)).toBe("good");
    expect(backtestVerdict(0.25)).toBe("weak");
    expect(backtestVerdict(-0.2)).toBe("none");
    expect(backtestVerdict(0)).toBe("none");
  });
});
