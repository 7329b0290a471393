/**
 * The one signal consent sends to the features that keep something under functional consent:
 * "functional consent was withdrawn in this tab" (the keys are already removed by then). Readers
 * in other tabs learn it from the storage event; this tab's readers subscribe here, so consent
 * never imports them.
 */
const listeners = new Set<() => void>();

/** Calls `listener` each time functional consent is withdrawn in this tab; returns the unsubscribe. */
export function onFunctionalConsentWithdrawn(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells this tab's subscribers that functional storage has just been removed. */
export function announceFunctionalConsentWithdrawn() {
  for (const listener of [...listeners]) listener();
}
