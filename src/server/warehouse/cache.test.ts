import { describe, expect, it } from "vitest";
import { LruCache } from "./cache";

describe("LruCache", () => {
  it("forgets one entry and its bytes on delete, and says whether it was there", () => {
    const cache = new LruCache<string>(10, 100);
    cache.set("a", "A", 20);
    cache.set("b", "B", 25);
    expect(cache.delete("a")).toBe(true);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(1);
    expect(cache.totalBytes).toBe(25);
    expect(cache.delete("a")).toBe(false);
    expect(cache.totalBytes).toBe(25);
  });

  it("bounds by bytes alone when the entry count is unbounded", () => {
    const cache = new LruCache<number>(Number.POSITIVE_INFINITY, 100);
    for (let i = 0; i < 50; i++) cache.set(`k${i}`, i, 20);
    expect(cache.totalBytes).toBe(100);
    expect(cache.size).toBe(5);
    expect(cache.get("k49")).toBe(49);
    expect(cache.get("k44")).toBeUndefined();
  });
});
