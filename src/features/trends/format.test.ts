import { describe, expect, it } from "vitest";
import { formatUsd } from "@/domain/format";
import { signedPp, signedUsd } from "./format";

describe("trend formatting", () => {
  it("signs changes in USD", () => {
    expect(signedUsd(1.5e9, "en")).toBe(`+${formatUsd(1.5e9, "en", { compact: true })}`);
    expect(signedUsd(-2e6, "en")).toBe(formatUsd(-2e6, "en", { compact: true }));
    expect(signedUsd(0, "en")).toBe(formatUsd(0, "en", { compact: true }));
  });

  it("signs percentage points and never prints a negative zero", () => {
    expect(signedPp(1.234, "en")).toBe("+1.23");
    expect(signedPp(-0.4, "en")).toBe("-0.40");
    expect(signedPp(-0.001, "en")).toBe("0.00");
    expect(signedPp(0.004, "es")).toBe("0,00");
    expect(signedPp(null, "en")).toBeNull();
  });
});
