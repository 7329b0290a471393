import "server-only";
import { z } from "zod";
import { ROLE_FREE } from "@/domain/auth/roles";
import type { SessionUser } from "@/domain/auth/user";
import { PLANS } from "@/domain/billing/plans";
import { LOCALES, type Locale } from "@/domain/i18n/locales";
import { loadMessages } from "@/i18n/messages";
import { readProtectedPost, requireApiSession } from "@/server/auth/guard";
import { authOrigin } from "@/server/origin";
import { jsonError } from "@/server/http/jsonError";
import { settings, type Env } from "@/server/settings";
import { checkoutParams, createCheckoutUrl, sdkStripeClient, stripeConfigured, type StripeCheckoutClient } from "./stripe";

const checkoutSchema = z.object({ plan: z.literal("pro"), locale: z.enum(LOCALES) });

/**
 * A Checkout Session for `user`'s PRO subscription; answers the URL where they pay. Academic users
 * get STRIPE_ACADEMIC_COUPON when it is set, else the academic price inline (stripe.ts).
 */
export async function startCheckout(input: { user: SessionUser; locale: Locale; origin: string }, options: { env?: Env; client?: StripeCheckoutClient } = {}): Promise<string> {
  const { stripeSecretKey, stripeAcademicCoupon } = settings(options.env);
  const client = options.client ?? sdkStripeClient(stripeSecretKey ?? "");
  const plan = PLANS.find((candidate) => candidate.id === "pro")!;
  const messages = await loadMessages(input.locale);
  const params = checkoutParams({ plan, planName: `${messages.common.siteName} PRO`, user: input.user, origin: input.origin, locale: input.locale, academicCoupon: stripeAcademicCoupon });
  return createCheckoutUrl(params, client);
}

/** POST /api/subscription/checkout: a Stripe Checkout URL for the signed-in free user. */
export async function handleCheckout(request: Request): Promise<Response> {
  if (!stripeConfigured()) return jsonError(404, "not_configured", "Online payment is not available on this server; contact us to subscribe to PRO.");
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  const input = await readProtectedPost(request, checkoutSchema, 4096);
  if (!input.ok) return input.response;
  const { user } = auth.session;
  if (user.role !== ROLE_FREE) return jsonError(409, "already_subscribed", "This account already has a paid role.");
  try {
    const url = await startCheckout({ user, locale: input.data.locale, origin: authOrigin().origin });
    return Response.json({ url });
  } catch (error) {
    console.error(`[billing] ${(error as Error).message}`);
    return jsonError(502, "payment_unavailable", "The payment provider did not answer. Try again later.");
  }
}
