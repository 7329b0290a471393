/**
 * Single flight with leavers: callers asking for the same key at the same moment share one run.
 * Each caller may bring the signal of its client; when that client leaves, that caller alone gets
 * a `query_cancelled` rejection at once, and the others keep waiting. When the last caller has
 * left, the run is told to stop (its own signal aborts: the warehouse interrupts the query) and
 * the key is free at once, so a caller arriving afterwards starts a fresh run instead of joining
 * one that is stopping. A caller without a signal (a warm-up, a background refresh) never leaves.
 * Nothing here stores a result: a stopped run is never cached (execute.ts caches successes only).
 */
import "server-only";
import { cancelledError, withoutRequestSignal } from "./cancel";

interface Flight<T> {
  promise: Promise<T>;
  controller: AbortController;
  /** Callers still waiting for it (those without a signal count until it settles). */
  waiting: number;
}

export class SharedFlights<T> {
  constructor(private readonly flights: Map<string, Flight<T>> = new Map()) {}

  /** Whether a run of `key` is under way (a caller now would join it). */
  running(key: string): boolean {
    return this.flights.has(key);
  }

  get size(): number {
    return this.flights.size;
  }

  /** The answer of the run of `key` under way, or of one started now with `start(stop)`; `signal`: this caller's client left. */
  join(key: string, start: (stop: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(cancelledError());
    const flight = this.flights.get(key) ?? this.start(key, start);
    flight.waiting++;
    if (!signal) return flight.promise;
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        reject(cancelledError());
        if (--flight.waiting > 0) return;
        if (this.flights.get(key) === flight) this.flights.delete(key);
        flight.controller.abort();
      };
      signal.addEventListener("abort", leave, { once: true });
      flight.promise.then(
        (value) => {
          signal.removeEventListener("abort", leave);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener("abort", leave);
          reject(error);
        },
      );
    });
  }

  private start(key: string, start: (stop: AbortSignal) => Promise<T>): Flight<T> {
    const controller = new AbortController();
    // Outside the first caller's request: the run belongs to every caller, not to the one that began it.
    const promise = withoutRequestSignal(() => start(controller.signal)).finally(() => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    });
    // Each caller handles the outcome; a run everyone left rejects with nobody listening.
    promise.catch(() => {});
    const flight: Flight<T> = { promise, controller, waiting: 0 };
    this.flights.set(key, flight);
    return flight;
  }
}
