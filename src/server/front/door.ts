/**
 * The front door: what every request passes before Next.js sees it (scripts/serve.ts puts it in
 * front of Next's request handler). It decides who is asking (the client address rate limits key
 * on, from the socket or the trusted proxies: a client cannot write it), refuses methods no route
 * answers (TRACE, CONNECT...) with a JSON 405 instead of Next's 500, and gives each response its
 * own script nonce (the Content-Security-Policy on the request, where Next.js reads it, and on the
 * response) and HSTS on https.
 */
import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { clientAddress } from "./clientAddress";
import { contentSecurityPolicy, isEmbedPath, newNonce, strictTransportSecurity } from "./securityHeaders";

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export interface DoorOptions {
  /** TRUST_PROXY_HOPS: how many proxies in front of this node append to X-Forwarded-For. */
  trustedHops: number;
  /** The public origin: HSTS when it is https. */
  origin: URL | null;
  /** A tag manager is configured. */
  tagManager: boolean;
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const ALLOWED = new Set(METHODS);
/** Headers a client could send to pass for someone else; only a trusted proxy may set them. */
const PROXY_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-real-ip", "forwarded"];

function refuseMethod(res: ServerResponse) {
  const body = JSON.stringify({ error: { code: "method_not_allowed", message: `This site answers ${METHODS.join(", ")} only.` } });
  res.writeHead(405, { "Content-Type": "application/json; charset=utf-8", Allow: METHODS.join(", "), "Content-Length": Buffer.byteLength(body), "Cache-Control": "no-store" });
  res.end(body);
}

export function frontDoor(handle: RequestHandler, options: DoorOptions): RequestHandler {
  const hsts = strictTransportSecurity(options.origin);
  return (req, res) => {
    if (!ALLOWED.has(req.method ?? "")) return refuseMethod(res);
    req.headers["x-forwarded-for"] = clientAddress(req.headers["x-forwarded-for"], req.socket.remoteAddress, options.trustedHops);
    if (options.trustedHops <= 0) for (const name of PROXY_HEADERS) delete req.headers[name];

    const pathname = (req.url ?? "/").split("?")[0]!;
    if (!pathname.startsWith("/_next/static/")) {
      const embed = isEmbedPath(pathname);
      const policy = contentSecurityPolicy({ nonce: newNonce(), embed, tagManager: options.tagManager });
      // Never the client's own policy (it would choose the nonce): always ours.
      req.headers["content-security-policy"] = policy;
      delete req.headers["content-security-policy-report-only"];
      res.setHeader("Content-Security-Policy", policy);
      if (!embed) res.setHeader("X-Frame-Options", "DENY");
    }
    if (hsts) res.setHeader("Strict-Transport-Security", hsts);
    return handle(req, res);
  };
}
