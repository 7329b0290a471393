/**
 * The production server (`npm start`, `npm run serve`): Next.js behind our front door
 * (src/server/front/door.ts), which decides the client address from the socket and the trusted
 * proxies (TRUST_PROXY_HOPS), refuses methods no route answers and gives every response its own
 * script nonce. `next start` alone would trust a client-written X-Forwarded-For.
 *
 *   tsx scripts/serve.ts [-p PORT] [-H HOSTNAME]
 */
import "./lib/outside-next"; // first: lets server modules load outside Next.js
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import next from "next";
import { parseTagId } from "@/domain/consent/tag";
import { frontDoor } from "@/server/front/door";
import { checkSettings } from "@/server/settings";

async function main() {
  const { values } = parseArgs({ options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } } });
  (process.env as Record<string, string>).NODE_ENV = "production";
  const current = checkSettings();
  const port = values.port ? Number(values.port) : current.port;
  const hostname = values.hostname || undefined;
  const app = next({ dev: false, dir: process.cwd(), port, hostname: hostname ?? "localhost" });
  await app.prepare();
  const door = frontDoor(app.getRequestHandler(), {
    trustedHops: current.trustProxyHops,
    origin: current.siteUrl ?? current.nextAuthUrl,
    tagManager: parseTagId(current.gtmId) !== null,
  });
  const server = createServer((req, res) => {
    Promise.resolve(door(req, res)).catch((error: unknown) => {
      console.error(`[serve] ${req.method} ${req.url?.slice(0, 200)}: ${(error as Error)?.stack ?? String(error)}`);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json; charset=utf-8" });
      res.end(JSON.stringify({ error: { code: "internal", message: "Something went wrong on our side." } }));
    });
  });
  server.listen(port, hostname, () => {
    console.log(`> Open Trade Observatory on http://${hostname ?? "localhost"}:${port} (client address: ${current.trustProxyHops ? `${current.trustProxyHops} trusted proxy hop(s)` : "the socket's peer"})`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error: unknown) => {
  console.error((error as Error)?.message ?? error);
  process.exit(1);
});
