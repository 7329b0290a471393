import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { EVERY_RESPONSE_HEADERS } from "./src/server/front/everyResponseHeaders";

const withNextIntl = createNextIntlPlugin("./src/app/i18nRequest.ts");

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // npm test type-checks the whole tree as its own step (tsc --noEmit); checking again here
  // would only slow every build down.
  typescript: { ignoreBuildErrors: true },
  serverExternalPackages: ["@duckdb/node-api", "@duckdb/node-bindings", "better-sqlite3", "@node-rs/argon2"],
  // forbidden() (a 403 page) for pages a signed-in user may not see, such as bulk access.
  experimental: { authInterrupts: true },
  images: {
    // Spec section 9: image device sizes, image sizes and the default quality 75.
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
    qualities: [75],
    formats: ["image/webp"],
    minimumCacheTTL: 60 * 60 * 24,
  },
  // The Content-Security-Policy (with a nonce per response), X-Frame-Options and HSTS are set by
  // the front door (src/server/front/door.ts), which serves the app: they differ per request.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: Object.entries(EVERY_RESPONSE_HEADERS).map(([key, value]) => ({ key, value })),
      },
    ];
  },
};

export default withNextIntl(nextConfig);
