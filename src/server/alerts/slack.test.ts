import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { handleAlert, resetAlertLimiterForTests } from "./slack";

function post(body: string, headers: Record<string, string> = {}) {
  return new Request("http://localhost/api/alerts/slack", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "9.9.9.9", ...headers },
    body,
  });
}

describe("POST /api/alerts/slack", () => {
  beforeEach(() => {
    resetAlertLimiterForTests();
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    delete process.env.SLACK_WEBHOOK_URL;
    vi.restoreAllMocks();
  });

  it("logs a valid report when no webhook is configured", async () => {
    const res = await handleAlert(post(JSON.stringify({ message: ["page", { text: "error" }] })));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ ok: true, forwarded: false });
  });

  it("forwards to the configured webhook only, whatever the body says", async () => {
    process.env.SLACK_WEBHOOK_URL = "https://hooks.example.invalid/T000";
    const forward = vi.fn(async () => {});
    const res = await handleAlert(post(JSON.stringify({ message: ["hi"] })), forward);
    expect(res.status).toBe(202);
    expect(forward).toHaveBeenCalledWith("https://hooks.example.invalid/T000", ["hi"]);
    const hostile = await handleAlert(post(JSON.stringify({ message: ["x"], url: "http://169.254.169.254/" })), forward);
    expect(hostile.status).toBe(400);
    expect(forward).toHaveBeenCalledTimes(1);
  });

  it("refuses malformed, empty, oversized and non-JSON bodies with JSON errors", async () => {
    for (const [body, status] of [
      ["{", 400],
      ["", 400],
      [JSON.stringify({ message: [] }), 400],
      [JSON.stringify({ message: "text" }), 400],
      [JSON.stringify({ message: ["x".repeat(17_000)] }), 413],
    ] as const) {
      resetAlertLimiterForTests();
      const res = await handleAlert(post(body));
      expect(res.status, body.slice(0, 20)).toBe(status);
      expect((await res.json()).error.code).toBeTypeOf("string");
    }
    const text = await handleAlert(post("hi", { "content-type": "text/plain" }));
    expect(text.status).toBe(415);
  });

  it("rate-limits per client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await handleAlert(post(JSON.stringify({ message: ["x"] })))).status);
    expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(statuses[6]).toBe(429);
    const other = await handleAlert(post(JSON.stringify({ message: ["x"] }), { "x-forwarded-for": "8.8.8.8" }));
    expect(other.status).toBe(202);
  });
});
