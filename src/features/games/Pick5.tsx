"use client";

/**
 * Pick 5: the top five exports of a country (or the top five exporters of a product), picked in
 * order from twelve candidates and sent in one submission. The server scores the picks and only
 * then reveals the true top five, drawn here as a small bar list linking to the profiles.
 */
import { ActionIcon, Badge, Box, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { Locale } from "@/domain/i18n/locales";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { PICK5_PICKS, pick5ShareText, type Pick5Puzzle, type Pick5State } from "@/domain/games/pick5";
import { GameChrome } from "./GameChrome";
import { useGame, type PuzzleEnvelope } from "./useGame";
import { formatMoney, formatShare } from "@/features/profiles/format";

/** The mark of a pick by its points (0, 1, 2): shown next to a text label, never alone. */
const MARK = ["✗", "≈", "✓"] as const;
/** Only the dot is coloured (text stays in the text colour, for contrast). */
const MARK_COLOR = ["red", "yellow", "green"] as const;

export function Pick5({ initial, sourceName }: { initial: PuzzleEnvelope<Pick5Puzzle>; sourceName: string }) {
  const t = useTranslations("games");
  const locale = useLocale() as Locale;
  const game = useGame<Pick5Puzzle, Pick5State>("pick-5", initial);
  const { envelope, state, pending, ended, results, record } = game;
  const puzzle = envelope.data;
  // The picks belong to one puzzle: a new puzzle starts with none.
  const [chosen, setChosen] = useState<{ puzzle: string; ids: string[] }>({ puzzle: initial.puzzle, ids: [] });
  const picks = chosen.puzzle === envelope.puzzle ? chosen.ids : [];
  const recorded = useRef<string | null>(null);
  // Moving or removing a pick re-renders the list: the focus follows to a sensible button.
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusNext = useRef<string[] | null>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const candidatesId = useId();
  const picksId = useId();
  const answerId = useId();

  const names = useMemo(() => new Map(puzzle.candidates.map((c) => [c.id, c.name])), [puzzle.candidates]);

  // A finished game counts once in this browser's statistics (the server records its own copy).
  useEffect(() => {
    if (!state || recorded.current === envelope.puzzle) return;
    recorded.current = envelope.puzzle;
    record({ puzzle: envelope.puzzle, won: state.status === "won", score: state.score });
  }, [state, envelope.puzzle, record]);

  useEffect(() => {
    const keys = focusNext.current;
    if (!keys) return;
    focusNext.current = null;
    keys.map((key) => buttons.current.get(key)).find((el) => el && !el.disabled)?.focus();
  }, [chosen]);

  useEffect(() => {
    if (ended) resultRef.current?.focus();
  }, [ended]);

  const setPicks = (ids: string[]) => setChosen({ puzzle: envelope.puzzle, ids });
  const buttonRef = (key: string) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(key, el);
    else buttons.current.delete(key);
  };

  function toggle(id: string) {
    if (picks.includes(id)) setPicks(picks.filter((p) => p !== id));
    else if (picks.length < PICK5_PICKS) setPicks([...picks, id]);
  }

  function remove(id: string) {
    const at = picks.indexOf(id);
    const next = picks.filter((p) => p !== id);
    setPicks(next);
    // The pick now at this rank, else the one above, else the candidate itself.
    focusNext.current = [next[at], next[at - 1]].filter(Boolean).map((p) => `remove:${p}`).concat(`candidate:${id}`);
  }

  function move(id: string, by: -1 | 1) {
    const at = picks.indexOf(id);
    const to = at + by;
    if (at < 0 || to < 0 || to >= picks.length) return;
    const next = [...picks];
    [next[at], next[to]] = [next[to], next[at]];
    setPicks(next);
    focusNext.current = by < 0 ? [`up:${id}`, `down:${id}`] : [`down:${id}`, `up:${id}`];
  }

  async function submit() {
    if (picks.length !== PICK5_PICKS || pending) return;
    await game.play(picks);
  }

  const label = envelope.daily ? envelope.puzzle.slice(2) : t("practice");
  const share = ended && state ? pick5ShareText(t("pick5.title"), label, state) : null;
  const question =
    puzzle.kind === "country"
      ? t("pick5.questionCountry", { subject: puzzle.subject.name, year: puzzle.year })
      : t("pick5.questionProduct", { subject: puzzle.subject.name, year: puzzle.year });
  // Country puzzles rank products; product puzzles rank countries.
  const itemHref = (id: string) => (puzzle.kind === "country" ? `/${locale}/profile/hs/${id}` : `/${locale}/profile/country/${id}`);
  const subjectHref = puzzle.kind === "country" ? `/${locale}/profile/country/${puzzle.subject.id}` : `/${locale}/profile/hs/${puzzle.subject.id}`;
  const largest = state ? Math.max(...state.answer.map((a) => a.value), 1) : 1;

  return (
    <GameChrome
      game="pick-5"
      title={t("pick5.title")}
      daily={envelope.daily ? envelope.puzzle.slice(2) : null}
      year={puzzle.year}
      source={sourceName}
      instructions={Object.values(t.raw("pick5.instructions") as Record<string, string>)}
      results={results}
      shareText={share}
      pending={pending}
      error={game.error}
      onLoad={(which) => {
        setChosen({ puzzle: "", ids: [] });
        focusNext.current = null;
        void game.load(which);
      }}
    >
      <Title order={2} size="h3" data-testid="pick5-question">
        {question}
      </Title>

      {!ended ? (
        <>
          <section aria-labelledby={candidatesId}>
            <Text fw={600} id={candidatesId} mb="xs">
              {t("pick5.candidatesLabel")}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs">
              {puzzle.candidates.map((c) => {
                const rank = picks.indexOf(c.id) + 1;
                return (
                  <Button
                    key={c.id}
                    ref={buttonRef(`candidate:${c.id}`)}
                    variant={rank ? "filled" : "default"}
                    aria-pressed={rank > 0}
                    onClick={() => toggle(c.id)}
                    disabled={pending || (!rank && picks.length >= PICK5_PICKS)}
                    leftSection={
                      rank ? (
                        <Badge component="span" variant="white" circle>
                          {rank}
                        </Badge>
                      ) : undefined
                    }
                    fullWidth
                    justify="flex-start"
                    styles={{ root: { height: "auto", minHeight: 44 }, label: { whiteSpace: "normal", textAlign: "start", paddingBlock: 6 } }}
                    data-testid="pick5-candidate"
                    data-id={c.id}
                  >
                    {c.name}
                  </Button>
                );
              })}
            </SimpleGrid>
          </section>

          <section aria-labelledby={picksId}>
            <Text fw={600} id={picksId} mb="xs">
              {t("pick5.picksLabel")}
            </Text>
            <Box component="ol" data-testid="pick5-picks" aria-labelledby={picksId} style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 6 }}>
              {Array.from({ length: PICK5_PICKS }, (_, i) => {
                const id = picks[i];
                const name = id ? (names.get(id) ?? id) : null;
                return (
                  <li key={id ?? `empty-${i}`} data-testid="pick5-pick" data-id={id ?? ""}>
                    <Paper withBorder p="xs" radius="sm">
                      <Group gap="sm" wrap="nowrap" justify="space-between">
                        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                          <Badge variant={id ? "filled" : "outline"} circle aria-hidden>
                            {i + 1}
                          </Badge>
                          {name ? (
                            <Text size="sm" style={{ minWidth: 0 }}>
                              {name}
                            </Text>
                          ) : (
                            <Text size="sm" c="dimmed">
                              {t("pick5.emptyPick")}
                            </Text>
                          )}
                        </Group>
                        {id && name && (
                          <Group gap={4} wrap="nowrap">
                            <ActionIcon
                              ref={buttonRef(`up:${id}`)}
                              variant="default"
                              size="lg"
                              onClick={() => move(id, -1)}
                              disabled={pending || i === 0}
                              aria-label={t("pick5.up", { name })}
                              data-testid="pick5-up"
                            >
                              <span aria-hidden>↑</span>
                            </ActionIcon>
                            <ActionIcon
                              ref={buttonRef(`down:${id}`)}
                              variant="default"
                              size="lg"
                              onClick={() => move(id, 1)}
                              disabled={pending || i === picks.length - 1}
                              aria-label={t("pick5.down", { name })}
                              data-testid="pick5-down"
                            >
                              <span aria-hidden>↓</span>
                            </ActionIcon>
                            <Button
                              ref={buttonRef(`remove:${id}`)}
                              variant="default"
                              size="compact-sm"
                              h={34}
                              onClick={() => remove(id)}
                              disabled={pending}
                              aria-label={t("pick5.remove", { name })}
                              data-testid="pick5-remove"
                            >
                              {t("pick5.removeButton")}
                            </Button>
                          </Group>
                        )}
                      </Group>
                    </Paper>
                  </li>
                );
              })}
            </Box>
          </section>

          <Group gap="sm" wrap="wrap">
            <Button onClick={submit} disabled={picks.length !== PICK5_PICKS || pending} loading={pending} data-testid="pick5-submit">
              {t("submit")}
            </Button>
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="pick5-count">
              {t("pick5.picked", { count: picks.length, max: PICK5_PICKS })}
            </Text>
          </Group>
        </>
      ) : (
        <>
          <Stack gap={4} data-testid="pick5-result" role="status">
            <Title order={2} size="h3" ref={resultRef} tabIndex={-1} data-testid="pick5-score">
              {t("pick5.score", { score: state!.score, max: state!.max })}
            </Title>
            <Text fw={700} size="lg">
              {state!.status === "won" ? t("won") : t("lost")} {state!.status === "won" ? t("pick5.wonText") : t("pick5.lostText")}
            </Text>
          </Stack>

          <section aria-labelledby={picksId}>
            <Title order={3} size="h4" id={picksId} mb="xs">
              {t("pick5.yourPicks")}
            </Title>
            <Box component="ol" data-testid="pick5-picks" style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 6 }}>
              {state!.picks.map((p, i) => (
                <li key={p.id} data-testid="pick5-pick" data-id={p.id} data-points={p.points}>
                  <Paper withBorder p="xs" radius="sm">
                    <Group gap="sm" wrap="wrap" justify="space-between">
                      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                        <Badge variant="outline" circle aria-hidden>
                          {i + 1}
                        </Badge>
                        <Text size="sm" style={{ minWidth: 0 }}>
                          {p.name}
                        </Text>
                      </Group>
                      <Group gap="xs" wrap="nowrap">
                        <Badge
                          color={MARK_COLOR[p.points] ?? "red"}
                          variant="dot"
                          size="lg"
                          styles={{ root: { height: "auto", minHeight: "var(--badge-height)", lineHeight: 1.3, textTransform: "none" }, label: { whiteSpace: "normal", textAlign: "start", paddingBlock: 2 } }}
                        >
                          <span aria-hidden>{MARK[p.points] ?? MARK[0]}</span>{" "}
                          {p.points === 2 ? t("pick5.exact") : p.points === 1 ? t("pick5.inTop", { rank: p.trueRank ?? 0 }) : t("pick5.notTop")}
                        </Badge>
                        <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
                          {t("pick5.points", { count: p.points })}
                        </Text>
                      </Group>
                    </Group>
                  </Paper>
                </li>
              ))}
            </Box>
          </section>

          <section aria-labelledby={answerId}>
            <Title order={3} size="h4" id={answerId} mb="xs">
              {t("pick5.answerTitle")}
            </Title>
            <Box component="ol" data-testid="pick5-answer" style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 10 }}>
              {state!.answer.map((a, i) => (
                <li key={a.id} data-testid="pick5-answer-row" data-id={a.id}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" style={{ minWidth: 0 }}>
                      {`${i + 1}. `}
                      <Link href={itemHref(a.id)}>{a.name}</Link>
                    </Text>
                    <Text size="sm" fw={600} style={{ whiteSpace: "nowrap", flexShrink: 0 }}>
                      {formatMoney(a.value, locale)} · {t("pick5.share", { share: formatShare(a.share, locale) })}
                    </Text>
                  </Group>
                  <Progress value={(100 * a.value) / largest} size="md" mt={4} aria-hidden />
                </li>
              ))}
            </Box>
            <Text size="sm" mt="sm">
              <Link href={subjectHref} data-testid="pick5-subject-link">
                {t("profileLink", { name: puzzle.subject.name })}
              </Link>
            </Text>
          </section>
        </>
      )}
    </GameChrome>
  );
}
