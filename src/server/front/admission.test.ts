import { describe, expect, it } from "vitest";
import { Admission } from "./admission";

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
