"use client";

import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { takeSignupMarker } from "@/features/history/adopt";
import { useSessionUser } from "@/features/session/useSessionUser";

// The note (Mantine's Notification) loads only when there is a new account to welcome.
const WelcomeToast = dynamic(() => import("./WelcomeToast"), { ssr: false });

/**
 * The word a new account gets on the page sign-up leads to: welcome, what the free account does,
 * and that the profiles viewed as a guest are kept. Shown once, until closed.
 */
export function WelcomeNotice() {
  const { user, known } = useSessionUser();
  const [viewed, setViewed] = useState<number | null>(null);
  // Sign-up signs in, then navigates: look again when the page changes.
  const pathname = usePathname();
  useEffect(() => {
    if (!known || !user) return;
    const marker = takeSignupMarker();
    // Taken once: shown after this commit (not cancelled by a re-run, which finds no marker).
    if (marker !== null) void Promise.resolve().then(() => setViewed(marker));
  }, [known, user, pathname]);
  if (viewed === null || !user) return null;
  return <WelcomeToast name={user.name || null} viewed={viewed} onClose={() => setViewed(null)} />;
}
