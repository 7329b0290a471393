"use client";

import { useSession } from "@/features/session/SessionStore";
import dynamic from "next/dynamic";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import {
  parseConsent,
  functionalAllowed,
  reconcile,
  sameConsent,
  trackingAllowed,
  transition,
  type Consent,
  type ConsentAction,
} from "@/domain/consent/consent";
import { postAccount } from "@/features/session/api";
import { useSessionUser } from "@/features/session/useSessionUser";
import { readConsentCookie, runRemovals, writeConsentCookie } from "./browser";
import { ConsentContext, type ConsentContextValue } from "./context";
import { preferencesModule } from "./preferencesModule";
import { Tracking } from "./Tracking";

const CHANNEL = "ots-consent";

const ConsentPreferences = dynamic(() => preferencesModule.load().then((m) => m.ConsentPreferences), { ssr: false });

function key(consent: Consent | null | undefined): string {
  return consent ? `${consent.checked}.${consent.functional}.${consent.tracking}` : "none";
}

async function postConsent(consent: Consent): Promise<boolean> {
  const result = await postAccount("/api/consent", { consent }, { idempotent: true });
  if (!result.ok) console.warn(`[consent] could not save the choice on the server: ${result.code}`);
  return result.ok;
}

/**
 * Cookie consent (spec section 4): the local choice (a necessary cookie, read by the server for
 * the first render), its effects, and for a signed-in user the server's copy: a stored server
 * value wins, a local one with none on the server is pushed up, and the session is refreshed.
 */
export function ConsentProvider({ initialConsent, tagId, children }: { initialConsent: Consent; tagId: string | null; children: ReactNode }) {
  const [consent, setConsent] = useState<Consent>(initialConsent);
  const current = useRef(consent);
  const [preferencesOpen, setPreferencesOpen] = useState(false);
  // The dialog is mounted from its first open on (so closing animates and returns focus).
  const [preferencesUsed, setPreferencesUsed] = useState(false);
  const { update } = useSession();
  // next-auth hands out a new update function with each session state; the latest is used.
  const refreshSession = useRef(update);
  useEffect(() => {
    refreshSession.current = update;
  }, [update]);
  const { user, known } = useSessionUser();
  const userId = user?.id ?? null;
  const serverConsent = user?.bespoke_user_metadata?.consent;
  const serverKey = key(serverConsent);
  // The server value this tab last reconciled with, per user: a session refresh that brings
  // the same value again is not a new instruction.
  const synced = useRef<{ userId: string; serverKey: string } | null>(null);
  // Other tabs of this browser hear of each choice, so none keeps recording or tracking after
  // consent was withdrawn elsewhere.
  const channel = useRef<BroadcastChannel | null>(null);

  const commit = useCallback(
    async (action: ConsentAction, push: { userId: string } | null, fromOtherTab = false) => {
      const { consent: next, effects } = transition(current.current, action);
      current.current = next;
      writeConsentCookie(next);
      setConsent(next);
      runRemovals(effects);
      if (!fromOtherTab) channel.current?.postMessage(next);
      const reload = effects.includes("reload");
      if (push) {
        synced.current = { userId: push.userId, serverKey: key(next) };
        // Saved before any reload: the reloaded page must find the new value on the server,
        // or the old one would win again.
        const saved = await postConsent(next);
        if (saved && !reload) await refreshSession.current();
      }
      if (reload) window.location.reload();
    },
    [],
  );

  const decide = useCallback((action: ConsentAction) => commit(action, userId ? { userId } : null), [commit, userId]);

  useEffect(() => {
    const adoptFromOtherTab = (consent: Consent) => {
      if (consent.checked && !sameConsent(consent, current.current)) void commit({ type: "adopt", consent }, null, true);
    };
    // A choice made in another tab while this one was loading, or asleep, is in the cookie.
    const checkCookie = () => {
      if (document.visibilityState === "visible") adoptFromOtherTab(readConsentCookie());
    };
    checkCookie();
    document.addEventListener("visibilitychange", checkCookie);
    let tabs: BroadcastChannel | null = null;
    if (typeof BroadcastChannel !== "undefined") {
      tabs = new BroadcastChannel(CHANNEL);
      channel.current = tabs;
      tabs.onmessage = (event: MessageEvent) => {
        const parsed = parseConsent(event.data);
        if (parsed) adoptFromOtherTab(parsed);
      };
    }
    return () => {
      document.removeEventListener("visibilitychange", checkCookie);
      tabs?.close();
      channel.current = null;
    };
  }, [commit]);

  useEffect(() => {
    if (!known) return;
    if (!userId) {
      synced.current = null;
      return;
    }
    if (synced.current?.userId === userId && synced.current.serverKey === serverKey) return;
    synced.current = { userId, serverKey };
    const plan = reconcile(current.current, serverConsent);
    if (plan.kind === "adopt") void commit({ type: "adopt", consent: plan.consent }, null);
    else if (plan.kind === "push") {
      synced.current = { userId, serverKey: key(plan.consent) };
      void postConsent(plan.consent).then((saved) => (saved ? refreshSession.current() : undefined));
    }
    // serverConsent is read through serverKey, its stable summary.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [known, userId, serverKey, commit]);

  const decided = consent.checked || Boolean(serverConsent?.checked);
  const openPreferences = useCallback(() => {
    setPreferencesUsed(true);
    setPreferencesOpen(true);
  }, []);
  const value = useMemo<ConsentContextValue>(
    () => ({ consent, decided, functional: functionalAllowed(consent), tracking: trackingAllowed(consent), decide, openPreferences, preferencesOpen }),
    [consent, decided, decide, openPreferences, preferencesOpen],
  );

  return (
    <ConsentContext.Provider value={value}>
      {children}
      <Tracking consent={consent} tagId={tagId} />
      {preferencesUsed && <ConsentPreferences opened={preferencesOpen} onClose={() => setPreferencesOpen(false)} />}
    </ConsentContext.Provider>
  );
}
