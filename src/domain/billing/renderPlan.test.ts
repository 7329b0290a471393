import { describe, expect, it } from "vitest";
import { canOpenPro } from "./proAccess";
import { isRenderPlan, renderPlanOf, renderPlanOpens } from "./renderPlan";

describe("the plan a page is rendered for", () => {
  it("is anonymous without a session, else the plan of the user's role", () => {
    expect(renderPlanOf(null)).toBe("anonymous");
    expect([0, 1, 2, 10, 7, null].map((role) => renderPlanOf({ role }))).toEqual(["free", "pro", "premium", "premium", "free", "free"]);
  });

  it("opens exactly what the PRO gate opens for the same role", () => {
    for (const role of [null, 0, 1, 2, 3, 10, 11]) {
      const plan = renderPlanOf(role === null ? null : { role });
      for (const feature of ["subnationalProfiles", "trendExplorer", "dataExplorer"] as const) expect(renderPlanOpens(plan, feature), `${role} ${feature}`).toBe(canOpenPro(role));
    }
    expect(renderPlanOpens("anonymous", "profiles")).toBe(true);
  });

  it("knows its values and nothing else", () => {
    for (const plan of ["anonymous", "free", "pro", "premium"]) expect(isRenderPlan(plan)).toBe(true);
    for (const value of ["PRO", "", "admin", null, 1, "pro "]) expect(isRenderPlan(value)).toBe(false);
  });
});
