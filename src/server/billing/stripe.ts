/**
 * PRO subscriptions through Stripe Checkout, only when STRIPE_SECRET_KEY is set (otherwise the
 * pricing page says online payment is not available and offers a contact link, and
 * POST /api/subscription/checkout answers 404 "not_configured").
 *
 * Checkout Sessions are created and webhook signatures checked with the official `stripe`
 * library (sdkStripeClient, verifyStripeSignature); callers see a small interface shaped like the
 * SDK's `stripe.checkout.sessions`, which tests replace with a mock.
 *
 * The webhook (STRIPE_WEBHOOK_SECRET) turns a paid checkout or an active subscription into role 1
 * (PRO) and an ended one back into role 0. Every change is conditional (free -> PRO, PRO -> free):
 * delivering an event again finds the role already set and changes nothing, so retries and
 * duplicate deliveries are harmless without a table of seen event ids. PREMIUM and the
 * bulk-access manager (roles 2 and 10, set by hand) are never touched by a payment event.
 */
import "server-only";
import Stripe from "stripe";
import { z } from "zod";
import { ROLE_FREE, ROLE_PRO } from "@/domain/auth/roles";
import type { SessionUser } from "@/domain/auth/user";
import type { Locale } from "@/domain/i18n/locales";
import { priceFor, type Plan } from "@/domain/billing/plans";
import { setRoleIf } from "@/server/auth/users";
import type { AppDb } from "@/server/db/client";
import { jsonError, readBodyLimited } from "@/server/http/jsonError";
import { settings, type Env } from "@/server/settings";

export function stripeConfigured(env?: Env): boolean {
  return Boolean(settings(env).stripeSecretKey);
}

/** The part of Stripe's Checkout Session parameters we send (names as in Stripe's API and SDK). */
export interface CheckoutSessionParams {
  mode: "subscription";
  line_items: Array<{
    quantity: number;
    price_data: { currency: "usd"; unit_amount: number; recurring: { interval: "month" }; product_data: { name: string } };
  }>;
  /** The academic coupon (STRIPE_ACADEMIC_COUPON), for academic users only. */
  discounts?: Array<{ coupon: string }>;
  customer_email: string;
  client_reference_id: string;
  metadata: Record<string, string>;
  subscription_data: { metadata: Record<string, string> };
  locale: Locale;
  success_url: string;
  cancel_url: string;
}

/** What we use of a Stripe client: the official SDK's `new Stripe(key)` fits it as it is. */
export interface StripeCheckoutClient {
  checkout: { sessions: { create(params: CheckoutSessionParams): Promise<{ id?: string; url?: string | null }> } };
}

export interface CheckoutOptions {
  plan: Plan;
  planName: string;
  user: SessionUser;
  origin: string;
  locale: Locale;
  /**
   * STRIPE_ACADEMIC_COUPON. Academic users get it as a discount on the list price; without it
   * their (already discounted, plans.ts) price is sent inline. Either way Stripe charges what the
   * pricing page shows, provided the coupon is ACADEMIC_DISCOUNT_PERCENT off, "forever".
   */
  academicCoupon?: string | null;
}

/** The Checkout Session for a monthly subscription to `plan`, tied to the user. */
export function checkoutParams(options: CheckoutOptions): CheckoutSessionParams {
  const { plan, user, origin, locale } = options;
  const coupon = user.isAcademic && options.academicCoupon ? options.academicCoupon : null;
  const amount = priceFor(plan, user.isAcademic && !coupon);
  if (amount === null || amount <= 0) throw new Error(`Plan ${plan.id} cannot be bought online`);
  const metadata = { user_id: user.id, plan: plan.id, academic: user.isAcademic ? "1" : "0" };
  return {
    mode: "subscription",
    line_items: [
      { quantity: 1, price_data: { currency: "usd", unit_amount: amount, recurring: { interval: "month" }, product_data: { name: options.planName } } },
    ],
    ...(coupon ? { discounts: [{ coupon }] } : {}),
    customer_email: user.email,
    client_reference_id: user.id,
    metadata,
    subscription_data: { metadata },
    locale,
    success_url: `${origin}/${locale}/account?checkout=success`,
    cancel_url: `${origin}/${locale}/subscription`,
  };
}

/** The official Stripe library, for the one call we make (a Checkout Session). */
export function sdkStripeClient(secretKey: string): StripeCheckoutClient {
  const stripe = new Stripe(secretKey, { timeout: 15_000, maxNetworkRetries: 1 });
  return {
    checkout: {
      sessions: {
        async create(params) {
          const session = await stripe.checkout.sessions.create(params as unknown as Stripe.Checkout.SessionCreateParams);
          return { id: session.id, url: session.url };
        },
      },
    },
  };
}

/** Creates the Checkout Session; its URL is where the visitor pays. */
export async function createCheckoutUrl(params: CheckoutSessionParams, client: StripeCheckoutClient): Promise<string> {
  const session = await client.checkout.sessions.create(params);
  if (!session.url) throw new Error("Stripe answered without a checkout URL");
  return session.url;
}

/**
 * Stripe's webhook signature ("t=timestamp,v1=HMAC-SHA256(secret, `${t}.${payload}`)", fresh within
 * `toleranceSeconds`), checked by the official library (`stripe.webhooks`).
 */
export function verifyStripeSignature(payload: string, header: string | null, secret: string, nowSeconds = Math.floor(Date.now() / 1000), toleranceSeconds = 300): boolean {
  if (!header) return false;
  try {
    return Stripe.webhooks.signature?.verifyHeader(payload, header, secret, toleranceSeconds, undefined, nowSeconds * 1000) === true;
  } catch {
    return false;
  }
}

const eventSchema = z.object({
  id: z.string().max(255).optional(),
  type: z.string().max(255),
  data: z.object({
    object: z
      .object({
        client_reference_id: z.string().max(255).nullish(),
        payment_status: z.string().max(64).nullish(),
        status: z.string().max(64).nullish(),
        metadata: z.record(z.string(), z.string()).nullish(),
      })
      .loose(),
  }),
});

export type StripeEvent = z.infer<typeof eventSchema>;

/** Subscription states that mean "paid up": the role is PRO. */
const PAID_STATUSES = new Set(["active", "trialing"]);
/**
 * States that mean the subscription is over: the role goes back to free. "past_due" is not one:
 * Stripe is still retrying the card, and ends in "canceled" or "unpaid" if it never succeeds.
 */
const ENDED_STATUSES = new Set(["canceled", "unpaid", "incomplete_expired"]);

export type StripeEventOutcome = "granted" | "revoked" | "unchanged" | "ignored";

/** Applies a verified Stripe event to the user it names (metadata.user_id, else client_reference_id). */
export async function applyStripeEvent(event: StripeEvent, db?: AppDb): Promise<StripeEventOutcome> {
  const object = event.data.object;
  const userId = object.metadata?.user_id || object.client_reference_id || null;
  if (!userId) return "ignored";
  const grant = async () => ((await setRoleIf(userId, ROLE_FREE, ROLE_PRO, db)) ? "granted" : "unchanged");
  const revoke = async () => ((await setRoleIf(userId, ROLE_PRO, ROLE_FREE, db)) ? "revoked" : "unchanged");
  switch (event.type) {
    case "checkout.session.completed":
      return object.payment_status === "paid" || object.payment_status === "no_payment_required" ? grant() : "ignored";
    case "customer.subscription.created":
    case "customer.subscription.updated":
      if (PAID_STATUSES.has(object.status ?? "")) return grant();
      if (ENDED_STATUSES.has(object.status ?? "")) return revoke();
      return "ignored";
    case "customer.subscription.deleted":
      return revoke();
    default:
      return "ignored";
  }
}

/** POST /api/subscription/webhook: Stripe's events, authenticated by their signature. */
export async function handleStripeWebhook(request: Request, options: { env?: Env; db?: AppDb; nowSeconds?: number } = {}): Promise<Response> {
  const secret = settings(options.env).stripeWebhookSecret;
  if (!stripeConfigured(options.env) || !secret) return jsonError(404, "not_configured", "Payments are not configured on this server.");
  const body = await readBodyLimited(request, 1024 * 1024);
  if (!body.ok) return jsonError(413, "too_large", "The request body is too large.");
  if (!verifyStripeSignature(body.text, request.headers.get("stripe-signature"), secret, options.nowSeconds)) {
    return jsonError(400, "bad_signature", "The Stripe signature is missing or does not match.");
  }
  let json: unknown;
  try {
    json = JSON.parse(body.text);
  } catch {
    return jsonError(400, "invalid_json", "The request body must be JSON.");
  }
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success) return jsonError(400, "invalid_event", "The body is not a Stripe event.");
  const event = parsed.data;
  const outcome = await applyStripeEvent(event, options.db);
  console.info(`[billing] ${event.type.slice(0, 64)} ${String(event.id ?? "").slice(0, 64)}: ${outcome}`);
  return Response.json({ received: true, outcome });
}
