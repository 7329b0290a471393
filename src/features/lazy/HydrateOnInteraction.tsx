"use client";

import { Suspense, use, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";

/**
 * Interface that hydrates when a visitor reaches for it, not with the page (issue 37): the server's
 * HTML is shown, readable and styled, from the first paint, but React makes it live only on the
 * first pointer, touch, focus or key inside it. A phone's first seconds then carry the page's own
 * hydration only, not that of every menu and select on it.
 *
 * How: the children sit in a Suspense boundary whose content suspends during hydration until the
 * gate opens, so React leaves the server's HTML in place (a dehydrated boundary). The gate opens
 * from a listener on the window's capture phase, which runs before React's own listener on the
 * document: for a click or a focus React then finds the gate open and hydrates the boundary at
 * once, before it dispatches the event (selective hydration), so the first click is not lost.
 * Anything that is not hydration (a client navigation, a later mount) renders straight away.
 */

/** Events that open a gate: a pointer coming near, a press, a touch, focus, a key. */
export const OPENING_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown", "click"] as const;

export interface Gate {
  readonly open: boolean;
  /** Whether the boundary was committed once (hydrated or still dehydrated). */
  readonly committed: boolean;
  commit(): void;
  readonly opened: Promise<void>;
  release(): void;
}

export function createGate(): Gate {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  const gate = {
    open: false,
    committed: false,
    commit() {
      gate.committed = true;
    },
    opened,
    release() {
      if (gate.open) return;
      gate.open = true;
      release();
    },
  };
  return gate;
}

/** Set once any gate's page has hydrated: a gate made after that (a client navigation) starts open. */
let pageHydrated = false;

const noSubscription = () => () => undefined;
const onClient = () => true;
const inServerHtml = () => false;

/**
 * Suspends while hydrating and the gate is shut; renders at once otherwise, and always on the
 * server. "Otherwise" includes React rendering the boundary on the client because a context above
 * it changed before it hydrated: React cannot hydrate a suspended boundary then, so it replaces
 * the server's HTML with a client render, which must not suspend (it would show nothing).
 */
function Gated({ gate, children }: { gate: Gate; children: ReactNode }) {
  const clientRender = useSyncExternalStore(noSubscription, onClient, inServerHtml);
  if (typeof window !== "undefined" && !clientRender && !gate.open) use(gate.opened);
  return children;
}

export function HydrateOnInteraction({ children }: { children: ReactNode }) {
  const [gate] = useState(() => {
    const made = createGate();
    if (pageHydrated || typeof window === "undefined") made.release();
    return made;
  });
  const box = useRef<HTMLDivElement>(null);
  // Rendered again after its first commit (new props from a navigation, a parent's state): hydrate
  // now, keeping the server's HTML (and any focus in it), rather than let React replace it with a
  // client render, which it does to a boundary that gets new props while it cannot hydrate.
  if (gate.committed) gate.release();

  useEffect(() => {
    gate.commit();
    pageHydrated = true;
    if (gate.open) return;
    const reach = (event: Event) => {
      if (event.target instanceof Node && box.current?.contains(event.target)) gate.release();
    };
    const stop = () => {
      for (const type of OPENING_EVENTS) window.removeEventListener(type, reach, { capture: true });
    };
    for (const type of OPENING_EVENTS) window.addEventListener(type, reach, { capture: true, passive: true });
    void gate.opened.then(stop);
    return stop;
  }, [gate]);

  return (
    <div ref={box} style={{ display: "contents" }} data-hydrate="interaction">
      <Suspense fallback={null}>
        <Gated gate={gate}>{children}</Gated>
      </Suspense>
    </div>
  );
}
