import "server-only";
import { z } from "zod";
import { ROLE_FREE } from "@/domain/auth/roles";
import { PLANS } from "@/domain/billing/plans";
import { LOCALES } from "@/domain/i18n/locales";
import { loadMessages } from "@/i18n/messages";
import { readProtectedPost, requireApiSession } from "@/server/auth/guard";
import { authOrigin } from "@/server/origin";
import { jsonError } from "@/server/http/jsonError";
import { checkoutParams, createCheckoutUrl, stripeConfigured } from "./stripe";

const checkoutSchema = z.object({ plan: z.literal("pro"), locale: z.enum(LOCALES) });

/** POST /api/subscription/checkout: a Stripe Checkout URL for the signed-in free user. */
export async function handleCheckout(request: Request): Promise<Response> {
  if (!stripeConfigured()) return jsonError(404, "not_configured", "Online payment is not available; contact us instead.");
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  const input = await readProtectedPost(request, checkoutSchema, 4096);
  if (!input.ok) return input.response;
  const { user } = auth.session;
  if (user.role !== ROLE_FREE) return jsonError(409, "already_subscribed", "This account already has a paid role.");
  const plan = PLANS.find((candidate) => candidate.id === input.data.plan)!;
  const messages = await loadMessages(input.data.locale);
  try {
    const url = await createCheckoutUrl(
      checkoutParams({ plan, planName: `${messages.common.siteName} PRO`, user, origin: authOrigin().origin, locale: input.data.locale }),
    );
    return Response.json({ url });
  } catch (error) {
    console.error(`[billing] ${(error as Error).message}`);
    return jsonError(502, "payment_unavailable", "The payment provider did not answer. Try again later.");
  }
}
