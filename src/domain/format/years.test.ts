import { describe, expect, it } from "vitest";
import { yearsLabel } from "./years";

describe("yearsLabel", () => {
  it("joins runs and lists gaps, never claiming a missing year", () => {
    expect(yearsLabel([2019, 1962, 2017, 1980, 2018])).toBe("1962, 1980, 2017–2019");
    expect(yearsLabel([2018])).toBe("2018");
    expect(yearsLabel([2000, 2001, 2001])).toBe("2000–2001");
    expect(yearsLabel([])).toBe("");
  });
});
