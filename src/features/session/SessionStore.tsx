"use client";

import type { Session } from "next-auth";
import { SessionProvider, useSession as useNextAuthSession, type SessionContextValue } from "next-auth/react";
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";

/**
 * The session as the page reads it: next-auth's, handed on through a store rather than through
 * next-auth's context (issue 37).
 *
 * Why: React re-renders every part of the page below a context whose value changes, and it cannot
 * tell whether a part it has not hydrated yet reads that context, so it renders such a part anew
 * on the client. next-auth's provider changes its value when the session arrives (on a cached
 * page, a moment after hydration), which would make every part that hydrates on interaction (see
 * HydrateOnInteraction) render at once. So next-auth's provider wraps only a publisher, beside
 * the page; the page's context holds one store object for its whole life; the components that
 * read the session subscribe to the store and are the only ones to render again.
 */

type Value = SessionContextValue;

export interface SessionStore {
  /** The value the server rendered with, and hydration reads. */
  readonly initial: Value;
  get(): Value;
  subscribe(listener: () => void): () => void;
  publish(next: Value): void;
}

/** The value next-auth starts from for a server's session (undefined: not known, it asks). */
export function initialSessionValue(session: Session | null | undefined, update: Value["update"]): Value {
  if (session === undefined) return { data: null, status: "loading", update };
  if (session === null) return { data: null, status: "unauthenticated", update };
  return { data: session, status: "authenticated", update };
}

export function createSessionStore(session: Session | null | undefined): SessionStore {
  const listeners = new Set<() => void>();
  // next-auth hands out a new update function with each state; callers get one that calls the latest.
  let latestUpdate: Value["update"] = async () => null;
  const update: Value["update"] = (data?: unknown) => latestUpdate(data);
  const initial = initialSessionValue(session, update);
  let current = initial;
  return {
    initial,
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish(next) {
      latestUpdate = next.update;
      if (next.status === current.status && next.data === current.data) return;
      current = { ...next, update } as Value;
      for (const listener of [...listeners]) listener();
    },
  };
}

const StoreContext = createContext<SessionStore | null>(null);

/** Copies next-auth's value into the store after each of its changes. */
function Publisher({ store }: { store: SessionStore }) {
  const value = useNextAuthSession();
  useEffect(() => store.publish(value), [store, value]);
  return null;
}

interface SessionStoreProviderProps {
  session: Session | null | undefined;
  refetchInterval?: number;
  refetchOnWindowFocus?: boolean;
  children: ReactNode;
}

export function SessionStoreProvider({ session, refetchInterval, refetchOnWindowFocus, children }: SessionStoreProviderProps) {
  const [store] = useState(() => createSessionStore(session));
  return (
    <StoreContext.Provider value={store}>
      <SessionProvider session={session} refetchInterval={refetchInterval} refetchOnWindowFocus={refetchOnWindowFocus}>
        <Publisher store={store} />
      </SessionProvider>
      {children}
    </StoreContext.Provider>
  );
}

/** next-auth's `useSession`, read from the store (same value, same shape). */
export function useSession(): Value {
  const store = useContext(StoreContext);
  if (!store) throw new Error("useSession needs SessionStoreProvider (src/features/shell/Providers.tsx)");
  return useSyncExternalStore(store.subscribe, store.get, () => store.initial);
}
