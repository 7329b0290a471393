/**
 * Headers that are the same on every response of the site. next.config.ts gives them to every
 * answer of Next.js; the door's own answers of build assets (staticAssets.ts) send the same.
 * Plain data, no imports: next.config.ts reads it at build time.
 */
export const EVERY_RESPONSE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // No page needs the camera, microphone, location, payment or USB APIs.
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  "Cross-Origin-Opener-Policy": "same-origin",
} as const;
