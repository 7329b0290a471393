"use client";

import { useSession } from "next-auth/react";
import { useEffect, useRef } from "react";
import { useConsent } from "@/features/consent/ConsentProvider";
import { historyKey } from "@/features/consent/storageKeys";
import { fetchServerHistory } from "./api";
import { mergeIntoLocal } from "./store";

/**
 * Once per page load and signed-in user: the history kept on the server joins this browser's,
 * so it follows the user across devices. Only with functional consent.
 */
export function HistorySync() {
  const { functional } = useConsent();
  const { data, status } = useSession();
  const userId = status === "authenticated" ? (data?.user?.id ?? null) : null;
  const done = useRef<string | null>(null);
  const allowed = useRef(functional);

  useEffect(() => {
    allowed.current = functional;
    if (!functional || !userId) {
      done.current = null;
      return;
    }
    if (done.current === userId) return;
    done.current = userId;
    void fetchServerHistory().then((entries) => {
      // Consent may have been withdrawn while the list was on its way.
      if (entries && allowed.current) mergeIntoLocal(historyKey(userId), entries);
    });
  }, [functional, userId]);

  return null;
}
