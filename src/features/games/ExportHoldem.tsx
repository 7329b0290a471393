"use client";

/**
 * Export Hold'em: two countries face off over five product cards. Each round the player bets some
 * of their chips on the country that exports more of the product; the server checks every move and
 * only then reveals that round's two values. The page never holds a value before its round is played.
 * The rules the page applies are in holdemModel.ts; the board's parts in HoldemParts.tsx.
 */
import { Stack, Text, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { holdemShareText, type HoldemPuzzle, type HoldemSide, type HoldemState } from "@/domain/games/holdem";
import { GameChrome } from "./GameChrome";
import { HoldemBetting, HoldemHand, HoldemPlayers, HoldemReveal, HoldemSummary } from "./HoldemParts";
import { DEFAULT_BET, endingText, holdemProgress, movesWith, nextBet, readBet, type BetInput } from "./holdemModel";
import { useGame, type PuzzleEnvelope } from "./useGame";

export function ExportHoldem({ initial, sourceName }: { initial: PuzzleEnvelope<HoldemPuzzle>; sourceName: string }) {
  const t = useTranslations("games");
  const game = useGame<HoldemPuzzle, HoldemState>("export-holdem", initial);
  const { envelope, state, pending, ended, results, record } = game;
  const puzzle = envelope.data;
  const [countryA, countryB] = puzzle.countries;
  const country = { a: countryA, b: countryB };
  const { played, chips, round, total, current, last, chipsBefore } = holdemProgress(puzzle, state, ended);

  // The bet belongs to one puzzle: a new puzzle starts from the default.
  const [betInput, setBetInput] = useState<BetInput>({ puzzle: initial.puzzle, value: DEFAULT_BET });
  const { value: betValue, bet, valid, error: betError } = readBet(betInput, envelope.puzzle, chips);
  const setBet = (value: number | string) => setBetInput({ puzzle: envelope.puzzle, value });

  const recorded = useRef<string | null>(null);
  // After a bet, the focus goes to what the server answered: the reveal, or the result at the end.
  const focusAfter = useRef(false);
  const revealRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);

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
    focusAfter.current = true;
    const s = await game.play(movesWith(played, side, bet));
    if (!s) {
      focusAfter.current = false;
      return;
    }
    if (s.status === "playing") setBet(nextBet(bet, s.chips));
  }

  const label = envelope.daily ? envelope.puzzle.slice(2) : t("practice");
  const share = ended && state ? holdemShareText(t("holdem.title"), label, state, t("holdem.chips")) : null;
  const ending = ended && state ? endingText(state, puzzle.startChips, played.length) : null;

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
      <HoldemPlayers country={country} played={played} last={last} chips={chips} />
      <HoldemHand puzzle={puzzle} played={played} round={round} ended={ended} />

      {ended && state && ending && (
        <Stack gap={4} data-testid="holdem-result" data-status={state.status} data-chips={state.chips} role="status">
          <Title order={2} size="h3" ref={resultRef} tabIndex={-1}>
            {t("holdem.finalChips", { count: state.chips })}
          </Title>
          <Text fw={700} size="lg">
            {state.status === "won" ? t("won") : t("lost")} {t(`holdem.${ending.key}`, ending.values)}
          </Text>
        </Stack>
      )}

      {last && <HoldemReveal last={last} rounds={played.length} country={country} chipsBefore={chipsBefore} sourceName={sourceName} year={puzzle.year} headingRef={revealRef} />}

      {current && (
        <HoldemBetting
          round={round}
          total={total}
          product={current.product.name}
          country={country}
          chips={chips}
          betValue={betValue}
          bet={bet}
          valid={valid}
          error={betError}
          pending={pending}
          onBet={setBet}
          onBetOn={betOn}
        />
      )}

      {ended && state && <HoldemSummary puzzle={puzzle} played={played} country={country} />}
    </GameChrome>
  );
}
