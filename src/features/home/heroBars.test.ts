import { describe, expect, it } from "vitest";
import { fitLabel, HERO_ROW, HERO_WIDTH, heroBars } from "./heroBars";

describe("heroBars", () => {
  const rows = [
    { id: "2709", name: "Crude Petroleum", value: 1_000 },
    { id: "8703", name: "Cars", value: 500 },
    { id: "8542", name: "Integrated Circuits", value: 0.1 },
  ];

  it("scales bars to the largest value and stacks rows", () => {
    const bars = heroBars(rows);
    expect(bars.map((b) => b.length)).toEqual([HERO_WIDTH, HERO_WIDTH / 2, 2]);
    expect(bars.map((b) => b.y)).toEqual([0, HERO_ROW, 2 * HERO_ROW]);
    expect(bars[0].row.id).toBe("2709");
  });

  it("draws nothing wider than the frame when every value is zero", () => {
    expect(heroBars([{ id: "a", name: "A", value: 0 }]).map((b) => b.length)).toEqual([2]);
    expect(heroBars([])).toEqual([]);
  });

  it("fits names to a line, counting Chinese characters as wide", () => {
    expect(fitLabel("Cars", 10)).toBe("Cars");
    expect(fitLabel("Machinery Having Individual Functions", 20)).toBe("Machinery Having In…");
    expect(fitLabel("其他具有独立功能的机器及机械器具", 10)).toBe("其他具有…");
    expect(fitLabel("汽车", 4)).toBe("汽车");
  });
});
