import { randomBytes } from "node:crypto";
import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Combine, cutAtNonce, gzipWithNonce, noncedBytes, withNonce } from "./noncedPage";

const OLD = "b2xkLW5vbmNlLTAwMDAwMDAw";
const NEW = "bmV3LW5vbmNlLTExMTExMTEx";

describe("a nonce per response from a stored page", () => {
  it("writes a fresh nonce into every place of the page, in plain and in gzip", async () => {
    // Repetitive text on both sides of the nonce: back-references would cross it if the runs were not independent.
    const filler = "<div class=\"row\">same text again</div>".repeat(400);
    const page = Buffer.from(`<html><head><script nonce="${OLD}">a()</script></head><body>${filler}<script nonce="${OLD}">b()</script>${filler}${"x".repeat(70_000)}</body></html>`);
    const cut = (await cutAtNonce(page, OLD))!;
    expect(cut.deflated).toHaveLength(3);
    const expected = page.toString().replaceAll(OLD, NEW);
    expect(withNonce(cut, NEW).toString()).toBe(expected);
    const gz = gzipWithNonce(cut, NEW);
    expect(gunzipSync(gz).toString()).toBe(expected);
    expect(gunzipSync(gzipWithNonce(cut, OLD)).equals(page)).toBe(true);
    // Still compressed: the stored nonce blocks add bytes, the page's text stays deflated.
    expect(gz.length).toBeLessThan(page.length / 10);
    // Only the deflated runs are kept, not the page's text, and in memory they take what they weigh
    // (one buffer of their size, not each a view into a zlib output chunk).
    expect(noncedBytes(cut)).toBeLessThan(page.length / 10);
    const held = new Set(cut.deflated.map((run) => run.buffer));
    expect(held.size).toBe(1);
    expect([...held][0]!.byteLength).toBeLessThanOrEqual(cut.deflated.reduce((n, run) => n + run.length, 0) + 8192);
  });

  it("combines CRC-32s as zlib does: the CRC of A then B from each one's CRC and B's length", () => {
    for (const [a, b] of [[0, 0], [0, 5], [7, 0], [1, 1], [100, 65_537], [3_000, 250_000], [1 << 20, 17]]) {
      const left = randomBytes(a!);
      const right = randomBytes(b!);
      expect(crc32Combine(crc32(left), crc32(right), right.length), `${a}+${b}`).toBe(crc32(Buffer.concat([left, right])));
    }
  });

  it("answers a page with many nonces and empty pieces between them", async () => {
    const page = Buffer.from(`${OLD}${OLD}<p>é 中文</p>${OLD}${"z".repeat(100_000)}${OLD}`);
    const cut = (await cutAtNonce(page, OLD))!;
    expect(cut.deflated).toHaveLength(5);
    const expected = page.toString().replaceAll(OLD, NEW);
    expect(withNonce(cut, NEW).toString()).toBe(expected);
    expect(gunzipSync(gzipWithNonce(cut, NEW)).toString()).toBe(expected);
  });

  it("leaves a page without the nonce alone and refuses a nonce of another length", async () => {
    expect(await cutAtNonce(Buffer.from("<html>no scripts</html>"), OLD)).toBeNull();
    const cut = (await cutAtNonce(Buffer.from(`a${OLD}b`), OLD))!;
    expect(() => gzipWithNonce(cut, "short")).toThrow();
  });
});
