/**
 * Counts a profile view for the trending page (POST /api/views). Call it only while tracking is
 * allowed (useConsent().tracking): it is a tracking event. Fire and forget, sent with keepalive
 * so a navigation right after does not cut it short; a failure costs one uncounted view.
 */
export function sendView(path: string, send: typeof fetch = fetch): void {
  try {
    void send("/api/views", {
      method: "POST",
      keepalive: true,
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path }),
    }).catch(() => undefined);
  } catch {
    // No fetch (an old browser, a test without one): nothing to count with.
  }
}
