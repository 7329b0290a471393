"use client";

/**
 * The data assistant's conversation: questions and answers, starter questions on an empty chat,
 * follow-ups that send the previous answer's context, and the list of conversations (new,
 * switch, delete). The state and its requests live in useChat (the reducer in chatModel.ts);
 * this is the layout.
 */
import { ActionIcon, Alert, Box, Button, Drawer, Group, Loader, NavLink, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect, useRef, type FormEvent, type KeyboardEvent } from "react";
import type { TableLabels } from "@/domain/charts/table";
import { MAX_QUESTION_LENGTH } from "@/domain/chat/types";
import { CookiePreferencesLink } from "@/features/consent/ConsentBanner";
import { AnswerView } from "./AnswerView";
import { storageNote, type Pending, type SessionSummary } from "./chatModel";
import { useChat } from "./useChat";

export function ChatClient({ starters, tableLabels }: { starters: string[]; tableLabels: TableLabels }) {
  const t = useTranslations("chat.page");
  const chat = useChat();
  const { current, pending, question, error, keep, signedIn, ask } = chat;
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (current.turns.length || pending) bottom.current?.scrollIntoView({ behavior: "smooth", block: "end" });
  }, [current.turns.length, pending]);

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

  const sessionList = (
    <SessionList sessions={keep ? chat.sessions : []} currentId={current.id} note={t(storageNote(keep, signedIn))} keep={keep} onNew={chat.startNew} onOpen={(id) => void chat.switchTo(id)} onDelete={(id) => void chat.remove(id)} />
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
      <Drawer opened={chat.drawer} onClose={() => chat.setDrawer(false)} title={t("sessions")} hiddenFrom="md" size="85%">
        {sessionList}
      </Drawer>
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" hiddenFrom="md">
          <Button variant="default" size="xs" onClick={() => chat.setDrawer(true)} data-testid="chat-sessions-toggle">
            {t("sessions")}
          </Button>
          <Button variant="light" size="xs" onClick={chat.startNew}>
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
          {pending ? <PendingTurn pending={pending} /> : null}
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
              onChange={(e) => chat.setQuestion(e.currentTarget.value)}
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

/** The kept conversations: new, open, delete, and where they are kept. */
function SessionList(props: { sessions: SessionSummary[]; currentId: string; note: string; keep: boolean; onNew: () => void; onOpen: (id: string) => void; onDelete: (id: string) => void }) {
  const t = useTranslations("chat.page");
  const { sessions, currentId } = props;
  return (
    <Stack gap="xs" data-testid="chat-sessions">
      <Button variant="light" onClick={props.onNew} data-testid="chat-new">
        {t("newConversation")}
      </Button>
      {sessions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("noSessions")}
        </Text>
      ) : (
        sessions.map((s) => (
          <Group key={s.id} gap={4} wrap="nowrap" data-testid="chat-session">
            <NavLink
              component="button"
              label={s.title || t("untitled")}
              active={s.id === currentId}
              onClick={() => props.onOpen(s.id)}
              style={{ borderRadius: "var(--mantine-radius-sm)", minWidth: 0 }}
              styles={{ label: { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } }}
              data-testid="chat-session-open"
            />
            <ActionIcon variant="subtle" color="gray" aria-label={t("deleteConversation")} onClick={() => props.onDelete(s.id)} data-testid="chat-session-delete">
              <span aria-hidden>×</span>
            </ActionIcon>
          </Group>
        ))
      )}
      <Text size="xs" c="dimmed" data-testid="chat-storage-note">
        {props.note}
      </Text>
      {!props.keep ? <CookiePreferencesLink size="xs" /> : null}
    </Stack>
  );
}

/** The question being answered, with the answer streaming in (or a spinner until it starts). */
function PendingTurn({ pending }: { pending: Pending }) {
  const t = useTranslations("chat.page");
  return (
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
  );
}
