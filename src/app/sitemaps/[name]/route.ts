import { sitemapFile } from "@/server/sitemap/sitemap";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }) {
  return sitemapFile((await params).name);
}
