"use client";

import { useSession } from "./SessionStore";
import type { SessionUser } from "@/domain/auth/user";

/**
 * The signed-in user, steady across session refreshes: while a refresh is under way next-auth
 * reports "loading" but keeps the data, and the last known user stands. `known` is false only
 * before the first answer.
 */
export function useSessionUser(): { user: SessionUser | null; known: boolean } {
  const { data, status } = useSession();
  if (status === "unauthenticated") return { user: null, known: true };
  if (data?.user) return { user: data.user, known: true };
  return { user: null, known: status !== "loading" };
}
