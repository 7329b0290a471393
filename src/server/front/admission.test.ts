import { describe, expect, it, vi } from "vitest";
import { Admission, ClientCap } from "./admission";

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
