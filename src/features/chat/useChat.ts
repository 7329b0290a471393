"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useReducer, useRef } from "react";
import type { ChatSession } from "@/domain/chat/types";
import type { Locale } from "@/domain/i18n/locales";
import { useConsent } from "@/features/consent/context";
import { useSessionUser } from "@/features/session/useSessionUser";
import { answered, blankSession, chatReducer, checkQuestion, failureError, initialChat, summarise, type ChatError, type SessionSummary } from "./chatModel";
import { askChat, deleteServerSession, fetchServerSession, fetchServerSessions } from "./client";
import { deleteLocalSession, newSessionId, readLocalSessions, writeLocalSession } from "./store";

const emptySession = () => blankSession(newSessionId());

/**
 * The conversation's requests and storage around chatReducer. Conversations are kept only while
 * functional storage is allowed: a guest's in this browser (store.ts), a signed-in user's on the
 * server (the API adds each turn there). Without that consent the conversation lives on this page
 * only; withdrawing it (or tracking) removes the kept ones and writing stops at once.
 */
export function useChat() {
  const te = useTranslations("chat.errors");
  const locale = useLocale() as Locale;
  const { functional, tracking } = useConsent();
  const { user, known } = useSessionUser();
  const keep = functional;
  const signedIn = user !== null;
  // Read at the moment of each write: a withdrawal stops writing at once.
  const keepRef = useRef(keep);
  useEffect(() => {
    keepRef.current = keep;
  }, [keep]);

  const [model, dispatch] = useReducer(chatReducer, undefined, () => initialChat(emptySession()));
  const { current, pending } = model;
  const opened = useRef(false);
  const abort = useRef<AbortController | null>(null);
  const message = useCallback(
    ({ key, ...values }: ChatError) => te(key, values),
    [te],
  );

  // The conversations kept for this visitor (read again after any consent choice: withdrawing
  // tracking removes them too); on the first load the newest one is opened again.
  useEffect(() => {
    if (!known) return;
    if (!keep) {
      opened.current = true; // Consent given later does not bring an old conversation back over this one.
      return;
    }
    let live = true;
    const load: Promise<{ list: SessionSummary[]; get: (id: string) => Promise<ChatSession | null> }> = signedIn
      ? fetchServerSessions().then((list) => ({ list: list ?? [], get: fetchServerSession }))
      : Promise.resolve().then(() => {
          const local = readLocalSessions();
          return { list: local.map(summarise), get: async (id: string) => local.find((s) => s.id === id) ?? null };
        });
    void load.then(({ list, get }) => {
      if (!live) return;
      dispatch({ type: "listed", sessions: list });
      if (opened.current) return;
      opened.current = true;
      const newest = list[0];
      if (newest) void get(newest.id).then((s) => live && s && dispatch({ type: "restored", session: s }));
    });
    return () => {
      live = false;
    };
  }, [known, keep, tracking, signedIn]);

  const ask = useCallback(
    async (raw: string) => {
      const checked = checkQuestion(raw);
      if (!checked.ok) {
        dispatch({ type: "error", error: message(checked.error) });
        return;
      }
      if (pending) return;
      const text = checked.text;
      dispatch({ type: "asking", question: text });
      abort.current = new AbortController();
      const session = current;
      const result = await askChat(
        { question: text, locale, context: session.turns.at(-1)?.answer.context ?? null, sessionId: signedIn && keepRef.current ? session.id : undefined },
        { onDelta: (piece) => dispatch({ type: "delta", piece }), onReset: () => dispatch({ type: "restream" }), signal: abort.current.signal },
      );
      if (!result.ok) {
        dispatch({ type: "failed", question: text, error: message(failureError(result.code, result.retryAfter)) });
        return;
      }
      const next = answered(session, text, result.answer, Date.now());
      if (keepRef.current && !signedIn) writeLocalSession(next, keepRef.current);
      dispatch({ type: "answered", session: next, keep: keepRef.current });
    },
    [current, locale, pending, signedIn, message],
  );

  useEffect(() => () => abort.current?.abort(), []);

  const startNew = () => {
    abort.current?.abort();
    dispatch({ type: "new", session: emptySession() });
  };

  const switchTo = async (id: string) => {
    dispatch({ type: "drawer", open: false });
    if (id === current.id) return;
    const session = signedIn ? await fetchServerSession(id) : (readLocalSessions().find((s) => s.id === id) ?? null);
    dispatch(session ? { type: "opened", session } : { type: "gone", id });
  };

  const remove = async (id: string) => {
    if (signedIn) {
      if (!(await deleteServerSession(id))) {
        dispatch({ type: "error", error: message({ key: "deleteFailed" }) });
        return;
      }
    } else deleteLocalSession(id);
    dispatch({ type: "gone", id, blank: emptySession() });
  };

  return {
    ...model,
    keep,
    signedIn,
    ask,
    startNew,
    switchTo,
    remove,
    setQuestion: (question: string) => dispatch({ type: "type", question }),
    setDrawer: (open: boolean) => dispatch({ type: "drawer", open }),
  };
}
