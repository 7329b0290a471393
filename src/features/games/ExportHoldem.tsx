"use client";

/**
 * Export Hold'em: two countries face off over five product cards. Each round the player bets some
 * of their chips on the country that exports more of the product; the server checks every move and
 * only then reveals that round's two values. The page never holds a value before its round is played.
 */
import { Badge, Box, Button, Group, NumberInput, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { Locale } from "@/domain/i18n/locales";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { colorOrGrey } from "@/domain/charts/presentation";
import { holdemShareText, type HoldemMove, type HoldemPlayed, type HoldemPuzzle, type HoldemSide, type HoldemState } from "@/domain/games/holdem";
import { GameChrome } from "./GameChrome";
import { useGame, type PuzzleEnvelope } from "./useGame";
import { formatNumber } from "@/domain/format";
import { formatMoney } from "@/features/profiles/format";

type Outcome = "won" | "lost" | "tie";
/** The mark of a round's outcome: always shown next to a text label, never alone. */
const MARK: Record<Outcome, string> = { won: "✓", lost: "✗", tie: "=" };
const MARK_COLOR: Record<Outcome, string> = { won: "green", lost: "red", tie: "gray" };
const OUTCOME_KEY = { won: "holdem.outcomeWon", lost: "holdem.outcomeLost", tie: "holdem.outcomeTie" } as const;
const outcomeOf = (p: HoldemPlayed): Outcome => (p.winner === "tie" ? "tie" : p.winner === p.side ? "won" : "lost");

const DEFAULT_BET = 10;
const QUICK = [10, 25] as const;
const SIDES: readonly HoldemSide[] = ["a", "b"];

/** A whole number of chips from 1 to what the player holds. */
const isBet = (bet: number, chips: number) => Number.isInteger(bet) && bet >= 1 && bet <= chips;

export function ExportHoldem({ initial, sourceName }: { initial: PuzzleEnvelope<HoldemPuzzle>; sourceName: string }) {
  const t = useTranslations("games");
  const locale = useLocale() as Locale;
  const game = useGame<HoldemPuzzle, HoldemState>("export-holdem", initial);
  const { envelope, state, pending, ended, results, record } = game;
  const puzzle = envelope.data;
  const [countryA, countryB] = puzzle.countries;
  const country = { a: countryA, b: countryB };
  const total = puzzle.rounds.length;
  const played = state?.played ?? [];
  const chips = state?.chips ?? puzzle.startChips;
  const round = played.length;
  const current = !ended ? puzzle.rounds[round] : undefined;
  const last = played.at(-1) ?? null;
  const chipsBefore = played.length > 1 ? played[played.length - 2].chipsAfter : puzzle.startChips;

  // The bet belongs to one puzzle: a new puzzle starts from the default.
  const [betInput, setBetInput] = useState<{ puzzle: string; value: number | string }>({ puzzle: initial.puzzle, value: DEFAULT_BET });
  const betValue = betInput.puzzle === envelope.puzzle ? betInput.value : Math.min(DEFAULT_BET, chips);
  const bet = typeof betValue === "number" ? betValue : betValue.trim() === "" ? NaN : Number(betValue);
  const valid = isBet(bet, chips);
  const setBet = (value: number | string) => setBetInput({ puzzle: envelope.puzzle, value });

  const recorded = useRef<string | null>(null);
  // After a bet, the focus goes to what the server answered: the reveal, or the result at the end.
  const focusAfter = useRef(false);
  const revealRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const playersId = useId();
  const handId = useId();
  const roundId = useId();
  const quickId = useId();
  const countriesId = useId();


  // A finished game counts once in this browser's statistics (the server records its own copy).
  useEffect(() => {
    if (!state || state.status === "playing" || recorded.current === envelope.puzzle) return;
    recorded.current = envelope.puzzle;
    record({ puzzle: envelope.puzzle, won: state.status === "won", score: state.chips });
  }, [state, envelope.puzzle, record]);

  useEffect(() => {
    if (!focusAfter.current || !state) return;
    focusAfter.current = false;
    (state.status === "playing" ? revealRef : resultRef).current?.focus();
  }, [state]);

  async function betOn(side: HoldemSide) {
    if (!valid || pending || ended) return;
    const moves: HoldemMove[] = [...played.map((p) => ({ side: p.side, bet: p.bet })), { side, bet }];
    focusAfter.current = true;
    const s = await game.play(moves);
    if (!s) {
      focusAfter.current = false;
      return;
    }
    // The same bet for the next round when the player still holds it, else all they have.
    if (s.status === "playing") setBet(Math.min(bet, s.chips));
  }

  const label = envelope.daily ? envelope.puzzle.slice(2) : t("practice");
  const share = ended && state ? holdemShareText(t("holdem.title"), label, state, t("holdem.chips")) : null;
  const wins = (side: HoldemSide) => played.filter((p) => p.winner === side).length;
  const half = Math.max(1, Math.floor(chips / 2));
  const quick: { key: string; label: string; value: number; testId: string }[] = [
    ...QUICK.map((value) => ({ key: String(value), label: formatNumber(value, locale), value, testId: `holdem-quick-${value}` })),
    { key: "half", label: t("holdem.half"), value: half, testId: "holdem-half" },
    { key: "all", label: t("holdem.allIn"), value: chips, testId: "holdem-all-in" },
  ];

  return (
    <GameChrome
      game="export-holdem"
      title={t("holdem.title")}
      daily={envelope.daily ? envelope.puzzle.slice(2) : null}
      year={puzzle.year}
      source={sourceName}
      instructions={Object.values(t.raw("holdem.instructions") as Record<string, string>)}
      results={results}
      shareText={share}
      pending={pending}
      error={game.error}
      onLoad={(which) => {
        setBetInput({ puzzle: "", value: DEFAULT_BET });
        focusAfter.current = false;
        void game.load(which);
      }}
    >
      <Text size="lg">{t("holdem.lead", { chips: puzzle.startChips, year: puzzle.year })}</Text>

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
                {t("holdem.roundsWon", { count: wins(side) })}
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

      <section aria-labelledby={handId}>
        <Title order={2} size="h4" id={handId} mb="xs">
          {t("holdem.hand")}
        </Title>
        <Box
          component="ol"
          data-testid="holdem-hand"
          style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 8, gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))" }}
        >
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
                      <Badge color={MARK_COLOR[outcome]} variant="dot" style={{ textTransform: "none" }} mt={4}>
                        <span aria-hidden>{MARK[outcome]}</span> {t(OUTCOME_KEY[outcome])}
                      </Badge>
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

      {ended && state && (
        <Stack gap={4} data-testid="holdem-result" data-status={state.status} data-chips={state.chips} role="status">
          <Title order={2} size="h3" ref={resultRef} tabIndex={-1}>
            {t("holdem.finalChips", { count: state.chips })}
          </Title>
          <Text fw={700} size="lg">
            {state.status === "won" ? t("won") : t("lost")}{" "}
            {state.status === "won"
              ? t("holdem.wonText", { profit: state.chips - puzzle.startChips })
              : state.chips <= 0
                ? t("holdem.bustText", { n: played.length })
                : t("holdem.lostText", { start: puzzle.startChips })}
          </Text>
        </Stack>
      )}

      {last && (
        <Paper withBorder p="md" radius="md" data-testid="holdem-reveal" data-round={played.length} data-winner={last.winner}>
          <Title order={2} size="h4" ref={revealRef} tabIndex={-1}>
            {t("holdem.revealed", { n: played.length, product: last.product.name })}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t("holdem.revealSource", { source: sourceName, year: puzzle.year })}
          </Text>
          <Stack gap="xs">
            {SIDES.map((side) => {
              const largest = Math.max(last.values.a, last.values.b, 1);
              return (
                <div key={side} data-testid="holdem-reveal-value" data-side={side}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" fw={last.winner === side ? 700 : 400} style={{ minWidth: 0 }}>
                      {country[side].name}
                    </Text>
                    <Text size="sm" fw={700} style={{ whiteSpace: "nowrap", flexShrink: 0 }}>
                      {formatMoney(last.values[side], locale)}
                    </Text>
                  </Group>
                  <Progress value={(100 * last.values[side]) / largest} size="md" mt={4} aria-hidden />
                </div>
              );
            })}
          </Stack>
          <Text fw={600} mt="sm">
            {last.winner === "tie" ? t("holdem.revealTie") : t("holdem.revealWinner", { name: country[last.winner].name })}
          </Text>
          <Text size="sm">
            {t(outcomeOf(last) === "won" ? "holdem.betWon" : outcomeOf(last) === "lost" ? "holdem.betLost" : "holdem.betTie", { count: last.bet, name: country[last.side].name })}{" "}
            <span data-testid="holdem-chips-move">{t("holdem.chipsMove", { before: chipsBefore, after: last.chipsAfter })}</span>
          </Text>
        </Paper>
      )}

      {current && (
        <section aria-labelledby={roundId}>
          <Title order={2} size="h3" id={roundId} data-testid="holdem-round" data-round={round + 1} mb="sm">
            {t("holdem.round", { n: round + 1, total, product: current.product.name })}
          </Title>
          <Stack gap="sm">
            <NumberInput
              label={t("holdem.betLabel")}
              description={t("holdem.betHint", { max: chips })}
              value={betValue}
              onChange={setBet}
              min={1}
              max={chips}
              step={1}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              error={!valid && String(betValue).trim() !== "" ? t("holdem.betError", { max: chips }) : undefined}
              w={{ base: "100%", xs: 220 }}
              data-testid="holdem-bet"
            />
            <div role="group" aria-labelledby={quickId}>
              <Text size="sm" fw={500} id={quickId} mb={4}>
                {t("holdem.quickBets")}
              </Text>
              <Group gap="xs" wrap="wrap">
                {quick.map((q) => (
                  <Button
                    key={q.key}
                    variant={valid && bet === q.value ? "light" : "default"}
                    size="sm"
                    onClick={() => setBet(q.value)}
                    disabled={q.value > chips}
                    aria-pressed={valid && bet === q.value}
                    data-testid={q.testId}
                  >
                    {q.label}
                  </Button>
                ))}
              </Group>
            </div>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {SIDES.map((side) => (
                <Button
                  key={side}
                  size="md"
                  onClick={() => betOn(side)}
                  disabled={!valid || pending}
                  styles={{ root: { height: "auto", minHeight: 44 }, label: { whiteSpace: "normal", textAlign: "center", paddingBlock: 6 } }}
                  data-testid={`holdem-bet-${side}`}
                >
                  {t("holdem.betOn", { name: country[side].name })}
                </Button>
              ))}
            </SimpleGrid>
          </Stack>
        </section>
      )}

      {ended && state && (
        <>
          <Table.ScrollContainer minWidth={560} type="native">
            <Table striped withTableBorder data-testid="holdem-rounds">
              <Table.Caption>{t("holdem.tableCaption")}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("holdem.colRound")}</Table.Th>
                  <Table.Th scope="col">{t("holdem.colProduct")}</Table.Th>
                  <Table.Th scope="col">{t("holdem.exportsOf", { name: countryA.name })}</Table.Th>
                  <Table.Th scope="col">{t("holdem.exportsOf", { name: countryB.name })}</Table.Th>
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
                            <Badge color={MARK_COLOR[outcome]} variant="dot" style={{ textTransform: "none" }}>
                              <span aria-hidden>{MARK[outcome]}</span> {t(OUTCOME_KEY[outcome])}
                            </Badge>
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
      )}
    </GameChrome>
  );
}
