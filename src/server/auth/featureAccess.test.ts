import { beforeEach, describe, expect, it, vi } from "vitest";

const state = vi.hoisted(() => ({ header: null as string | null, role: null as number | null, signedIn: false }));

vi.mock("next/headers", () => ({ headers: async () => new Headers(state.header ? { "x-oto-plan": state.header } : {}) }));
vi.mock("./session", () => ({ currentSession: async () => (state.signedIn ? { user: { role: state.role } } : null) }));

const { featureAccess } = await import("./featureAccess");
const { renderPlanHeader } = await import("./renderPlan");

describe("featureAccess", () => {
  beforeEach(() => {
    state.header = null;
    state.role = null;
    state.signedIn = false;
  });

  it("reads the visitor's session when the page is not the door's render for a plan", async () => {
    expect(await featureAccess("companyExplorer")).toEqual({ signedIn: false, plan: "free", allowed: false });
  });

  it("answers for the plan the door's render names (a page cached per plan), not for the session", async () => {
    state.header = renderPlanHeader("premium");
    expect(await featureAccess("companyExplorer")).toEqual({ signedIn: true, plan: "premium", allowed: true });
    state.header = renderPlanHeader("anonymous");
    expect(await featureAccess("companyExplorer")).toEqual({ signedIn: false, plan: "free", allowed: false });
  });

  it("ignores a plan header without the process's proof", async () => {
    state.header = "premium forged";
    expect(await featureAccess("companyExplorer")).toEqual({ signedIn: false, plan: "free", allowed: false });
  });
});
