"use client";

/**
 * The data assistant's conversation: questions and answers, starter questions on an empty chat,
 * follow-ups that send the previous answer's context, and the list of conversations (new,
 * switch, delete). Conversations are kept only while functional storage is allowed: a guest's
 * in this browser (store.ts), a signed-in user's on the server (the API adds each turn there).
 * Without that consent the conversation lives on this page only; withdrawing it (or tracking)
 * removes the kept ones (the consent effects) and the page stops writing at once.
 */
import { ActionIcon, Alert, Box, Button, Drawer, Group, Loader, NavLink, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import type { TableLabels } from "@/domain/charts/table";
import { addTurn, sessionTitle } from "@/domain/chat/schemas";
import { MAX_QUESTION_LENGTH, type ChatSession } from "@/domain/chat/types";
import type { Locale } from "@/domain/i18n/locales";
import { CookiePreferencesLink } from "@/features/consent/ConsentBanner";
import { useConsent } from "@/features/consent/context";
import { useSessionUser } from "@/features/session/useSessionUser";
import { AnswerView } from "./AnswerView";
import { askChat, deleteServerSession, fetchServerSession, fetchServerSessions } from "./client";
import { deleteLocalSession, newSessionId, readLocalSessions, writeLocalSession } from "./store";

interface Summary {
  id: string;
  title: string;
  updatedAt: number;
}

function emptySession(): ChatSession {
  return { id: newSessionId(), title: "", turns: [], updatedAt: 0 };
}

function summarise(session: ChatSession): Summary {
  return { id: session.id, title: session.title, updatedAt: session.updatedAt };
}

function upsert(list: Summary[], item: Summary): Summary[] {
  return [item, ...list.filter((s) => s.id !== item.id)].sort((a, b) => b.updatedAt - a.updatedAt);
}

type Pending = { question: string; streamed: string };

export function ChatClient({ starters, tableLabels }: { starters: string[]; tableLabels: TableLabels }) {
  const t = useTranslations("chat.page");
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

  const [current, setCurrent] = useState<ChatSession>(emptySession);
  const [sessions, setSessions] = useState<Summary[]>([]);
  const [question, setQuestion] = useState("");
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [drawer, setDrawer] = useState(false);
  const opened = useRef(false);
  const abort = useRef<AbortController | null>(null);
  const bottom = useRef<HTMLDivElement>(null);

  // The conversations kept for this visitor (read again after any consent choice: withdrawing
  // tracking removes them too); on the first load the newest one is opened again.
  useEffect(() => {
    if (!known) return;
    if (!keep) {
      opened.current = true; // Consent given later does not bring an old conversation back over this one.
      return;
    }
    let live = true;
    const load: Promise<{ list: Summary[]; get: (id: string) => Promise<ChatSession | null> }> = signedIn
      ? fetchServerSessions().then((list) => ({ list: list ?? [], get: fetchServerSession }))
      : Promise.resolve().then(() => {
          const local = readLocalSessions();
          return { list: local.map(summarise), get: async (id: string) => local.find((s) => s.id === id) ?? null };
        });
    void load.then(({ list, get }) => {
      if (!live) return;
      setSessions(list);
      if (opened.current) return;
      opened.current = true;
      const newest = list[0];
      if (newest) void get(newest.id).then((s) => live && s && setCurrent((c) => (c.turns.length ? c : s)));
    });
    return () => {
      live = false;
    };
  }, [known, keep, tracking, signedIn]);

  useEffect(() => {
    if (current.turns.length || pending) bottom.current?.scrollIntoView({ behavior: "smooth", block: "end" });
  }, [current.turns.length, pending]);

  const ask = useCallback(
    async (raw: string) => {
      const text = raw.trim();
      if (!text) {
        setError(te("empty"));
        return;
      }
      if (text.length > MAX_QUESTION_LENGTH) {
        setError(te("tooLong", { max: MAX_QUESTION_LENGTH }));
        return;
      }
      if (pending) return;
      setError(null);
      setPending({ question: text, streamed: "" });
      setQuestion("");
      abort.current = new AbortController();
      const session = current;
      const result = await askChat(
        { question: text, locale, context: session.turns.at(-1)?.answer.context ?? null, sessionId: signedIn && keepRef.current ? session.id : undefined },
        {
          onDelta: (piece) => setPending((p) => (p ? { ...p, streamed: p.streamed + piece } : p)),
          onReset: () => setPending((p) => (p ? { ...p, streamed: "" } : p)),
          signal: abort.current.signal,
        },
      );
      setPending(null);
      if (!result.ok) {
        setQuestion(text);
        setError(
          result.code === "rate_limited"
            ? result.retryAfter
              ? te("rateLimited", { seconds: result.retryAfter })
              : te("rateLimitedNoTime")
            : result.code === "csrf"
              ? te("csrf")
              : result.code === "network"
                ? te("network")
                : result.code === "invalid"
                  ? te("invalid")
                  : te("unavailable"),
        );
        return;
      }
      const next = addTurn({ ...session, title: session.title || sessionTitle(text) }, { question: text, answer: result.answer, at: Date.now() });
      setCurrent(next);
      if (keepRef.current) {
        if (!signedIn) writeLocalSession(next, keepRef.current);
        setSessions((list) => upsert(list, summarise(next)));
      }
    },
    [current, locale, pending, signedIn, te],
  );

  useEffect(() => () => abort.current?.abort(), []);

  const startNew = () => {
    abort.current?.abort();
    setPending(null);
    setError(null);
    setCurrent(emptySession());
    setDrawer(false);
  };

  const switchTo = async (id: string) => {
    setDrawer(false);
    if (id === current.id) return;
    const session = signedIn ? await fetchServerSession(id) : (readLocalSessions().find((s) => s.id === id) ?? null);
    if (session) {
      setError(null);
      setCurrent(session);
    } else setSessions((list) => list.filter((s) => s.id !== id));
  };

  const remove = async (id: string) => {
    if (signedIn) {
      if (!(await deleteServerSession(id))) {
        setError(te("deleteFailed"));
        return;
      }
    } else deleteLocalSession(id);
    setSessions((list) => list.filter((s) => s.id !== id));
    if (id === current.id) setCurrent(emptySession());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void ask(question);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void ask(question);
    }
  };

  const shown = keep ? sessions : [];
  const sessionList = (
    <Stack gap="xs" data-testid="chat-sessions">
      <Button variant="light" onClick={startNew} data-testid="chat-new">
        {t("newConversation")}
      </Button>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("noSessions")}
        </Text>
      ) : (
        shown.map((s) => (
          <Group key={s.id} gap={4} wrap="nowrap" data-testid="chat-session">
            <NavLink
              component="button"
              label={s.title || t("untitled")}
              active={s.id === current.id}
              onClick={() => void switchTo(s.id)}
              style={{ borderRadius: "var(--mantine-radius-sm)", minWidth: 0 }}
              styles={{ label: { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } }}
              data-testid="chat-session-open"
            />
            <ActionIcon variant="subtle" color="gray" aria-label={t("deleteConversation")} onClick={() => void remove(s.id)} data-testid="chat-session-delete">
              <span aria-hidden>×</span>
            </ActionIcon>
          </Group>
        ))
      )}
      <Text size="xs" c="dimmed" data-testid="chat-storage-note">
        {keep ? (signedIn ? t("keptServer") : t("keptLocal")) : signedIn ? t("notKeptSignedIn") : t("notKept")}
      </Text>
      {!keep ? <CookiePreferencesLink size="xs" /> : null}
    </Stack>
  );

  const empty = current.turns.length === 0 && !pending;

  return (
    <Group align="flex-start" gap="lg" wrap="nowrap" data-testid="chat-page">
      <Box visibleFrom="md" w={240} style={{ flexShrink: 0 }}>
        <Title order={2} size="h5" mb="xs">
          {t("sessions")}
        </Title>
        {sessionList}
      </Box>
      <Drawer opened={drawer} onClose={() => setDrawer(false)} title={t("sessions")} hiddenFrom="md" size="85%">
        {sessionList}
      </Drawer>
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" hiddenFrom="md">
          <Button variant="default" size="xs" onClick={() => setDrawer(true)} data-testid="chat-sessions-toggle">
            {t("sessions")}
          </Button>
          <Button variant="light" size="xs" onClick={startNew}>
            {t("newConversation")}
          </Button>
        </Group>
        {empty ? (
          <Paper withBorder p="md" radius="md" data-testid="chat-starters">
            <Text fw={600} mb="xs">
              {t("startersTitle")}
            </Text>
            <Group gap="xs">
              {starters.map((s) => (
                <Button key={s} size="compact-sm" radius="xl" variant="light" onClick={() => void ask(s)} data-testid="chat-starter" style={{ maxWidth: "100%" }}>
                  <Text span size="sm" truncate>
                    {s}
                  </Text>
                </Button>
              ))}
            </Group>
          </Paper>
        ) : null}
        <Stack gap="md" data-testid="chat-turns">
          {current.turns.map((turn, i) => (
            <Stack key={`${turn.at}-${i}`} gap="xs" data-testid="chat-turn">
              <Paper p="sm" radius="md" bg="var(--mantine-primary-color-light)" ml="auto" maw="85%" data-testid="chat-question">
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  {turn.question}
                </Text>
              </Paper>
              <Paper withBorder p="md" radius="md">
                <AnswerView answer={turn.answer} tableLabels={tableLabels} onAsk={(q) => void ask(q)} busy={pending !== null} latest={i === current.turns.length - 1} />
              </Paper>
            </Stack>
          ))}
          {pending ? (
            <Stack gap="xs" data-testid="chat-pending">
              <Paper p="sm" radius="md" bg="var(--mantine-primary-color-light)" ml="auto" maw="85%">
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  {pending.question}
                </Text>
              </Paper>
              <Paper withBorder p="md" radius="md">
                {pending.streamed ? (
                  <Text style={{ whiteSpace: "pre-wrap" }} data-testid="chat-streamed">
                    {pending.streamed}
                  </Text>
                ) : (
                  <Group gap="xs">
                    <Loader size="xs" />
                    <Text size="sm" c="dimmed">
                      {t("thinking")}
                    </Text>
                  </Group>
                )}
              </Paper>
            </Stack>
          ) : null}
          <div ref={bottom} />
        </Stack>
        {error ? (
          <Alert color="red" variant="light" role="alert" data-testid="chat-error">
            {error}
          </Alert>
        ) : null}
        <form onSubmit={submit} data-testid="chat-form">
          <Stack gap={4}>
            <Textarea
              value={question}
              onChange={(e) => setQuestion(e.currentTarget.value.slice(0, MAX_QUESTION_LENGTH))}
              onKeyDown={onKeyDown}
              placeholder={t("placeholder")}
              aria-label={t("inputLabel")}
              autosize
              minRows={1}
              maxRows={6}
              maxLength={MAX_QUESTION_LENGTH}
              data-testid="chat-input"
            />
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed" data-testid="chat-count">
                {t("count", { count: question.length, max: MAX_QUESTION_LENGTH })}
              </Text>
              <Button type="submit" loading={pending !== null} data-testid="chat-send">
                {t("send")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Group>
  );
}
