/**
 * A server's request handler that never leaves a request hanging: a failure is logged (with the
 * method, the URL's start and the stack) and answered 500 with the site's JSON error body, or the
 * answer cut short when it had already begun. The server (serve.ts) and each render worker use it.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendJson } from "@/server/front/door";

export function guarded(label: string, handler: (req: IncomingMessage, res: ServerResponse) => unknown): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch((error: unknown) => {
        console.error(`[${label}] ${req.method} ${req.url?.slice(0, 200)}: ${(error as Error)?.stack ?? String(error)}`);
        if (res.headersSent) return void res.end();
        sendJson(res, 500, "internal", "Something went wrong on our side.");
      });
  };
}
