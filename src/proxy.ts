import createMiddleware from "next-intl/middleware";
import { NextResponse, type NextRequest } from "next/server";
import { looksLikeUnknownLocale, negotiateLocale } from "@/domain/i18n/locales";
import { routing } from "@/i18n/routing";

const intl = createMiddleware(routing);

export default function proxy(request: NextRequest) {
  const firstSegment = request.nextUrl.pathname.split("/")[1] ?? "";
  if (firstSegment && looksLikeUnknownLocale(firstSegment)) {
    // "/xx/anything": an unknown language, not a page path. Render our 404 in the visitor's language
    // instead of redirecting to "/en/xx/anything".
    const locale = negotiateLocale(request.headers.get("accept-language"));
    const url = request.nextUrl.clone();
    url.pathname = `/${locale}/__unknown-locale${request.nextUrl.pathname}`;
    const headers = new Headers(request.headers);
    headers.set("X-NEXT-INTL-LOCALE", locale);
    return NextResponse.rewrite(url, { request: { headers } });
  }
  return intl(request);
}

export const config = {
  // Pages only: API routes, Next internals, static files and the metadata routes are left alone.
  matcher: ["/((?!api|_next|_vercel|geo|static|favicon\\.ico|robots\\.txt|sitemap\\.xml|.*\\.[a-zA-Z0-9]+$).*)"],
};
