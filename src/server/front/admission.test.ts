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

  it("keeps a place for light requests: heavy ones together never take the whole lane", async () => {
    const admission = new Admission(4, 8, 0, 1);
    const first = (await admission.enter({ weight: 2 }))!;
    // A second heavy request would fill the lane: it waits, though four places exist.
    let secondIn = false;
    const second = admission.enter({ weight: 2 }).then((release) => ((secondIn = true), release));
    await Promise.resolve();
    expect(secondIn).toBe(false);
    expect(admission.heavyRunning).toBe(2);
    // Light requests still find places, the kept one included.
    const lights = [(await admission.enter({ weight: 1 }))!, (await admission.enter({ weight: 1 }))!];
    expect(admission.load).toEqual({ running: 4, waiting: 1 });
    first();
    const secondRelease = (await second)!;
    expect(admission.heavyRunning).toBe(2);
    secondRelease();
    for (const release of lights) release();
    // A weight beyond the places heavy requests may share is clamped to them.
    const huge = (await admission.enter({ weight: 99 }))!;
    expect(admission.load.running).toBe(3);
    expect((await admission.enter({ weight: 1 })) !== null).toBe(true);
    huge();
  });

  it("while places are kept for a heavy waiter, light requests still use what it cannot", async () => {
    const admission = new Admission(4, 64, 0, 1);
    const heavyRunning = (await admission.enter({ weight: 2 }))!;
    let heavyIn = false;
    const heavy = admission.enter({ weight: 2 }).then((release) => ((heavyIn = true), release));
    // Passed MAX_PASSED times by light requests that come and go.
    for (let i = 0; i < MAX_PASSED; i++) (await admission.enter({ weight: 1 }))!();
    // Now places are kept for it, but two light places stay open: it needs only the heavy one to end.
    const a = (await admission.enter({ weight: 1 }))!;
    const b = (await admission.enter({ weight: 1 }))!;
    expect(admission.load).toEqual({ running: 4, waiting: 1 });
    // A third light one would leave it no room once the heavy one ends: it waits behind it.
    let thirdIn = false;
    const third = admission.enter({ weight: 1 }).then((release) => ((thirdIn = true), release));
    await Promise.resolve();
    expect(thirdIn).toBe(false);
    heavyRunning();
    const heavyRelease = (await heavy)!;
    expect(heavyIn).toBe(true);
    // The heavy one in, the light places are back: one more light fits beside it and the two.
    expect(admission.load).toEqual({ running: 4, waiting: 1 });
    a();
    (await third)!();
    expect(thirdIn).toBe(true);
    b();
    heavyRelease();
    expect(admission.load).toEqual({ running: 0, waiting: 0 });
    expect(admission.heavyRunning).toBe(0);
  });
});
