"use client";

/** The parts of Pick 5's board (Pick5.tsx): candidates, the ordered picks, and the scored answer. */
import { ActionIcon, Badge, Box, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import type { Ref } from "react";
import { PICK5_PICKS, type Pick5Puzzle, type Pick5State } from "@/domain/games/pick5";
import type { Locale } from "@/domain/i18n/locales";
import { formatMoney, formatShare } from "@/features/profiles/format";
import { answerBars, pickSlots, pickVerdict } from "./pick5Model";

/** Registers a button under a key, so the focus can follow a change (Pick5.tsx). */
type Register = (key: string) => (el: HTMLButtonElement | null) => void;

export function Pick5Candidates({ labelId, candidates, picks, pending, register, onToggle }: { labelId: string; candidates: Pick5Puzzle["candidates"]; picks: string[]; pending: boolean; register: Register; onToggle: (id: string) => void }) {
  const t = useTranslations("games");
  return (
    <section aria-labelledby={labelId}>
      <Text fw={600} id={labelId} mb="xs">
        {t("pick5.candidatesLabel")}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs">
        {candidates.map((c) => {
          const rank = picks.indexOf(c.id) + 1;
          return (
            <Button
              key={c.id}
              ref={register(`candidate:${c.id}`)}
              variant={rank ? "filled" : "default"}
              aria-pressed={rank > 0}
              onClick={() => onToggle(c.id)}
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
  );
}

export function Pick5Picks(props: { labelId: string; candidates: Pick5Puzzle["candidates"]; picks: string[]; pending: boolean; register: Register; onMove: (id: string, by: -1 | 1) => void; onRemove: (id: string) => void }) {
  const { labelId, picks, pending, register } = props;
  const t = useTranslations("games");
  return (
    <section aria-labelledby={labelId}>
      <Text fw={600} id={labelId} mb="xs">
        {t("pick5.picksLabel")}
      </Text>
      <Box component="ol" data-testid="pick5-picks" aria-labelledby={labelId} style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 6 }}>
        {pickSlots(picks, props.candidates).map(({ id, name }, i) => (
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
                    <ActionIcon ref={register(`up:${id}`)} variant="default" size="lg" onClick={() => props.onMove(id, -1)} disabled={pending || i === 0} aria-label={t("pick5.up", { name })} data-testid="pick5-up">
                      <span aria-hidden>↑</span>
                    </ActionIcon>
                    <ActionIcon
                      ref={register(`down:${id}`)}
                      variant="default"
                      size="lg"
                      onClick={() => props.onMove(id, 1)}
                      disabled={pending || i === picks.length - 1}
                      aria-label={t("pick5.down", { name })}
                      data-testid="pick5-down"
                    >
                      <span aria-hidden>↓</span>
                    </ActionIcon>
                    <Button ref={register(`remove:${id}`)} variant="default" size="compact-sm" h={34} onClick={() => props.onRemove(id)} disabled={pending} aria-label={t("pick5.remove", { name })} data-testid="pick5-remove">
                      {t("pick5.removeButton")}
                    </Button>
                  </Group>
                )}
              </Group>
            </Paper>
          </li>
        ))}
      </Box>
    </section>
  );
}

/** The score, each pick's points, and the true top five linking to the profiles. */
export function Pick5Result({ state, puzzle, picksId, answerId, itemHref, subjectHref, headingRef }: { state: Pick5State; puzzle: Pick5Puzzle; picksId: string; answerId: string; itemHref: (id: string) => string; subjectHref: string; headingRef: Ref<HTMLHeadingElement> }) {
  const t = useTranslations("games");
  const locale = useLocale() as Locale;
  const bars = answerBars(state.answer);
  return (
    <>
      <Stack gap={4} data-testid="pick5-result" role="status">
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1} data-testid="pick5-score">
          {t("pick5.score", { score: state.score, max: state.max })}
        </Title>
        <Text fw={700} size="lg">
          {state.status === "won" ? t("won") : t("lost")} {state.status === "won" ? t("pick5.wonText") : t("pick5.lostText")}
        </Text>
      </Stack>

      <section aria-labelledby={picksId}>
        <Title order={3} size="h4" id={picksId} mb="xs">
          {t("pick5.yourPicks")}
        </Title>
        <Box component="ol" data-testid="pick5-picks" style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 6 }}>
          {state.picks.map((p, i) => {
            const verdict = pickVerdict(p);
            return (
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
                        color={verdict.color}
                        variant="dot"
                        size="lg"
                        styles={{ root: { height: "auto", minHeight: "var(--badge-height)", lineHeight: 1.3, textTransform: "none" }, label: { whiteSpace: "normal", textAlign: "start", paddingBlock: 2 } }}
                      >
                        <span aria-hidden>{verdict.mark}</span> {t(`pick5.${verdict.key}`, verdict.values)}
                      </Badge>
                      <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
                        {t("pick5.points", { count: p.points })}
                      </Text>
                    </Group>
                  </Group>
                </Paper>
              </li>
            );
          })}
        </Box>
      </section>

      <section aria-labelledby={answerId}>
        <Title order={3} size="h4" id={answerId} mb="xs">
          {t("pick5.answerTitle")}
        </Title>
        <Box component="ol" data-testid="pick5-answer" style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 10 }}>
          {state.answer.map((a, i) => (
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
              <Progress value={bars[i]} size="md" mt={4} aria-hidden />
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
  );
}
