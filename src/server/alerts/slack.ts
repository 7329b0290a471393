import "server-only";
import { z } from "zod";
import { jsonError, readBodyLimited } from "@/server/http/jsonError";
import { clientKey, RateLimiter } from "@/server/http/rateLimit";
import { settings } from "@/server/settings";

export const MAX_ALERT_BYTES = 16 * 1024;

const textBlock = z.union([z.string().min(1).max(4000), z.object({ text: z.string().min(1).max(4000) }).strict()]);
export const alertSchema = z.object({ message: z.array(textBlock).min(1).max(20) }).strict();

const limiter = new RateLimiter(5, 60_000);

type Forward = (url: string, blocks: string[]) => Promise<void>;

async function postToSlack(url: string, blocks: string[]) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      text: blocks[0],
      blocks: blocks.map((text) => ({ type: "section", text: { type: "mrkdwn", text } })),
    }),
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`Slack answered ${response.status}`);
}

/**
 * POST /api/alerts/slack: validates a client error report and forwards it to the Slack webhook
 * configured in SLACK_WEBHOOK_URL, or logs it. The target URL never comes from the request.
 */
export async function handleAlert(request: Request, forward: Forward = postToSlack): Promise<Response> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) {
    return jsonError(415, "unsupported_media_type", "Send the report as application/json.");
  }
  const verdict = limiter.hit(clientKey(request.headers));
  if (!verdict.allowed) {
    return jsonError(429, "rate_limited", "Too many reports; try again later.", { "Retry-After": String(verdict.retryAfterSeconds) });
  }
  const body = await readBodyLimited(request, MAX_ALERT_BYTES);
  if (!body.ok) return jsonError(413, "payload_too_large", `A report may be at most ${MAX_ALERT_BYTES} bytes.`);
  let json: unknown;
  try {
    json = JSON.parse(body.text);
  } catch {
    return jsonError(400, "invalid_json", "The body is not valid JSON.");
  }
  const parsed = alertSchema.safeParse(json);
  if (!parsed.success) {
    return jsonError(400, "invalid_body", "Expected {message: [text blocks]} with 1 to 20 blocks of at most 4000 characters.");
  }
  const blocks = parsed.data.message.map((block) => (typeof block === "string" ? block : block.text));
  const webhook = settings().slackWebhookUrl;
  if (!webhook) {
    console.warn(`[client-error] ${blocks.join(" | ").replace(/\s+/g, " ").slice(0, 4000)}`);
    return Response.json({ ok: true, forwarded: false }, { status: 202 });
  }
  try {
    await forward(webhook, blocks);
    return Response.json({ ok: true, forwarded: true }, { status: 202 });
  } catch (error) {
    console.error(`[client-error] forwarding failed: ${(error as Error).message}`);
    return jsonError(502, "forward_failed", "The report was received but could not be forwarded.");
  }
}

export function resetAlertLimiterForTests() {
  (limiter as unknown as { windows: Map<string, unknown> }).windows.clear();
}
