import { handleCheckout } from "@/server/billing/checkout";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function POST(request: Request) {
  return handleCheckout(request);
}
