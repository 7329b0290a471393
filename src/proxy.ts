import createMiddleware from "next-intl/middleware";
import { NextResponse, type NextRequest } from "next/server";
import { looksLikeUnknownLocale, negotiateLocale } from "@/domain/i18n/locales";
import { routing } from "@/i18n/routing";

const intl = createMiddleware(routing);

/** Whether a path's percent-escapes decode to valid UTF-8 ("%ED%A0%80", a lone surrogate, does not). */
function wellFormed(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export default function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname.startsWith("/api/")) {
    // API routes: only the malformed-path check (Next would answer a bare 500 while decoding it).
    if (wellFormed(pathname)) return NextResponse.next();
    return NextResponse.json({ error: { code: "invalid_path", message: "The path is not valid UTF-8 once decoded." } }, { status: 400 });
  }
  if (!wellFormed(pathname)) {
    // A page path that cannot be decoded: our 404 page, in the visitor's language.
    const locale = negotiateLocale(request.headers.get("accept-language"));
    // Redirected (not rewritten: Next decodes the original path's params again after a rewrite).
    return NextResponse.redirect(new URL(`/${locale}/__malformed-path`, request.nextUrl.origin), 307);
  }
  const firstSegment = pathname.split("/")[1] ?? "";
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
  // Pages, plus API routes for the malformed-path check; Next internals, static files and the
  // metadata routes are left alone.
  matcher: ["/api/:path*", "/((?!api|_next|_vercel|geo|static|favicon\\.ico|robots\\.txt|sitemap\\.xml|.*\\.[a-zA-Z0-9]+$).*)"],
};
