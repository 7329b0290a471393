import { ImageResponse } from "next/og";
import { AppIcon, isAppIconSize } from "@/features/seo/AppIcon";

type Context = { params: Promise<{ file: string }> };

/** /app-icon/{192,512}.png: the web manifest's raster icons (app/manifest.ts). */
export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const match = /^(\d{3})\.png$/.exec((await params).file);
  const size = match ? Number(match[1]) : 0;
  if (!isAppIconSize(size)) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new ImageResponse(<AppIcon size={size} />, { width: size, height: size, headers: { "Cache-Control": "public, max-age=86400" } });
}
