import { ImageResponse } from "next/og";
import { parseShareImagePath, SHARE_IMAGE_SIZE } from "@/domain/seo/shareImage";
import { OgImage } from "@/features/seo/OgImage";
import { shareCard } from "@/features/seo/shareCard";
import { matches } from "@/server/http/etag";
import { dataEtag } from "@/server/warehouse/http";
import { warehouseMeta } from "@/server/warehouse/db";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ path: string[] }> };

// A card changes only with the warehouse (a re-import): its ETag is the generation's with the URL.
const CACHE = "public, max-age=3600, s-maxage=86400, stale-while-revalidate=604800";

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** GET /og/{locale}{page path}.png: the page's share image (domain/seo/shareImage). */
export async function GET(request: Request, { params }: Context): Promise<Response> {
  const segments = (await params).path.map(decode);
  const parsed = segments.every((s): s is string => s !== null) ? parseShareImagePath(segments) : null;
  if (!parsed) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const url = new URL(request.url);
  const meta = await warehouseMeta().catch(() => null);
  const etag = meta ? dataEtag(meta.build, `og:${url.pathname}${url.search}`) : null;
  if (etag && matches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": CACHE } });
  const card = await shareCard(parsed, url.searchParams);
  if (!card) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new ImageResponse(<OgImage card={card} />, {
    ...SHARE_IMAGE_SIZE,
    headers: { "Cache-Control": etag ? CACHE : "no-store", ...(etag ? { ETag: etag } : {}), "Content-Language": card.locale },
  });
}
