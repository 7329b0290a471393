import { describe, expect, it } from "vitest";
import { CostMeter, costFamily } from "./cost";

describe("costFamily", () => {
  it("groups paths by what renders them, not by id, locale or query", () => {
    expect(costFamily("/en/profile/country/chl")).toBe("profile/country");
    expect(costFamily("/zh/profile/country/deu?year=2017")).toBe("profile/country");
    expect(costFamily("/es/profile/hs/2603")).toBe("profile/hs");
    expect(costFamily("/en/visualize/tree_map/hs92/export/chl/all/show/2018")).toBe("visualize");
    expect(costFamily("/api/data?cube=x")).toBe("api/data");
    expect(costFamily("/api/view")).toBe("api/view");
    expect(costFamily("/en")).toBe("home");
    expect(costFamily("/")).toBe("home");
    expect(costFamily("/en/rankings/eci/hs4/hs92")).toBe("rankings/eci");
  });
});

describe("CostMeter", () => {
  it("weighs an unmeasured family 1, then its moving average in units, between 1 and the most", () => {
    const meter = new CostMeter({ unitMs: 100, maxWeight: 3, alpha: 0.5 });
    expect(meter.weight("profile/country")).toBe(1);
    meter.record("profile/country", 300);
    expect(meter.weight("profile/country")).toBe(3);
    meter.record("profile/country", 100); // average 200
    expect(meter.average("profile/country")).toBe(200);
    expect(meter.weight("profile/country")).toBe(2);
    meter.record("home", 5);
    expect(meter.weight("home")).toBe(1);
    meter.record("visualize", 10_000);
    expect(meter.weight("visualize")).toBe(3);
  });

  it("ignores nonsense measures and keeps at most maxFamilies families", () => {
    const meter = new CostMeter({ unitMs: 100, maxWeight: 4, maxFamilies: 2 });
    meter.record("a", Number.NaN);
    meter.record("a", -5);
    expect(meter.average("a")).toBeNull();
    meter.record("a", 100);
    meter.record("b", 100);
    meter.record("c", 100);
    expect(meter.average("c")).toBeNull();
    meter.record("a", 200); // a known family still learns
    expect(meter.average("a")).toBeGreaterThan(100);
  });

  it("times a request from its admission (restart), records once", () => {
    let clock = 0;
    const meter = new CostMeter({ unitMs: 100, maxWeight: 4, alpha: 1 });
    const timing = meter.time("/en/profile/country/chl", () => clock);
    expect(timing.family).toBe("profile/country");
    clock = 1_000; // waited in the queue
    timing.restart();
    clock = 1_250;
    timing.done();
    clock = 9_999;
    timing.done();
    expect(meter.average("profile/country")).toBe(250);
    expect(meter.time("/en/profile/country/deu").weight).toBe(3);
  });
});
