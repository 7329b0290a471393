"use client";

/**
 * The consent state as components see it. Its own module so the provider and the components it
 * renders (the preferences dialog) both read it without importing each other.
 */
import { createContext, useContext } from "react";
import type { Consent, ConsentAction } from "@/domain/consent/consent";

export interface ConsentContextValue {
  consent: Consent;
  /** Decided here or, for a signed-in user, on the server: no dialog needed. */
  decided: boolean;
  functional: boolean;
  tracking: boolean;
  decide: (action: ConsentAction) => Promise<void>;
  openPreferences: () => void;
  preferencesOpen: boolean;
}

export const ConsentContext = createContext<ConsentContextValue | null>(null);

export function useConsent(): ConsentContextValue {
  const value = useContext(ConsentContext);
  if (!value) throw new Error("useConsent needs a ConsentProvider");
  return value;
}
