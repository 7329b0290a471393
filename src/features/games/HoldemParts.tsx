"use client";

/** The parts of Export Hold'em's board (ExportHoldem.tsx): players, hand, reveal, betting and the final table. */
import { Badge, Box, Button, Group, NumberInput, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { useId, type Ref } from "react";
import { colorOrGrey } from "@/domain/charts/presentation";
import { formatNumber } from "@/domain/format";
import type { HoldemPlayed, HoldemPuzzle, HoldemSide } from "@/domain/games/holdem";
import type { Locale } from "@/domain/i18n/locales";
import { formatMoney } from "@/features/profiles/format";
import { betOutcomeKey, outcomeOf, quickBets, revealShare, SIDES, winsOf, type Outcome } from "./holdemModel";

type Countries = Record<HoldemSide, { id: string; name: string }>;

/** The mark of a round's outcome: always shown next to a text label, never alone. */
const MARK: Record<Outcome, string> = { won: "✓", lost: "✗", tie: "=" };
const MARK_COLOR: Record<Outcome, string> = { won: "green", lost: "red", tie: "gray" };
const OUTCOME_KEY = { won: "holdem.outcomeWon", lost: "holdem.outcomeLost", tie: "holdem.outcomeTie" } as const;

export function HoldemPlayers({ country, played, last, chips }: { country: Countries; played: HoldemPlayed[]; last: HoldemPlayed | null; chips: number }) {
  const t = useTranslations("games");
  const playersId = useId();
  return (
    <section aria-labelledby={playersId}>
      <Title order={2} size="h4" id={playersId} mb="xs">
        {t("holdem.players")}
      </Title>
      <SimpleGrid cols={2} spacing="sm">
        {SIDES.map((side) => (
          <Paper
            key={side}
            withBorder
            p="sm"
            radius="md"
            data-testid="holdem-player"
            data-side={side}
            style={last && last.winner === side ? { borderColor: "var(--mantine-primary-color-filled)", borderWidth: 2 } : undefined}
          >
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge size="lg" circle variant="filled" aria-hidden style={{ flexShrink: 0 }}>
                {side.toUpperCase()}
              </Badge>
              <Text fw={700} style={{ minWidth: 0, overflowWrap: "anywhere" }}>
                {country[side].name}
              </Text>
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              {t("holdem.roundsWon", { count: winsOf(played, side) })}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder p="sm" radius="md" mt="sm">
        <Text fw={700} size="xl" aria-live="polite" aria-atomic="true" data-testid="holdem-chips" data-chips={chips}>
          {t("holdem.yourChips", { count: chips })}
        </Text>
      </Paper>
    </section>
  );
}

function OutcomeBadge({ outcome, mt }: { outcome: Outcome; mt?: number }) {
  const t = useTranslations("games");
  return (
    <Badge color={MARK_COLOR[outcome]} variant="dot" style={{ textTransform: "none" }} mt={mt}>
      <span aria-hidden>{MARK[outcome]}</span> {t(OUTCOME_KEY[outcome])}
    </Badge>
  );
}

export function HoldemHand({ puzzle, played, round, ended }: { puzzle: HoldemPuzzle; played: HoldemPlayed[]; round: number; ended: boolean }) {
  const t = useTranslations("games");
  const handId = useId();
  return (
    <section aria-labelledby={handId}>
      <Title order={2} size="h4" id={handId} mb="xs">
        {t("holdem.hand")}
      </Title>
      <Box component="ol" data-testid="holdem-hand" style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 8, gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))" }}>
        {puzzle.rounds.map((r, i) => {
          const p = played[i];
          const outcome = p ? outcomeOf(p) : null;
          const isCurrent = !ended && i === round;
          return (
            <li key={`${i}-${r.product.id}`} data-testid="holdem-card" data-state={p ? "played" : isCurrent ? "current" : "upcoming"} aria-current={isCurrent ? "step" : undefined}>
              <Paper
                withBorder
                radius="sm"
                p="xs"
                h="100%"
                style={{
                  borderInlineStart: `6px solid ${colorOrGrey(r.product.section.color)}`,
                  ...(isCurrent ? { outline: "3px solid var(--mantine-primary-color-filled)", outlineOffset: 1 } : {}),
                }}
              >
                <Stack gap={2}>
                  <Text size="xs" c="dimmed">
                    {t("holdem.cardRound", { n: i + 1 })}
                  </Text>
                  <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                    {r.product.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {r.product.section.name}
                  </Text>
                  {outcome ? (
                    <OutcomeBadge outcome={outcome} mt={4} />
                  ) : isCurrent ? (
                    <Badge variant="filled" style={{ textTransform: "none" }} mt={4}>
                      {t("holdem.now")}
                    </Badge>
                  ) : null}
                </Stack>
              </Paper>
            </li>
          );
        })}
      </Box>
    </section>
  );
}

/** The last round's two values, who won it and what the bet did to the chips. */
export function HoldemReveal({ last, rounds, country, chipsBefore, sourceName, year, headingRef }: { last: HoldemPlayed; rounds: number; country: Countries; chipsBefore: number; sourceName: string; year: number; headingRef: Ref<HTMLHeadingElement> }) {
  const t = useTranslations("games");
  const locale = useLocale() as Locale;
  return (
    <Paper withBorder p="md" radius="md" data-testid="holdem-reveal" data-round={rounds} data-winner={last.winner}>
      <Title order={2} size="h4" ref={headingRef} tabIndex={-1}>
        {t("holdem.revealed", { n: rounds, product: last.product.name })}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("holdem.revealSource", { source: sourceName, year })}
      </Text>
      <Stack gap="xs">
        {SIDES.map((side) => (
          <div key={side} data-testid="holdem-reveal-value" data-side={side}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={last.winner === side ? 700 : 400} style={{ minWidth: 0 }}>
                {country[side].name}
              </Text>
              <Text size="sm" fw={700} style={{ whiteSpace: "nowrap", flexShrink: 0 }}>
                {formatMoney(last.values[side], locale)}
              </Text>
            </Group>
            <Progress value={revealShare(last.values, side)} size="md" mt={4} aria-hidden />
          </div>
        ))}
      </Stack>
      <Text fw={600} mt="sm">
        {last.winner === "tie" ? t("holdem.revealTie") : t("holdem.revealWinner", { name: country[last.winner].name })}
      </Text>
      <Text size="sm">
        {t(`holdem.${betOutcomeKey(last)}`, { count: last.bet, name: country[last.side].name })}{" "}
        <span data-testid="holdem-chips-move">{t("holdem.chipsMove", { before: chipsBefore, after: last.chipsAfter })}</span>
      </Text>
    </Paper>
  );
}

/** The round to play: the bet (typed or quick) and a button per side. */
export function HoldemBetting(props: {
  round: number;
  total: number;
  product: string;
  country: Countries;
  chips: number;
  betValue: number | string;
  bet: number;
  valid: boolean;
  error: boolean;
  pending: boolean;
  onBet: (value: number | string) => void;
  onBetOn: (side: HoldemSide) => void;
}) {
  const { round, chips, bet, valid, country } = props;
  const t = useTranslations("games");
  const locale = useLocale() as Locale;
  const roundId = useId();
  const quickId = useId();
  const quickLabel = (key: string, value: number) => (key === "half" ? t("holdem.half") : key === "all" ? t("holdem.allIn") : formatNumber(value, locale));
  const quickTestId = (key: string) => (key === "half" ? "holdem-half" : key === "all" ? "holdem-all-in" : `holdem-quick-${key}`);
  return (
    <section aria-labelledby={roundId}>
      <Title order={2} size="h3" id={roundId} data-testid="holdem-round" data-round={round + 1} mb="sm">
        {t("holdem.round", { n: round + 1, total: props.total, product: props.product })}
      </Title>
      <Stack gap="sm">
        <NumberInput
          label={t("holdem.betLabel")}
          description={t("holdem.betHint", { max: chips })}
          value={props.betValue}
          onChange={props.onBet}
          min={1}
          max={chips}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          error={props.error ? t("holdem.betError", { max: chips }) : undefined}
          w={{ base: "100%", xs: 220 }}
          data-testid="holdem-bet"
        />
        <div role="group" aria-labelledby={quickId}>
          <Text size="sm" fw={500} id={quickId} mb={4}>
            {t("holdem.quickBets")}
          </Text>
          <Group gap="xs" wrap="wrap">
            {quickBets(chips).map((q) => (
              <Button
                key={q.key}
                variant={valid && bet === q.value ? "light" : "default"}
                size="sm"
                onClick={() => props.onBet(q.value)}
                disabled={q.value > chips}
                aria-pressed={valid && bet === q.value}
                data-testid={quickTestId(q.key)}
              >
                {quickLabel(q.key, q.value)}
              </Button>
            ))}
          </Group>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {SIDES.map((side) => (
            <Button
              key={side}
              size="md"
              onClick={() => props.onBetOn(side)}
              disabled={!valid || props.pending}
              styles={{ root: { height: "auto", minHeight: 44 }, label: { whiteSpace: "normal", textAlign: "center", paddingBlock: 6 } }}
              data-testid={`holdem-bet-${side}`}
            >
              {t("holdem.betOn", { name: country[side].name })}
            </Button>
          ))}
        </SimpleGrid>
      </Stack>
    </section>
  );
}

/** After the game: every round's values, bet and result, and links to both countries' profiles. */
export function HoldemSummary({ puzzle, played, country }: { puzzle: HoldemPuzzle; played: HoldemPlayed[]; country: Countries }) {
  const t = useTranslations("games");
  const locale = useLocale() as Locale;
  const countriesId = useId();
  return (
    <>
      <Table.ScrollContainer minWidth={560} type="native">
        <Table striped withTableBorder data-testid="holdem-rounds">
          <Table.Caption>{t("holdem.tableCaption")}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("holdem.colRound")}</Table.Th>
              <Table.Th scope="col">{t("holdem.colProduct")}</Table.Th>
              <Table.Th scope="col">{t("holdem.exportsOf", { name: country.a.name })}</Table.Th>
              <Table.Th scope="col">{t("holdem.exportsOf", { name: country.b.name })}</Table.Th>
              <Table.Th scope="col">{t("holdem.colBet")}</Table.Th>
              <Table.Th scope="col">{t("holdem.colResult")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {puzzle.rounds.map((r, i) => {
              const p = played[i];
              const outcome = p ? outcomeOf(p) : null;
              return (
                <Table.Tr key={`${i}-${r.product.id}`} data-testid="holdem-round-row" data-played={p ? "true" : "false"} data-outcome={outcome ?? ""}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    <Link href={`/${locale}/profile/hs/${r.product.id}`}>{r.product.name}</Link>
                  </Table.Td>
                  {SIDES.map((side) => (
                    <Table.Td key={side} fw={p && p.winner === side ? 700 : undefined} style={{ whiteSpace: "nowrap" }}>
                      {p ? formatMoney(p.values[side], locale) : "—"}
                    </Table.Td>
                  ))}
                  <Table.Td>{p ? t("holdem.betCell", { count: p.bet, name: country[p.side].name }) : t("holdem.notPlayed")}</Table.Td>
                  <Table.Td>
                    {p && outcome ? (
                      <Group gap="xs" wrap="nowrap">
                        <OutcomeBadge outcome={outcome} />
                        <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                          {t("holdem.chipsAfter", { count: p.chipsAfter })}
                        </Text>
                      </Group>
                    ) : (
                      "—"
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <section aria-labelledby={countriesId}>
        <Title order={2} size="h4" id={countriesId} mb="xs">
          {t("holdem.countries")}
        </Title>
        <Stack gap={4}>
          {SIDES.map((side) => (
            <Text key={side}>
              <Link href={`/${locale}/profile/country/${country[side].id}`} data-testid="holdem-country-link" data-side={side}>
                {t("profileLink", { name: country[side].name })}
              </Link>
            </Text>
          ))}
        </Stack>
      </section>
    </>
  );
}
