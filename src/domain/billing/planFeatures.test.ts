import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PLAN_FEATURES, PLAN_ORDER, featurePlan, navPlanBadge, planBadge, planFeatureKeys, planOpens } from "./planFeatures";
import { PLANS } from "./plans";

const messages = Object.fromEntries(["en", "es", "zh"].map((l) => [l, JSON.parse(readFileSync(join(process.cwd(), "messages", `${l}.json`), "utf8"))]));

describe("what each plan opens", () => {
  it("lists every feature once, on the card of the cheapest plan that opens it", () => {
    const ids = PLAN_FEATURES.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const plan of PLAN_ORDER) {
      const card = planFeatureKeys(plan);
      for (const f of PLAN_FEATURES) expect(card.includes(f.id), `${plan}/${f.id}`).toBe(f.plan === plan);
    }
  });

  it("puts every PRO tool the server gates on the PRO card, after everything in Free", () => {
    expect(planFeatureKeys("pro")).toEqual(["everythingFree", "subnationalProfiles", "trendExplorer", "dataExplorer", "apiPro"]);
    expect(planFeatureKeys("premium")[0]).toBe("everythingPro");
    expect(planFeatureKeys("free")).not.toContain("everythingFree");
  });

  it("is what the pricing page's plans show, with no invented social proof", () => {
    for (const plan of PLANS) {
      expect(plan.features).toEqual(planFeatureKeys(plan.id));
      expect(plan).not.toHaveProperty("highlighted");
    }
    for (const locale of ["en", "es", "zh"]) expect(messages[locale].pricing, locale).not.toHaveProperty("popular");
  });

  it("has a pricing line for every feature in every language", () => {
    for (const locale of ["en", "es", "zh"]) {
      for (const plan of PLAN_ORDER) for (const key of planFeatureKeys(plan)) expect(messages[locale].pricing.features[key], `${locale}: ${key}`).toBeTruthy();
    }
  });

  it("opens a plan's features and those of every plan before it", () => {
    expect(planOpens("free", "profiles")).toBe(true);
    expect(planOpens("free", "trendExplorer")).toBe(false);
    expect(planOpens("pro", "trendExplorer")).toBe(true);
    expect(planOpens("pro", "nationalDownloads")).toBe(false);
    expect(planOpens("premium", "subnationalProfiles")).toBe(true);
  });

  it("names the badge and the plan of a gated feature", () => {
    expect(featurePlan("subnationalProfiles")).toBe("pro");
    expect(featurePlan("dataExplorer")).toBe("pro");
    expect(featurePlan("productDownloads")).toBe("premium");
    expect(planBadge("free")).toBeNull();
    expect(planBadge("pro")).toBe("PRO");
    expect(planBadge("premium")).toBe("PREMIUM");
  });

  it("badges a menu item only when it leads to what a plan opens", () => {
    expect(navPlanBadge("subnational")).toBe("PRO");
    expect(navPlanBadge("trendExplorer")).toBe("PRO");
    expect(navPlanBadge("explorer")).toBe("PRO");
    expect(navPlanBadge("bulkNational")).toBe("PREMIUM");
    // Open pages: no plan badge.
    for (const open of ["dataSources", "countries", "bulkInternational", "bulkBillOfLading", "api"]) expect(navPlanBadge(open), open).toBeNull();
  });
});
