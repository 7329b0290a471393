"use client";

import { useSyncExternalStore } from "react";
import type { HistoryEntry } from "@/domain/history/history";
import { useSessionUser } from "@/features/session/useSessionUser";
import { useConsent } from "@/features/consent/context";
import { historyKey } from "@/domain/consent/storageKeys";
import { emptyHistory, readHistory, subscribeHistory } from "./store";

export interface ProfileHistory {
  entries: HistoryEntry[];
  /** Functional consent given: visits are recorded and shown. */
  enabled: boolean;
  signedIn: boolean;
  /** The local-storage key of this owner's list (the guest's or the user's). */
  storageKey: string;
}

/** The profile history of whoever is using the site now: the signed-in user's, or the guest's. */
export function useProfileHistory(): ProfileHistory {
  const { functional } = useConsent();
  const { user } = useSessionUser();
  const userId = user?.id ?? null;
  const storageKey = historyKey(userId);
  const entries = useSyncExternalStore(subscribeHistory, () => readHistory(storageKey), emptyHistory);
  return { entries: functional ? entries : emptyHistory(), enabled: functional, signedIn: userId !== null, storageKey };
}
