"use client";

import { useSession } from "next-auth/react";
import { useEffect, useRef } from "react";
import { useConsent } from "@/features/consent/ConsentProvider";
import { historyKey } from "@/features/consent/storageKeys";
import { postServerVisit } from "./api";
import { mergeIntoLocal, recordLocalVisit } from "./store";

/**
 * Records a profile visit (link, title, time) in the history of the guest or the signed-in
 * user, only while functional consent is given; for a signed-in user the server keeps it too,
 * once it knows their consent allows it.
 */
export function RecordVisit({ link, title }: { link: string; title: string }) {
  const { functional } = useConsent();
  const { data, status } = useSession();
  const userId = status === "authenticated" ? (data?.user?.id ?? null) : null;
  const stored = data?.user?.bespoke_user_metadata?.consent;
  const serverAllows = Boolean(userId && stored?.checked && stored.functional);
  const allowed = useRef(functional);

  useEffect(() => {
    allowed.current = functional;
    if (!functional || status === "loading") return;
    const key = historyKey(userId);
    recordLocalVisit(key, { link, title, time: Date.now() });
    if (serverAllows) {
      void postServerVisit({ link, title }).then((entries) => {
        if (entries && allowed.current) mergeIntoLocal(key, entries);
      });
    }
  }, [functional, status, userId, serverAllows, link, title]);

  return null;
}
