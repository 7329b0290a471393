import { describe, expect, it } from "vitest";
import { tradeMatrixFromCells } from "./matrix";

describe("tradeMatrixFromCells", () => {
  it("sorts ids, sums duplicate cells and leaves out values that are not positive exports", () => {
    const m = tradeMatrixFromCells(["usa", "chl", "chl", "usa", "chl", "arg"], ["2603", "2603", "2603", "0101", "0101", "0101"], [5, 1, 2, -3, Number.NaN, 0]);
    expect(m.countries).toEqual(["arg", "chl", "usa"]);
    expect(m.products).toEqual(["0101", "2603"]);
    expect(Array.from(m.values)).toEqual([0, 0, 0, 3, 0, 5]);
  });
});
