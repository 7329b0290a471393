import { describe, expect, it, vi } from "vitest";
import { Admission, ClientCap, MAX_PASSED } from "./admission";

describe("Admission", () => {
  it("admits up to the limit, queues up to the queue, refuses the rest at once", async () => {
    const admission = new Admission(2, 1);
    const a = await admission.enter();
    const b = await admission.enter();
    expect(a && b).toBeTruthy();
    let queuedIn = false;
    const queued = admission.enter().then((release) => ((queuedIn = true), release));
    expect(await admission.enter()).toBeNull();
    expect(admission.refused).toBe(1);
    expect(admission.load).toEqual({ running: 2, waiting: 1 });
    a!();
    const c = await queued;
    expect(queuedIn).toBe(true);
    expect(admission.load).toEqual({ running: 2, waiting: 0 });
    // Releasing twice frees one place only.
    b!();
    b!();
    c!();
    expect(admission.load).toEqual({ running: 0, waiting: 0 });
  });
});

describe("Admission deadlines and departures", () => {
  it("refuses a queued request whose wait reaches the deadline", async () => {
    vi.useFakeTimers();
    try {
      const admission = new Admission(1, 4, 5_000);
      const held = (await admission.enter())!;
      const waiting = admission.enter();
      vi.advanceTimersByTime(4_999);
      expect(admission.load.waiting).toBe(1);
      vi.advanceTimersByTime(1);
      expect(await waiting).toBeNull();
      expect(admission.expired).toBe(1);
      expect(admission.load).toEqual({ running: 1, waiting: 0 });
      held();
      expect(admission.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("lets a client that left leave the queue without taking a place", async () => {
    const admission = new Admission(1, 4);
    const held = (await admission.enter())!;
    const gone = new AbortController();
    const waiting = admission.enter({ signal: gone.signal });
    const next = admission.enter();
    gone.abort();
    expect(await waiting).toBeNull();
    expect(admission.load.waiting).toBe(1);
    held();
    const release = await next;
    expect(release).toBeTruthy();
    release!();
    expect(admission.load).toEqual({ running: 0, waiting: 0 });
    expect(await admission.enter({ signal: AbortSignal.abort() })).toBeNull();
  });
});

describe("ClientCap", () => {
  it("caps one client's requests under way and frees the place on release", () => {
    const cap = new ClientCap(2);
    const a = cap.take("10.0.0.1")!;
    const b = cap.take("10.0.0.1")!;
    expect(cap.take("10.0.0.1")).toBeNull();
    expect(cap.take("10.0.0.2")).toBeTruthy();
    a();
    a();
    expect(cap.take("10.0.0.1")).toBeTruthy();
    b();
    expect(cap.clients).toBe(2);
  });
});

describe("Admission by cost", () => {
  it("takes as many places as a request weighs, and never more than the lane holds", async () => {
    const admission = new Admission(4, 8);
    const heavy = (await admission.enter({ weight: 3 }))!;
    expect(admission.load).toEqual({ running: 3, waiting: 0 });
    const light = (await admission.enter({ weight: 1 }))!;
    expect(admission.load.running).toBe(4);
    let second = false;
    const waiting = admission.enter({ weight: 3 }).then((release) => ((second = true), release));
    await Promise.resolve();
    expect(second).toBe(false);
    light();
    await Promise.resolve();
    expect(second).toBe(false); // 1 place free, it needs 3
    heavy();
    const release = (await waiting)!;
    expect(second).toBe(true);
    expect(admission.load).toEqual({ running: 3, waiting: 0 });
    release();
    // A weight beyond the lane is clamped to it: it runs alone rather than never.
    const huge = (await admission.enter({ weight: 99 }))!;
    expect(admission.load.running).toBe(4);
    huge();
    expect(admission.load).toEqual({ running: 0, waiting: 0 });
  });

  it("lets a light request past a heavy one that does not fit, until the heavy one was passed too often", async () => {
    const admission = new Admission(2, 64);
    const holder = (await admission.enter({ weight: 1 }))!;
    let heavyIn = false;
    const heavy = admission.enter({ weight: 2 }).then((release) => ((heavyIn = true), release));
    // Light requests fit in the free place and pass the heavy one, MAX_PASSED times.
    for (let i = 0; i < MAX_PASSED; i++) {
      const light = await admission.enter({ weight: 1 });
      expect(light, `light ${i}`).toBeTruthy();
      light!();
    }
    expect(heavyIn).toBe(false);
    // From now on the free place is kept for the heavy request: the next light one waits behind it.
    let lightIn = false;
    const light = admission.enter({ weight: 1 }).then((release) => ((lightIn = true), release));
    await Promise.resolve();
    expect(lightIn).toBe(false);
    holder();
    const heavyRelease = (await heavy)!;
    expect(heavyIn).toBe(true);
    expect(lightIn).toBe(false);
    heavyRelease();
    (await light)!();
    expect(lightIn).toBe(true);
    expect(admission.load).toEqual({ running: 0, waiting: 0 });
  });

  it("lets smaller waiters in when a heavy waiter ahead of them leaves", async () => {
    const admission = new Admission(2, 8);
    const holder = (await admission.enter({ weight: 1 }))!;
    const gone = new AbortController();
    const heavy = admission.enter({ weight: 2, signal: gone.signal });
    // Passed at once (it fits), so nothing waits behind the heavy one.
    const light = (await admission.enter({ weight: 1 }))!;
    expect(admission.load).toEqual({ running: 2, waiting: 1 });
    gone.abort();
    expect(await heavy).toBeNull();
    expect(admission.load).toEqual({ running: 2, waiting: 0 });
    holder();
    light();
    expect(admission.load).toEqual({ running: 0, waiting: 0 });
  });
});
