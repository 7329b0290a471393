import { handleConsent } from "@/server/auth/consentApi";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function POST(request: Request) {
  return handleConsent(request);
}
