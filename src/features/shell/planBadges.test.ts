import { describe, expect, it } from "vitest";
import { PLAN_FEATURES, navPlanBadge } from "@/domain/billing/planFeatures";
import { NAV_MENUS } from "./navigation";

const items = NAV_MENUS.flatMap((menu) => menu.items);

describe("menu badges follow what the plans open", () => {
  it("every PRO or PREMIUM badge is a plan's, and every plan feature's menu item carries it", () => {
    for (const item of items) {
      if (item.badge === "PRO" || item.badge === "PREMIUM") expect(navPlanBadge(item.id), item.id).toBe(item.badge);
      const plan = navPlanBadge(item.id);
      if (plan) expect(item.badge, item.id).toBe(plan);
    }
  });

  it("names only menu items that exist", () => {
    const ids = new Set(items.map((i) => i.id));
    for (const feature of PLAN_FEATURES) for (const nav of feature.nav ?? []) expect(ids.has(nav), `${feature.id} -> ${nav}`).toBe(true);
  });

  it("does not mark open pages as paid", () => {
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get("dataSources")?.badge).toBeUndefined();
    expect(byId.get("subnational")?.badge).toBe("PRO");
    expect(byId.get("trendExplorer")?.badge).toBe("PRO");
    expect(byId.get("explorer")?.badge).toBe("PRO");
    expect(byId.get("funds")?.badge).toBe("NEW");
  });
});
