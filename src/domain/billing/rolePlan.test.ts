import { describe, expect, it } from "vitest";
import { canDownloadPremium } from "@/domain/bulk/bulk";
import { canOpenPro } from "./proAccess";
import { planOfRole, roleOpens } from "./rolePlan";

describe("the plan of a role", () => {
  it("maps roles to plans, anonymous and unknown roles to free", () => {
    expect([0, 1, 2, 10, 7, null, undefined].map(planOfRole)).toEqual(["free", "pro", "premium", "premium", "free", "free", "free"]);
  });

  it("opens the company explorer to PREMIUM and the bulk-access manager only", () => {
    expect([null, 0, 1, 2, 10].map((role) => roleOpens(role, "companyExplorer"))).toEqual([false, false, false, true, true]);
  });

  it("agrees with the PRO gate and the PREMIUM bulk files", () => {
    for (const role of [null, 0, 1, 2, 10, 3]) {
      expect(roleOpens(role, "trendExplorer"), String(role)).toBe(canOpenPro(role));
      expect(roleOpens(role, "nationalDownloads"), String(role)).toBe(canDownloadPremium(role));
    }
  });
});
