/** The API error shape of DESIGN.md: { error: { code, message } } with a 4xx/5xx status. */
import "server-only";
export function jsonError(status: number, code: string, message: string, headers?: HeadersInit): Response {
  return jsonErrorWith(status, { code, message }, headers);
}

/** The same shape with more fields beside code and message: the parameter at fault, a form's issues. */
export function jsonErrorWith(status: number, error: { code: string; message: string } & Record<string, unknown>, headers?: HeadersInit): Response {
  return Response.json({ error }, { status, headers });
}

/** 429 with Retry-After, in the error shape: a rate limit said no. */
export function tooManyRequests(retryAfterSeconds: number, message = "Too many attempts. Try again later."): Response {
  return jsonError(429, "rate_limited", message, { "Retry-After": String(retryAfterSeconds) });
}

/** Reads a request body as text, refusing more than maxBytes without buffering the rest. */
export async function readBodyLimited(request: Request, maxBytes: number): Promise<{ ok: true; text: string } | { ok: false }> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return { ok: false };
  if (!request.body) return { ok: true, text: "" };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return { ok: false };
    }
    chunks.push(value);
  }
  return { ok: true, text: new TextDecoder().decode(Buffer.concat(chunks)) };
}
