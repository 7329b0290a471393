import { describe, expect, it, vi } from "vitest";
import { sendView } from "./sendView";

describe("sendView", () => {
  it("posts the path alone, same-origin, with keepalive", () => {
    const send = vi.fn(async () => new Response(null, { status: 204 }));
    sendView("/profile/country/chl", send as unknown as typeof fetch);
    expect(send).toHaveBeenCalledTimes(1);
    const [url, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/views");
    expect(init).toMatchObject({ method: "POST", keepalive: true, credentials: "same-origin" });
    expect(JSON.parse(String(init.body))).toEqual({ path: "/profile/country/chl" });
  });

  it("never throws, whether the request fails or cannot be made", async () => {
    const rejecting = vi.fn(() => Promise.reject(new Error("offline")));
    expect(() => sendView("/profile/country/chl", rejecting as unknown as typeof fetch)).not.toThrow();
    const throwing = vi.fn(() => {
      throw new TypeError("no fetch");
    });
    expect(() => sendView("/profile/country/chl", throwing as unknown as typeof fetch)).not.toThrow();
    await Promise.resolve();
  });
});
