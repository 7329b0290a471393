/**
 * A render worker (scripts/lib/renderPool.ts): Next.js behind the front door, answering only the
 * page cache's internal renders, which carry the secret the parent sends over IPC. It listens on
 * loopback on a port of its own choosing and tells the parent which. Anything else asked of it is
 * refused (403): clients only ever reach the parent's door.
 */
import "./lib/outside-next"; // first: lets server modules load outside Next.js
import http from "node:http";
import type { AddressInfo } from "node:net";
import next from "next";
import { parseTagId } from "@/domain/consent/tag";
import { frontDoor, sendJson } from "@/server/front/door";
import { buildId, generationReader } from "@/server/front/generation";
import { RENDER_HEADER } from "@/server/front/headerNames";
import { PageCache } from "@/server/front/pageCache";
import { checkSettings } from "@/server/settings";
import { closeDb } from "@/server/db/client";
import { guarded } from "./lib/guarded";
import { collectWhenIdle } from "./lib/idleCollect";

const SHUTDOWN_GRACE_MS = 25_000;

async function main() {
  (process.env as Record<string, string>).NODE_ENV = "production";
  const secret = await new Promise<string>((resolve) =>
    process.once("message", (message: { secret?: string }) => resolve(String(message?.secret ?? ""))),
  );
  if (secret.length < 16) throw new Error("render worker: no secret from the parent");
  const current = checkSettings();
  const app = next({ dev: false, dir: process.cwd(), hostname: "127.0.0.1" });
  await app.prepare();
  const nextHandler = app.getRequestHandler();
  const door = frontDoor(nextHandler, {
    trustedHops: 0,
    nodeName: current.nodeName,
    origin: current.siteUrl ?? current.nextAuthUrl,
    tagManager: parseTagId(current.gtmId) !== null,
    pages: {
      // Never used: a worker only renders; the parent's door keeps the cache.
      cache: new PageCache(0, 0),
      generation: generationReader(buildId(current.projectRoot)),
      render: () => Promise.reject(new Error("a render worker does not render for itself")),
      secret,
    },
  });
  const server = http.createServer(
    guarded("render worker", (req, res) => {
      if (req.headers[RENDER_HEADER] !== secret) return sendJson(res, 403, "forbidden", "A render worker answers its front door only.");
      return door(req, res);
    }),
  );
  collectWhenIdle(server);
  // Longer than the parent's idle keep-alive, so it never reuses a socket this side just closed.
  server.keepAliveTimeout = 65_000;
  server.listen(0, "127.0.0.1", () => process.send?.({ port: (server.address() as AddressInfo).port }));
  const stop = () => {
    server.close(() => void closeDb().finally(() => process.exit(0)));
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // The parent gone (killed without a word): nothing will ask this worker anything again.
  process.on("disconnect", stop);
}

main().catch((error: unknown) => {
  console.error(`[render worker] ${(error as Error)?.message ?? error}`);
  process.exit(1);
});
