import { describe, expect, it } from "vitest";
import { requestSignal, withRequestSignal } from "./cancel";
import { SharedFlights } from "./flight";

/** A run that ends when told to, and records whether it was told to stop. */
function controlledRun() {
  const state: { starts: number; stop: AbortSignal | null; finish: (value: string) => void; fail: (error: Error) => void; insideSignal: AbortSignal | undefined | null } = {
    starts: 0,
    stop: null,
    finish: () => {},
    fail: () => {},
    insideSignal: null,
  };
  const start = (stop: AbortSignal) => {
    state.starts++;
    state.stop = stop;
    state.insideSignal = requestSignal();
    return new Promise<string>((resolve, reject) => {
      state.finish = resolve;
      state.fail = reject;
      stop.addEventListener("abort", () => reject(new Error("interrupted")));
    });
  };
  return { state, start };
}

describe("shared flights with leavers", () => {
  it("shares one run; a caller that leaves is rejected at once while the others keep waiting", async () => {
    const flights = new SharedFlights<string>();
    const { state, start } = controlledRun();
    const a = new AbortController();
    const b = new AbortController();
    const first = flights.join("k", start, a.signal);
    const second = flights.join("k", start, b.signal);
    expect(state.starts).toBe(1);
    a.abort();
    await expect(first).rejects.toMatchObject({ code: "query_cancelled" });
    expect(state.stop?.aborted).toBe(false);
    state.finish("answer");
    await expect(second).resolves.toBe("answer");
    await Promise.resolve();
    expect(flights.size).toBe(0);
  });

  it("stops the run when the last caller leaves, and frees the key for a fresh run at once", async () => {
    const flights = new SharedFlights<string>();
    const { state, start } = controlledRun();
    const a = new AbortController();
    const b = new AbortController();
    const both = [flights.join("k", start, a.signal), flights.join("k", start, b.signal)];
    a.abort();
    b.abort();
    for (const left of both) await expect(left).rejects.toMatchObject({ code: "query_cancelled" });
    expect(state.stop?.aborted).toBe(true);
    expect(flights.running("k")).toBe(false);
    const fresh = flights.join("k", start);
    expect(state.starts).toBe(2);
    state.finish("again");
    await expect(fresh).resolves.toBe("again");
  });

  it("never stops a run a caller without a signal waits for, nor starts one for a caller already gone", async () => {
    const flights = new SharedFlights<string>();
    const { state, start } = controlledRun();
    const a = new AbortController();
    const background = flights.join("k", start);
    const leaver = flights.join("k", start, a.signal);
    a.abort();
    await expect(leaver).rejects.toMatchObject({ code: "query_cancelled" });
    expect(state.stop?.aborted).toBe(false);
    state.finish("kept");
    await expect(background).resolves.toBe("kept");
    await expect(flights.join("other", start, AbortSignal.abort())).rejects.toMatchObject({ code: "query_cancelled" });
    expect(state.starts).toBe(1);
  });

  it("runs outside the request of the caller that started it, and passes a failure to every caller", async () => {
    const flights = new SharedFlights<string>();
    const { state, start } = controlledRun();
    const request = new AbortController();
    const joined = withRequestSignal(request.signal, () => flights.join("k", start, request.signal));
    expect(state.insideSignal).toBeUndefined();
    const other = flights.join("k", start);
    state.fail(new Error("broken"));
    await expect(joined).rejects.toThrow("broken");
    await expect(other).rejects.toThrow("broken");
  });
});
