import { describe, expect, it } from "vitest";
import { firstRealRow, isResidualProduct } from "./residualProduct";

describe("isResidualProduct", () => {
  it("knows the residual codes of every depth", () => {
    expect(isResidualProduct("HS4", "9999")).toBe(true);
    expect(isResidualProduct("hs4", "XXXX")).toBe(true);
    expect(isResidualProduct("hs6", "999999")).toBe(true);
    expect(isResidualProduct("Section", "99")).toBe(true);
    expect(isResidualProduct("HS2", "99")).toBe(true);
  });
  it("leaves real products alone", () => {
    expect(isResidualProduct("HS4", "2709")).toBe(false);
    expect(isResidualProduct("Section", "9")).toBe(false);
    expect(isResidualProduct("HS2", "97")).toBe(false);
    expect(isResidualProduct("hs4", "9901")).toBe(false);
    expect(isResidualProduct("hs4", null)).toBe(false);
  });
});

describe("firstRealRow", () => {
  const rows = [{ id: "9999", v: 161 }, { id: "2710", v: 120 }, { id: "8703", v: 60 }];
  it("skips the unspecified line and reports it", () => {
    const { top, residualAbove } = firstRealRow(rows, "HS4", (r) => r.id);
    expect(top?.id).toBe("2710");
    expect(residualAbove?.id).toBe("9999");
  });
  it("reports nothing skipped when the first row is real", () => {
    const { top, residualAbove } = firstRealRow(rows.slice(1), "HS4", (r) => r.id);
    expect(top?.id).toBe("2710");
    expect(residualAbove).toBeNull();
  });
  it("gives no top when only residual lines exist", () => {
    const { top, residualAbove } = firstRealRow([{ id: "99" }], "Section", (r) => r.id);
    expect(top).toBeNull();
    expect(residualAbove?.id).toBe("99");
  });
});
