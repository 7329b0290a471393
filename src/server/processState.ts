/**
 * One way to hold process-wide state: values kept for the life of the process, or for as long as
 * a key holds (the warehouse generation, a file's version). They live on globalThis, under one
 * symbol, because Next.js gives the start-up hook, pages and route handlers each their own copy of
 * a module: a module-level `let` cache would be filled, and invalidated, once per bundle (the trap
 * fixed in b7701b2). Every bundle finds the same registry here.
 *
 * Names are unique across the server: use the module's path and what it holds
 * ("games/data:gameData"). Many keyed values with a bound (query results) go in the one LRU,
 * warehouse/cache.ts's LruCache, itself held here (warehouse/execute:resultCache).
 */
import "server-only";
import fs from "node:fs";

const REGISTRY = Symbol.for("oto.processState");

interface Slot {
  key: string | number;
  value: unknown;
}

function registry(): Map<string, Slot> {
  const holder = globalThis as unknown as { [REGISTRY]?: Map<string, Slot> };
  return (holder[REGISTRY] ??= new Map());
}

/**
 * The value held under `name` for `key`: made on first use, and made again (replacing the old one)
 * when the key changes. A promise that rejects is not kept: the next call tries again.
 */
export function keyedValue<T>(name: string, key: string | number, make: () => T): T {
  const slots = registry();
  const held = slots.get(name);
  if (held && held.key === key) return held.value as T;
  const slot: Slot = { key, value: make() };
  slots.set(name, slot);
  if (slot.value instanceof Promise) {
    slot.value.catch(() => {
      if (registry().get(name) === slot) registry().delete(name);
    });
  }
  return slot.value as T;
}

/** The value held under `name` for the life of the process (a rate limiter, a connection pool). */
export function processValue<T>(name: string, make: () => T): T {
  return keyedValue(name, "process", make);
}

/** A file's version as a key: its modification time and size, or "missing". */
export function fileKey(file: string): string {
  try {
    const stat = fs.statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return "missing";
  }
}

/**
 * Forgets the value held under `name` (its next use makes it again); with `only`, only while that
 * value is still the one held (a failed load forgets itself, not the newer value that replaced it).
 */
export function forgetValue(name: string, only?: unknown): void {
  const slots = registry();
  if (only === undefined || slots.get(name)?.value === only) slots.delete(name);
}

/** The value held under `name`, if any, without making one. */
export function heldValue<T>(name: string): T | undefined {
  return registry().get(name)?.value as T | undefined;
}
