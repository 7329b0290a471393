import { sitemapIndex } from "@/server/sitemap/sitemap";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET() {
  return sitemapIndex();
}
