"use client";

import { usePathname } from "next/navigation";
import { useLocale } from "next-intl";
import { useEffect, useRef } from "react";
import { trackingAllowed, type Consent } from "@/domain/consent/consent";
import { useSessionUser } from "@/features/session/useSessionUser";
import { loadTagManager, pageViewEvent, pushEvent, userEvent } from "./analytics";
import { ANALYTICS_USER_KEY } from "@/domain/consent/storageKeys";

function remembered(): string | null {
  try {
    return window.sessionStorage.getItem(ANALYTICS_USER_KEY);
  } catch {
    return null;
  }
}

function remember(userId: string | null) {
  try {
    if (userId) window.sessionStorage.setItem(ANALYTICS_USER_KEY, userId);
    else window.sessionStorage.removeItem(ANALYTICS_USER_KEY);
  } catch {
    // Storage disabled: a sign-out after a reload then goes unreported.
  }
}

/**
 * Tracking (spec section 4): page views and user events go to the data layer only while consent
 * is checked and tracking allowed; the tag loads only then, and only when one is configured.
 */
export function Tracking({ consent, tagId }: { consent: Consent; tagId: string | null }) {
  const allowed = trackingAllowed(consent);
  const pathname = usePathname();
  const locale = useLocale();
  const { user, known } = useSessionUser();
  const userId = user?.id ?? null;
  const role = user?.role ?? null;
  const lastPath = useRef<string | null>(null);
  const announced = useRef<string | null>(null);

  useEffect(() => {
    if (allowed) loadTagManager(tagId);
  }, [allowed, tagId]);

  useEffect(() => {
    if (!allowed) {
      lastPath.current = null;
      return;
    }
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    pushEvent(pageViewEvent(window.location, locale));
  }, [allowed, pathname, locale]);

  useEffect(() => {
    if (!allowed || !known) return;
    if (userId !== null && role !== null) {
      const id = `${userId}:${role}`;
      if (announced.current === id) return;
      announced.current = id;
      pushEvent(userEvent({ id: userId, role }));
      remember(userId);
    } else {
      // Signed out here, or before a reload (the shell's sign-out goes to the home page).
      const had = announced.current !== null || remembered() !== null;
      announced.current = null;
      if (had) {
        pushEvent(userEvent(null));
        remember(null);
      }
    }
  }, [allowed, known, userId, role]);

  return null;
}
