/**
 * Code that loads with the chart, not with the page (issues 36 and 37): a module imported once
 * per page when first asked for, and work started when the browser is idle after hydration rather
 * than in the task that asked (an IntersectionObserver callback, a hydrating effect), so a phone's
 * first seconds are not one long task.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";

/** A module imported on demand, once per page. */
export interface LazyModule<T> {
  /** Imports it (once: later calls share the import); a failed import is forgotten, so asking again tries again. */
  load(): Promise<T>;
  /** The module, once imported. */
  current(): T | undefined;
  /** Whether an import was asked for (and has not failed). */
  started(): boolean;
  /** Called when the module arrives. */
  subscribe(listener: () => void): () => void;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let pending: Promise<T> | null = null;
  let value: T | undefined;
  const listeners = new Set<() => void>();
  return {
    load() {
      if (!pending) {
        const asked = importer().then((imported) => {
          value = imported;
          for (const listener of [...listeners]) listener();
          return imported;
        });
        asked.catch(() => {
          if (pending === asked) pending = null;
        });
        pending = asked;
      }
      return pending;
    },
    current: () => value,
    started: () => pending !== null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The longest an idle task waits for the browser to be idle (a busy phone still gets its charts). */
export const IDLE_TIMEOUT_MS = 2000;
/** Where the browser cannot say when it is idle (Safari): a short wait, in a task of its own. */
export const NO_IDLE_DELAY_MS = 50;

interface IdleScheduler {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
}

/** Runs `task` when the browser is idle (at most `timeout` ms from now), in a task of its own. Returns a cancel function. */
export function whenIdle(task: () => void, timeout = IDLE_TIMEOUT_MS, scheduler: IdleScheduler = globalThis): () => void {
  if (typeof scheduler.requestIdleCallback === "function") {
    const handle = scheduler.requestIdleCallback(task, { timeout });
    return () => scheduler.cancelIdleCallback?.(handle);
  }
  const handle = setTimeout(task, Math.min(timeout, NO_IDLE_DELAY_MS));
  return () => clearTimeout(handle);
}

/** Resolves in a later task, so the browser can paint and handle input in between (a long job cut in two). */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** A promise of the next idle moment (see whenIdle). */
export const idle = (timeout = IDLE_TIMEOUT_MS): Promise<void> => new Promise((resolve) => void whenIdle(resolve, timeout));

const notYet = () => undefined;

/**
 * A lazily imported module for a component: asked for when the browser is idle once `wanted`, or
 * at once with `load` (a click, a retry after a failure), and undefined until it has arrived. The
 * server render and hydration always see it missing (their placeholder), so the HTML never
 * disagrees; a component mounted after it arrived renders it at once.
 */
export function useLazyModule<T>(lazy: LazyModule<T>, wanted = true): { module: T | undefined; failed: boolean; load: () => void } {
  const loaded = useSyncExternalStore(lazy.subscribe, lazy.current, notYet);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || loaded !== undefined) return;
    let live = true;
    const cancel = whenIdle(() => lazy.load().catch(() => live && setFailed(true)));
    return () => {
      live = false;
      cancel();
    };
  }, [lazy, wanted, loaded]);
  const load = useCallback(() => {
    setFailed(false);
    lazy.load().catch(() => setFailed(true));
  }, [lazy]);
  return { module: loaded, failed, load };
}
