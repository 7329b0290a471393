"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { useSessionUser } from "@/features/session/useSessionUser";
import { useConsent } from "@/features/consent/context";
import { adoptGuestHistory, justSignedUp } from "./adopt";

/**
 * Once per page load and signed-in user, when the server may keep their history: visits not yet
 * delivered go up, and the server's list (which follows the user across devices) comes down.
 * Right after a sign-up, the guest's list in this browser joins the new account's first.
 */
export function HistorySync() {
  const { functional } = useConsent();
  const { user, known } = useSessionUser();
  const userId = user?.id ?? null;
  const stored = user?.bespoke_user_metadata?.consent;
  const serverAllows = Boolean(stored?.checked && stored.functional);
  const done = useRef<string | null>(null);
  const allowed = useRef(functional);
  // Sign-up signs in, then navigates: the path is what changes when its marker is there.
  const pathname = usePathname();

  useEffect(() => {
    allowed.current = functional;
    if (!known) return;
    // Adopting is idempotent (merged by link, the guest's list emptied); the welcome note takes the marker.
    // After adopting, sync again so the guest's visits go up now.
    if (userId && justSignedUp() && adoptGuestHistory(userId) > 0) done.current = null;
    if (!functional || !userId || !serverAllows) {
      done.current = null;
      return;
    }
    if (done.current === userId) return;
    done.current = userId;
    // The sync and its API calls load only for a signed-in user who keeps a history.
    void import("./sync").then(({ syncUserHistory }) => syncUserHistory(userId, () => allowed.current)).catch((error: Error) => console.warn(`[history] could not sync: ${error.message}`));
  }, [functional, known, userId, serverAllows, pathname]);

  return null;
}
