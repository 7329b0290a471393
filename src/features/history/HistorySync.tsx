"use client";

import { useEffect, useRef } from "react";
import { useSessionUser } from "@/features/session/useSessionUser";
import { useConsent } from "@/features/consent/context";
import { syncUserHistory } from "./sync";

/**
 * Once per page load and signed-in user, when the server may keep their history: visits not yet
 * delivered go up, and the server's list (which follows the user across devices) comes down.
 */
export function HistorySync() {
  const { functional } = useConsent();
  const { user, known } = useSessionUser();
  const userId = user?.id ?? null;
  const stored = user?.bespoke_user_metadata?.consent;
  const serverAllows = Boolean(stored?.checked && stored.functional);
  const done = useRef<string | null>(null);
  const allowed = useRef(functional);

  useEffect(() => {
    allowed.current = functional;
    if (!known) return;
    if (!functional || !userId || !serverAllows) {
      done.current = null;
      return;
    }
    if (done.current === userId) return;
    done.current = userId;
    void syncUserHistory(userId, () => allowed.current);
  }, [functional, known, userId, serverAllows]);

  return null;
}
