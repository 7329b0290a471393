"use client";

import { useSession } from "@/features/session/SessionStore";
import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * On a page that needs a session: when the session ends while the page is open (signed out in
 * another tab, or the account deleted elsewhere), go to sign in and come back afterwards.
 */
export function SessionWatcher({ loginPath }: { loginPath: string }) {
  const { status } = useSession();
  const router = useRouter();
  useEffect(() => {
    if (status === "unauthenticated") router.replace(loginPath);
  }, [status, router, loginPath]);
  return null;
}
