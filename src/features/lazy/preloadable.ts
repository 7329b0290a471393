import { lazyModule } from "./lazyModule";

/**
 * A module loaded late (a dialog's body, a drawer's contents), with a `preload` the shell calls on
 * the first sign of intent (pointer enter, focus, touch) so the first open feels instant. One
 * import per module however often it is asked for; a failed load (a dropped connection) is asked
 * again next time instead of failing for good.
 */
export interface Preloadable<T> {
  /** The module; the same promise for every caller once it is on its way. */
  load: () => Promise<T>;
  /** Starts the load, ignoring the result and any failure (the real open will retry). */
  preload: () => void;
}

export function preloadable<T>(loader: () => Promise<T>): Preloadable<T> {
  const lazy = lazyModule(loader);
  return {
    load: () => lazy.load(),
    preload: () => {
      lazy.load().catch(() => {});
    },
  };
}

/** Props that start `preload` on the first sign of intent on an element (pointer, touch, keyboard focus). */
export function intentProps(preload: () => void) {
  return { onPointerEnter: preload, onTouchStart: preload, onFocus: preload };
}
