import { headers } from "next/headers";
import { nonceOf, serializeJsonLd, type JsonLd as JsonLdData } from "@/domain/seo/jsonLd";

/**
 * Structured data for search engines, as the inline <script type="application/ld+json"> they read.
 * It carries this response's script nonce, as every inline script must under the site's
 * Content-Security-Policy (server/front/securityHeaders): the front door puts the policy, nonce
 * included, on the request, and a cached page gets a fresh nonce in the same places.
 */
export async function JsonLd({ data }: { data: JsonLdData | readonly JsonLdData[] }) {
  const nonce = nonceOf((await headers()).get("content-security-policy"));
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
