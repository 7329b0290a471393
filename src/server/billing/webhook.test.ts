import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ROLE_BULK_MANAGER, ROLE_FREE, ROLE_PREMIUM, ROLE_PRO } from "@/domain/auth/roles";
import type { SessionUser } from "@/domain/auth/user";
import { createUser, findUserById, setRoles } from "@/server/auth/users";
import { DIALECTS, useAppDb } from "@/server/db/__tests__/appDbs";
import { startCheckout } from "./checkout";
import { handleStripeWebhook, type StripeCheckoutClient } from "./stripe";

const SECRET = "whsec_test_secret";
const env = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: SECRET };

let sequence = 0;
function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_test_${++sequence}`) {
  return { id, object: "event", type, api_version: "2024-06-20", created: Math.floor(Date.now() / 1000), livemode: false, data: { object } };
}

function webhookRequest(payload: string, signature: string | null): Request {
  const headers = new Headers({ "content-type": "application/json" });
  if (signature !== null) headers.set("stripe-signature", signature);
  return new Request("https://trade.example/api/subscription/webhook", { method: "POST", headers, body: payload });
}

describe.each(DIALECTS)("the Stripe webhook on %s", (dialect) => {
  const db = useAppDb(dialect);
  beforeEach(() => {
    vi.spyOn(console, "info").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function deliver(event: object, options: { secret?: string; signature?: string | null } = {}) {
    const payload = JSON.stringify(event);
    const signature = options.signature !== undefined ? options.signature : Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? SECRET });
    const response = await handleStripeWebhook(webhookRequest(payload, signature), { env, db: db() });
    return { status: response.status, body: (await response.json()) as { outcome?: string; error?: { code: string } } };
  }

  const newUser = (email = "ana@uni.edu") => createUser({ name: "Ana", email, passwordHash: null }, db());
  const roleOf = async (id: string) => (await findUserById(id, db()))!.role;
  const completed = (userId: string, id?: string) =>
    stripeEvent("checkout.session.completed", { object: "checkout.session", client_reference_id: userId, payment_status: "paid", metadata: { user_id: userId, plan: "pro" } }, id);
  const subscription = (type: string, userId: string, status: string, id?: string) =>
    stripeEvent(type, { object: "subscription", id: "sub_1", status, metadata: { user_id: userId } }, id);

  it("processes a correctly signed event: a paid checkout makes the user PRO", async () => {
    const user = await newUser();
    const answer = await deliver(completed(user.id));
    expect(answer).toEqual({ status: 200, body: { received: true, outcome: "granted" } });
    expect(await roleOf(user.id)).toBe(ROLE_PRO);
  });

  it("answers 400 to a missing, wrong or stale signature, and changes nothing", async () => {
    const user = await newUser();
    const event = completed(user.id);
    const payload = JSON.stringify(event);
    expect((await deliver(event, { signature: null })).status).toBe(400);
    expect((await deliver(event, { secret: "whsec_someone_else" })).status).toBe(400);
    expect((await deliver(event, { signature: "t=1,v1=00" })).status).toBe(400);
    const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await deliver(event, { signature: stale })).body.error?.code).toBe("bad_signature");
    // Signed, then altered on the way.
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const tampered = await handleStripeWebhook(webhookRequest(payload.replace('"paid"', '"paid" '), signature), { env, db: db() });
    expect(tampered.status).toBe(400);
    expect(await roleOf(user.id)).toBe(ROLE_FREE);
  });

  it("is not there when payments are not configured", async () => {
    const payload = JSON.stringify(completed("u1"));
    const response = await handleStripeWebhook(webhookRequest(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET })), { env: {}, db: db() });
    expect(response.status).toBe(404);
  });

  it("refuses a signed body that is not a Stripe event", async () => {
    expect((await deliver({ hello: "world" })).status).toBe(400);
  });

  it("grants PRO on a created or updated subscription that is active", async () => {
    const ana = await newUser("ana@uni.edu");
    const ben = await newUser("ben@uni.edu");
    expect((await deliver(subscription("customer.subscription.created", ana.id, "active"))).body.outcome).toBe("granted");
    expect((await deliver(subscription("customer.subscription.updated", ben.id, "active"))).body.outcome).toBe("granted");
    expect(await roleOf(ana.id)).toBe(ROLE_PRO);
    expect(await roleOf(ben.id)).toBe(ROLE_PRO);
  });

  it("leaves the role alone while a payment is pending or being retried", async () => {
    const user = await newUser();
    expect((await deliver(subscription("customer.subscription.created", user.id, "incomplete"))).body.outcome).toBe("ignored");
    expect(await roleOf(user.id)).toBe(ROLE_FREE);
    await deliver(completed(user.id));
    expect((await deliver(subscription("customer.subscription.updated", user.id, "past_due"))).body.outcome).toBe("ignored");
    expect(await roleOf(user.id)).toBe(ROLE_PRO);
  });

  it("takes PRO back when the subscription is deleted, cancelled or unpaid", async () => {
    const ana = await newUser("ana@uni.edu");
    const ben = await newUser("ben@uni.edu");
    const cai = await newUser("cai@uni.edu");
    for (const user of [ana, ben, cai]) await deliver(completed(user.id));
    expect((await deliver(subscription("customer.subscription.deleted", ana.id, "canceled"))).body.outcome).toBe("revoked");
    expect((await deliver(subscription("customer.subscription.updated", ben.id, "canceled"))).body.outcome).toBe("revoked");
    expect((await deliver(subscription("customer.subscription.updated", cai.id, "unpaid"))).body.outcome).toBe("revoked");
    for (const user of [ana, ben, cai]) expect(await roleOf(user.id)).toBe(ROLE_FREE);
  });

  it("is idempotent: the same event delivered twice changes nothing the second time", async () => {
    const user = await newUser();
    const grant = completed(user.id, "evt_same_grant");
    expect((await deliver(grant)).body.outcome).toBe("granted");
    const afterFirst = (await findUserById(user.id, db()))!;
    expect((await deliver(grant)).body.outcome).toBe("unchanged");
    const afterSecond = (await findUserById(user.id, db()))!;
    expect(afterSecond).toEqual(afterFirst);

    const end = subscription("customer.subscription.deleted", user.id, "canceled", "evt_same_end");
    expect((await deliver(end)).body.outcome).toBe("revoked");
    const afterEnd = (await findUserById(user.id, db()))!;
    expect((await deliver(end)).body.outcome).toBe("unchanged");
    expect(await findUserById(user.id, db())).toEqual(afterEnd);
    expect(afterEnd.role).toBe(ROLE_FREE);
  });

  it("never touches roles given by hand (PREMIUM, bulk-access manager)", async () => {
    const premium = await newUser("premium@org.example");
    const manager = await newUser("manager@org.example");
    await setRoles([premium.email], ROLE_PREMIUM, {}, db());
    await setRoles([manager.email], ROLE_BULK_MANAGER, {}, db());
    for (const user of [premium, manager]) {
      expect((await deliver(completed(user.id))).body.outcome).toBe("unchanged");
      expect((await deliver(subscription("customer.subscription.deleted", user.id, "canceled"))).body.outcome).toBe("unchanged");
    }
    expect(await roleOf(premium.id)).toBe(ROLE_PREMIUM);
    expect(await roleOf(manager.id)).toBe(ROLE_BULK_MANAGER);
  });

  it("ignores events for nobody, for unknown users, and of other types", async () => {
    const user = await newUser();
    expect((await deliver(stripeEvent("checkout.session.completed", { payment_status: "paid" }))).body.outcome).toBe("ignored");
    expect((await deliver(completed("no-such-user"))).body.outcome).toBe("unchanged");
    expect((await deliver(stripeEvent("invoice.paid", { metadata: { user_id: user.id } }))).body.outcome).toBe("ignored");
    expect((await deliver(stripeEvent("checkout.session.completed", { client_reference_id: user.id, payment_status: "unpaid" }))).body.outcome).toBe("ignored");
    expect(await roleOf(user.id)).toBe(ROLE_FREE);
  });
});

describe("the academic discount at checkout", () => {
  const base: SessionUser = { id: "u1", name: "Ana", email: "ana@uni.edu", role: 0, isAcademic: false, sso_logo: null, bespoke_user_metadata: {} };
  function mockClient() {
    const create = vi.fn<StripeCheckoutClient["checkout"]["sessions"]["create"]>().mockResolvedValue({ id: "cs_test_1", url: "https://checkout.stripe.com/c/pay/cs_test_1" });
    return { client: { checkout: { sessions: { create } } } satisfies StripeCheckoutClient, create };
  }
  const couponEnv = { ...env, STRIPE_ACADEMIC_COUPON: "ACADEMIC50" };

  it("gives an academic user the academic coupon (STRIPE_ACADEMIC_COUPON) on the list price", async () => {
    const { client, create } = mockClient();
    const url = await startCheckout({ user: { ...base, isAcademic: true }, locale: "es", origin: "https://trade.example" }, { env: couponEnv, client });
    expect(url).toBe("https://checkout.stripe.com/c/pay/cs_test_1");
    const params = create.mock.calls[0]![0];
    expect(params.discounts).toEqual([{ coupon: "ACADEMIC50" }]);
    expect(params.line_items[0]!.price_data.unit_amount).toBe(1000);
    expect(params.metadata).toMatchObject({ user_id: "u1", academic: "1" });
    expect(params.subscription_data.metadata.user_id).toBe("u1");
  });

  it("gives other users no coupon and the list price", async () => {
    const { client, create } = mockClient();
    await startCheckout({ user: base, locale: "en", origin: "https://trade.example" }, { env: couponEnv, client });
    const params = create.mock.calls[0]![0];
    expect(params.discounts).toBeUndefined();
    expect(params.line_items[0]!.price_data.unit_amount).toBe(1000);
    expect(params.metadata.academic).toBe("0");
  });

  it("without a coupon configured, sends an academic user's discounted price inline", async () => {
    const { client, create } = mockClient();
    await startCheckout({ user: { ...base, isAcademic: true }, locale: "zh", origin: "https://trade.example" }, { env, client });
    const params = create.mock.calls[0]![0];
    expect(params.discounts).toBeUndefined();
    expect(params.line_items[0]!.price_data.unit_amount).toBe(500);
  });

  it("fails plainly when Stripe answers without a URL", async () => {
    const create = vi.fn<StripeCheckoutClient["checkout"]["sessions"]["create"]>().mockResolvedValue({ id: "cs_test_2", url: null });
    await expect(startCheckout({ user: base, locale: "en", origin: "https://trade.example" }, { env, client: { checkout: { sessions: { create } } } })).rejects.toThrow(/checkout URL/);
  });
});
