/**
 * The SVG loader's rules (spec section 5: "SVG loader accepts only svg or plain-text content type
 * and treats status above 299 as not found"; section 8: "SVG load failure renders children or
 * nothing"). Pure, so the rules are tested without a browser; features/shell/SvgLoader.tsx applies
 * them to a fetch.
 */
export type SvgOutcome = { ok: true } | { ok: false; reason: "not_found" | "content_type" | "not_svg" | "network" };

/** Content types the loader accepts: image/svg+xml and text/plain (with or without parameters). */
export function acceptsSvgContentType(contentType: string | null | undefined): boolean {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  return type === "image/svg+xml" || type === "text/plain";
}

/** A body that is an SVG document (an XML prolog, comments or a doctype may come first). */
export function looksLikeSvg(body: string): boolean {
  const head = body
    .replace(/^\uFEFF/, "")
    .replace(/^\s*<\?xml[^>]*\?>/i, "")
    .replace(/^(\s*<!--[\s\S]*?-->)*/, "")
    .replace(/^\s*<!DOCTYPE[^>]*>/i, "")
    .replace(/^(\s*<!--[\s\S]*?-->)*/, "")
    .trimStart();
  return /^<svg[\s>]/i.test(head);
}

/** What the loader makes of an answer: a status above 299 is not found, then the content type, then the body. */
export function svgOutcome(status: number, contentType: string | null | undefined, body?: string): SvgOutcome {
  if (status > 299) return { ok: false, reason: "not_found" };
  if (!acceptsSvgContentType(contentType)) return { ok: false, reason: "content_type" };
  if (body !== undefined && !looksLikeSvg(body)) return { ok: false, reason: "not_svg" };
  return { ok: true };
}

type FetchLike = (input: string, init?: { signal?: AbortSignal }) => Promise<Pick<Response, "status" | "headers" | "text">>;

/** Fetches `src` and applies the rules; a network failure is a failure too (never a throw). */
export async function loadSvg(src: string, fetchImpl: FetchLike, signal?: AbortSignal): Promise<SvgOutcome> {
  try {
    const response = await fetchImpl(src, { signal });
    if (response.status > 299) return { ok: false, reason: "not_found" };
    if (!acceptsSvgContentType(response.headers.get("content-type"))) return { ok: false, reason: "content_type" };
    return svgOutcome(response.status, response.headers.get("content-type"), await response.text());
  } catch {
    return { ok: false, reason: "network" };
  }
}
