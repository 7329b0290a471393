/**
 * A guest who signs up keeps what they viewed: the guest's list in this browser becomes part of
 * the new account's history (and goes up to the server with the next sync, as any visit not yet
 * delivered does). Sign-up sets a marker for the next page (session storage, SIGNUP_WELCOME_KEY:
 * the number of profiles the guest had viewed); HistorySync, once it knows the new user's id,
 * adopts the guest's list, and the welcome note (shell/WelcomeNotice) takes the marker.
 */
import { mergeHistories, type HistoryEntry } from "@/domain/history/history";
import { GUEST_HISTORY_KEY, SIGNUP_WELCOME_KEY, historyKey, pendingHistoryKey } from "@/domain/consent/storageKeys";
import { clearLocalHistory, readHistory, replaceLocal } from "./store";

/** The user's lists once the guest's visits are added: to their history, and pending for the server. */
export function adoptedHistories(guest: readonly HistoryEntry[], own: readonly HistoryEntry[], pending: readonly HistoryEntry[]): { own: HistoryEntry[]; pending: HistoryEntry[] } {
  return { own: mergeHistories(own, guest), pending: mergeHistories(pending, guest) };
}

function session(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Called on sign-up: the next page welcomes the new account and adopts the guest's history. */
export function markSignup(viewed: number) {
  try {
    session()?.setItem(SIGNUP_WELCOME_KEY, String(Math.max(0, Math.floor(viewed))));
  } catch {
    // Storage disabled: no welcome, and the guest's list stays the guest's.
  }
}

/** Whether a sign-up has just happened in this tab (its marker is still there). */
export function justSignedUp(): boolean {
  return session()?.getItem(SIGNUP_WELCOME_KEY) != null;
}

/** Takes the sign-up marker once: the number of profiles the guest had viewed, or null without one. */
export function takeSignupMarker(): number | null {
  const store = session();
  const raw = store?.getItem(SIGNUP_WELCOME_KEY);
  if (raw == null) return null;
  store?.removeItem(SIGNUP_WELCOME_KEY);
  return Number(raw) || 0;
}

/** Moves the guest's list into the user's (history and pending), leaving the guest's empty. Returns how many were adopted. */
export function adoptGuestHistory(userId: string): number {
  const guest = readHistory(GUEST_HISTORY_KEY);
  if (guest.length === 0) return 0;
  const next = adoptedHistories(guest, readHistory(historyKey(userId)), readHistory(pendingHistoryKey(userId)));
  replaceLocal(historyKey(userId), next.own);
  replaceLocal(pendingHistoryKey(userId), next.pending);
  clearLocalHistory(GUEST_HISTORY_KEY);
  return guest.length;
}
