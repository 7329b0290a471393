"use client";

import { useEffect, useRef } from "react";
import { useSessionUser } from "@/features/session/useSessionUser";
import { useConsent } from "@/features/consent/context";
import { GUEST_HISTORY_KEY } from "@/domain/consent/storageKeys";
import { recordLocalVisit } from "./store";
import { recordUserVisit } from "./sync";
import { sendView } from "./sendView";
import { isProfileViewPath } from "@/domain/trending/views";

/**
 * Records a profile visit (link, title, time) in the history of the guest or the signed-in
 * user, only while functional consent is given; for a signed-in user the server keeps it too,
 * once it knows their consent allows it. While tracking is allowed (and only then) the visit is
 * also counted, anonymously, for the trending page.
 */
export function RecordVisit({ link, title }: { link: string; title: string }) {
  const { functional, tracking } = useConsent();
  const { user, known } = useSessionUser();
  const userId = user?.id ?? null;
  const stored = user?.bespoke_user_metadata?.consent;
  const serverAllows = Boolean(stored?.checked && stored.functional);
  const allowed = useRef(functional);
  // The link last counted: a consent change or a re-render does not count the same visit again.
  const counted = useRef<string | null>(null);

  useEffect(() => {
    allowed.current = functional;
    if (!functional || !known) return;
    const visit = { link, title, time: Date.now() };
    if (userId) void recordUserVisit(userId, visit, serverAllows, () => allowed.current);
    else recordLocalVisit(GUEST_HISTORY_KEY, visit);
  }, [functional, known, userId, serverAllows, link, title]);

  useEffect(() => {
    // Only paths the view counter takes (the same check as the server's): entity pages are not counted.
    if (!tracking || counted.current === link || !isProfileViewPath(link)) return;
    counted.current = link;
    sendView(link);
  }, [tracking, link]);

  return null;
}
