import { ImageResponse } from "next/og";
import { AppIcon } from "@/features/seo/AppIcon";

/** /apple-touch-icon.png: what iOS asks for by default when a page is added to the home screen. */
export function GET(): Response {
  return new ImageResponse(<AppIcon size={180} />, { width: 180, height: 180, headers: { "Cache-Control": "public, max-age=86400" } });
}
