import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PLANS } from "@/domain/billing/plans";
import { checkoutParams, stripeConfigured, verifyStripeSignature } from "./stripe";

const user = { id: "u1", name: "Ana", email: "ana@uni.edu", role: 0, isAcademic: false, sso_logo: null, bespoke_user_metadata: {} };
const pro = PLANS.find((plan) => plan.id === "pro")!;

describe("checkoutParams", () => {
  it("asks for a monthly PRO subscription tied to the user", () => {
    const params = checkoutParams({ plan: pro, planName: "OTO PRO", user, origin: "https://trade.example", locale: "es" });
    expect(params.mode).toBe("subscription");
    expect(params.line_items[0]!.price_data.unit_amount).toBe(pro.monthlyCents);
    expect(params.line_items[0]!.price_data.recurring.interval).toBe("month");
    expect(params.client_reference_id).toBe("u1");
    expect(params.subscription_data.metadata.user_id).toBe("u1");
    expect(params.success_url).toBe("https://trade.example/es/account?checkout=success");
    expect(params.cancel_url).toBe("https://trade.example/es/subscription");
    expect(params.discounts).toBeUndefined();
  });
  it("applies the academic discount", () => {
    const params = checkoutParams({ plan: pro, planName: "OTO PRO", user: { ...user, isAcademic: true }, origin: "https://t.example", locale: "en" });
    expect(params.line_items[0]!.price_data.unit_amount).toBeLessThan(pro.monthlyCents!);
  });
  it("refuses plans that are not sold online", () => {
    for (const id of ["free", "premium"]) {
      const plan = PLANS.find((candidate) => candidate.id === id)!;
      expect(() => checkoutParams({ plan, planName: "x", user, origin: "https://t.example", locale: "en" })).toThrow();
    }
  });
});

describe("verifyStripeSignature", () => {
  const secret = "whsec_test";
  const payload = '{"type":"checkout.session.completed"}';
  const sign = (t: number, body = payload) => createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  it("accepts a fresh, correct signature", () => {
    expect(verifyStripeSignature(payload, `t=1000,v1=${sign(1000)}`, secret, 1100)).toBe(true);
    expect(verifyStripeSignature(payload, `t=1000,v1=deadbeef,v1=${sign(1000)}`, secret, 1100)).toBe(true);
  });
  it("refuses stale, tampered or missing signatures", () => {
    expect(verifyStripeSignature(payload, `t=1000,v1=${sign(1000)}`, secret, 2000)).toBe(false);
    expect(verifyStripeSignature(`${payload} `, `t=1000,v1=${sign(1000)}`, secret, 1100)).toBe(false);
    expect(verifyStripeSignature(payload, `t=1000,v1=${sign(1000)}`, "other", 1100)).toBe(false);
    expect(verifyStripeSignature(payload, null, secret, 1100)).toBe(false);
    expect(verifyStripeSignature(payload, "garbage", secret, 1100)).toBe(false);
  });
});

it("is configured only with a secret key", () => {
  expect(stripeConfigured({})).toBe(false);
  expect(stripeConfigured({ STRIPE_SECRET_KEY: " " })).toBe(false);
  expect(stripeConfigured({ STRIPE_SECRET_KEY: "sk_test_x" })).toBe(true);
});
