import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { cutAtNonce, gzipWithNonce, withNonce } from "./noncedPage";

const OLD = "b2xkLW5vbmNlLTAwMDAwMDAw";
const NEW = "bmV3LW5vbmNlLTExMTExMTEx";

describe("a nonce per response from a stored page", () => {
  it("writes a fresh nonce into every place of the page, in plain and in gzip", async () => {
    // Repetitive text on both sides of the nonce: back-references would cross it if the runs were not independent.
    const filler = "<div class=\"row\">same text again</div>".repeat(400);
    const page = Buffer.from(`<html><head><script nonce="${OLD}">a()</script></head><body>${filler}<script nonce="${OLD}">b()</script>${filler}${"x".repeat(70_000)}</body></html>`);
    const cut = (await cutAtNonce(page, OLD))!;
    expect(cut.pieces).toHaveLength(3);
    const expected = page.toString().replaceAll(OLD, NEW);
    expect(withNonce(cut, NEW).toString()).toBe(expected);
    const gz = gzipWithNonce(cut, NEW);
    expect(gunzipSync(gz).toString()).toBe(expected);
    expect(gunzipSync(gzipWithNonce(cut, OLD)).equals(page)).toBe(true);
    // Still compressed: the stored nonce blocks add bytes, the page's text stays deflated.
    expect(gz.length).toBeLessThan(page.length / 10);
  });

  it("leaves a page without the nonce alone and refuses a nonce of another length", async () => {
    expect(await cutAtNonce(Buffer.from("<html>no scripts</html>"), OLD)).toBeNull();
    const cut = (await cutAtNonce(Buffer.from(`a${OLD}b`), OLD))!;
    expect(() => gzipWithNonce(cut, "short")).toThrow();
  });
});
