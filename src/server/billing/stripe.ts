/**
 * PRO subscriptions through Stripe Checkout, only when STRIPE_SECRET_KEY is set (otherwise the
 * pricing page offers a contact link). Plain HTTPS calls to Stripe's API, no SDK. The webhook
 * (STRIPE_WEBHOOK_SECRET) turns a paid checkout into role 1 and a cancelled subscription back
 * into role 0.
 */
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { ROLE_FREE, ROLE_PRO } from "@/domain/auth/roles";
import type { SessionUser } from "@/domain/auth/user";
import type { Locale } from "@/domain/i18n/locales";
import { priceFor, type Plan } from "@/domain/billing/plans";
import { setRoleIf } from "@/server/auth/users";
import { jsonError, readBodyLimited } from "@/server/http/jsonError";
import { settings, type Env } from "@/server/settings";

export function stripeConfigured(env?: Env): boolean {
  return Boolean(settings(env).stripeSecretKey);
}

/** The form Stripe's POST /v1/checkout/sessions takes for a monthly subscription to `plan`. */
export function checkoutParams(options: { plan: Plan; planName: string; user: SessionUser; origin: string; locale: Locale }): URLSearchParams {
  const { plan, user, origin, locale } = options;
  const amount = priceFor(plan, user.isAcademic);
  if (amount === null || amount <= 0) throw new Error(`Plan ${plan.id} cannot be bought online`);
  return new URLSearchParams({
    mode: "subscription",
    "line_items[0][quantity]": "1",
    "line_items[0][price_data][currency]": "usd",
    "line_items[0][price_data][unit_amount]": String(amount),
    "line_items[0][price_data][recurring][interval]": "month",
    "line_items[0][price_data][product_data][name]": options.planName,
    customer_email: user.email,
    client_reference_id: user.id,
    "metadata[user_id]": user.id,
    "metadata[plan]": plan.id,
    "subscription_data[metadata][user_id]": user.id,
    locale,
    success_url: `${origin}/${locale}/account?checkout=success`,
    cancel_url: `${origin}/${locale}/subscription`,
  });
}

export async function createCheckoutUrl(params: URLSearchParams, env?: Env): Promise<string> {
  const response = await fetch("https://api.stripe.com/v1/checkout/sessions", {
    method: "POST",
    headers: { Authorization: `Bearer ${settings(env).stripeSecretKey}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: params,
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json().catch(() => null)) as { url?: string; error?: { message?: string } } | null;
  if (!response.ok || !body?.url) throw new Error(`Stripe refused the checkout: ${body?.error?.message ?? response.status}`);
  return body.url;
}

/**
 * Stripe's webhook signature: header "t=timestamp,v1=hex(HMAC-SHA256(secret, `${t}.${payload}`))",
 * fresh within `toleranceSeconds`.
 */
export function verifyStripeSignature(payload: string, header: string | null, secret: string, nowSeconds = Math.floor(Date.now() / 1000), toleranceSeconds = 300): boolean {
  if (!header) return false;
  const parts = header.split(",").map((part) => part.trim().split("=", 2) as [string, string]);
  const timestamp = Number(parts.find(([key]) => key === "t")?.[1]);
  if (!Number.isFinite(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex"));
  return parts
    .filter(([key]) => key === "v1")
    .some(([, signature]) => {
      const given = Buffer.from(signature ?? "");
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

interface StripeEvent {
  type?: string;
  data?: { object?: { client_reference_id?: string | null; payment_status?: string; metadata?: Record<string, string> | null } };
}

/** Applies a verified Stripe event; returns what it did, for the log. */
export async function applyStripeEvent(event: StripeEvent): Promise<string> {
  const object = event.data?.object;
  const userId = object?.metadata?.user_id || object?.client_reference_id || null;
  if (!userId) return "ignored (no user)";
  if (event.type === "checkout.session.completed" && object?.payment_status === "paid") {
    return (await setRoleIf(userId, ROLE_FREE, ROLE_PRO)) ? "role set to PRO" : "role left as it was";
  }
  if (event.type === "customer.subscription.deleted") {
    return (await setRoleIf(userId, ROLE_PRO, ROLE_FREE)) ? "role set back to free" : "role left as it was";
  }
  return "ignored";
}

export async function handleStripeWebhook(request: Request, env?: Env): Promise<Response> {
  const secret = settings(env).stripeWebhookSecret;
  if (!stripeConfigured(env) || !secret) return jsonError(404, "not_configured", "Payments are not configured on this server.");
  const body = await readBodyLimited(request, 1024 * 1024);
  if (!body.ok) return jsonError(413, "too_large", "The request body is too large.");
  if (!verifyStripeSignature(body.text, request.headers.get("stripe-signature"), secret)) {
    return jsonError(400, "bad_signature", "The Stripe signature does not match.");
  }
  let event: StripeEvent;
  try {
    event = JSON.parse(body.text) as StripeEvent;
  } catch {
    return jsonError(400, "invalid_json", "The request body must be JSON.");
  }
  console.info(`[billing] ${String(event.type).slice(0, 64)}: ${await applyStripeEvent(event)}`);
  return Response.json({ received: true });
}
