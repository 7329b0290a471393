import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IDLE_TIMEOUT_MS, lazyModule, nextTask, NO_IDLE_DELAY_MS, useLazyModule, whenIdle } from "./lazyModule";

afterEach(() => {
  vi.useRealTimers();
});

describe("a lazy imported on demand", () => {
  it("is imported once, however many components ask, and tells its subscribers when it arrives", async () => {
    let imports = 0;
    const lazy = lazyModule(async () => ({ n: ++imports }));
    const heard: unknown[] = [];
    const unsubscribe = lazy.subscribe(() => heard.push(lazy.current()));
    expect(lazy.started()).toBe(false);
    expect(lazy.current()).toBeUndefined();
    const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
    expect(a).toBe(b);
    expect(await lazy.load()).toBe(a);
    expect(imports).toBe(1);
    expect(lazy.started()).toBe(true);
    expect(lazy.current()).toBe(a);
    expect(heard).toEqual([a]);
    unsubscribe();
  });

  it("forgets a failed import, so asking again imports again", async () => {
    let fail = true;
    let imports = 0;
    const lazy = lazyModule(async () => {
      imports++;
      if (fail) throw new Error("chunk failed");
      return "view";
    });
    await expect(lazy.load()).rejects.toThrow("chunk failed");
    expect(lazy.started()).toBe(false);
    expect(lazy.current()).toBeUndefined();
    fail = false;
    await expect(lazy.load()).resolves.toBe("view");
    expect(imports).toBe(2);
  });
});

describe("work started when the browser is idle", () => {
  it("asks requestIdleCallback, with a timeout so a busy phone still gets its charts, and can be cancelled", () => {
    const asked: { timeout?: number }[] = [];
    const cancelled: number[] = [];
    const scheduler = {
      requestIdleCallback: (_task: () => void, options?: { timeout: number }) => asked.push(options ?? {}),
      cancelIdleCallback: (handle: number) => void cancelled.push(handle),
    };
    const task = vi.fn();
    const cancel = whenIdle(task, undefined, scheduler);
    expect(asked).toEqual([{ timeout: IDLE_TIMEOUT_MS }]);
    expect(task).not.toHaveBeenCalled();
    cancel();
    expect(cancelled).toEqual([1]);
  });

  it("without requestIdleCallback, runs in a task of its own a moment later, not in the caller's", () => {
    vi.useFakeTimers();
    const task = vi.fn();
    whenIdle(task, undefined, {});
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(NO_IDLE_DELAY_MS);
    expect(task).toHaveBeenCalledTimes(1);
    const never = vi.fn();
    whenIdle(never, undefined, {})();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
    expect(never).not.toHaveBeenCalled();
  });
});

describe("a component's lazily imported module", () => {
  it("is missing in the server render even once it has arrived, so the hydrated placeholder never disagrees", async () => {
    const lazy = lazyModule(async () => ({ View: "the chart" }));
    await lazy.load();
    function Probe() {
      const { module: loaded } = useLazyModule(lazy);
      return createElement("p", null, loaded ? loaded.View : "placeholder");
    }
    expect(renderToString(createElement(Probe))).toBe("<p>placeholder</p>");
  });
});

describe("the next task", () => {
  afterEach(() => vi.useRealTimers());
  it("resolves in a task of its own, not in the current one's microtasks", async () => {
    vi.useFakeTimers();
    let done = false;
    void nextTask().then(() => (done = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.runAllTimersAsync();
    expect(done).toBe(true);
  });
});
