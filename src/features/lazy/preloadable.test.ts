import { describe, expect, it, vi } from "vitest";
import { intentProps, preloadable } from "./preloadable";

describe("preloadable", () => {
  it("imports once however often it is loaded or preloaded", async () => {
    const loader = vi.fn(async () => ({ value: 1 }));
    const mod = preloadable(loader);
    mod.preload();
    mod.preload();
    const [a, b] = await Promise.all([mod.load(), mod.load()]);
    expect(a).toBe(b);
    expect(a.value).toBe(1);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it("does not start before it is asked", () => {
    const loader = vi.fn(async () => 1);
    preloadable(loader);
    expect(loader).not.toHaveBeenCalled();
  });

  it("asks again after a failed load, and a failed preload rejects nothing", async () => {
    let calls = 0;
    const loader = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new Error("offline");
      return "ok";
    });
    const mod = preloadable(loader);
    mod.preload();
    // Let the failed preload settle: no unhandled rejection, and the next load tries again.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(mod.load()).resolves.toBe("ok");
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it("a failed load rejects its caller", async () => {
    const mod = preloadable(async () => {
      throw new Error("offline");
    });
    await expect(mod.load()).rejects.toThrow("offline");
  });

  it("intentProps preloads on pointer, touch and focus", () => {
    const preload = vi.fn();
    const props = intentProps(preload);
    props.onPointerEnter();
    props.onTouchStart();
    props.onFocus();
    expect(preload).toHaveBeenCalledTimes(3);
  });
});
