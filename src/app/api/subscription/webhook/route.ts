import { handleStripeWebhook } from "@/server/billing/stripe";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// Called by Stripe, not by a browser: authenticated by its signature instead of a CSRF token.
export function POST(request: Request) {
  return handleStripeWebhook(request);
}
