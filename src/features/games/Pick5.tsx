"use client";

/**
 * Pick 5: the top five exports of a country (or the top five exporters of a product), picked in
 * order from twelve candidates and sent in one submission. The server scores the picks and only
 * then reveals the true top five, drawn here as a small bar list linking to the profiles.
 * The picking rules are in pick5Model.ts; the board's parts in Pick5Parts.tsx.
 */
import { Button, Group, Text, Title } from "@mantine/core";
import type { Locale } from "@/domain/i18n/locales";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { PICK5_PICKS, pick5ShareText, type Pick5Puzzle, type Pick5State } from "@/domain/games/pick5";
import { GameChrome } from "./GameChrome";
import { Pick5Candidates, Pick5Picks, Pick5Result } from "./Pick5Parts";
import { canSubmit, movePick, pick5Links, picksOf, removePick, togglePick, type Chosen, type PickChange } from "./pick5Model";
import { useGame, type PuzzleEnvelope } from "./useGame";

export function Pick5({ initial, sourceName }: { initial: PuzzleEnvelope<Pick5Puzzle>; sourceName: string }) {
  const t = useTranslations("games");
  const locale = useLocale() as Locale;
  const game = useGame<Pick5Puzzle, Pick5State>("pick-5", initial);
  const { envelope, state, pending, ended, results, record } = game;
  const puzzle = envelope.data;
  // The picks belong to one puzzle: a new puzzle starts with none.
  const [chosen, setChosen] = useState<Chosen>({ puzzle: initial.puzzle, ids: [] });
  const picks = picksOf(chosen, envelope.puzzle);
  const recorded = useRef<string | null>(null);
  // Moving or removing a pick re-renders the list: the focus follows to a sensible button.
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusNext = useRef<string[] | null>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const candidatesId = useId();
  const picksId = useId();
  const answerId = useId();

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

  const apply = (change: PickChange | null) => {
    if (!change) return;
    setChosen({ puzzle: envelope.puzzle, ids: change.picks });
    if (change.focus) focusNext.current = change.focus;
  };
  const register = (key: string) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(key, el);
    else buttons.current.delete(key);
  };

  async function submit() {
    if (!canSubmit(picks, pending)) return;
    await game.play(picks);
  }

  const label = envelope.daily ? envelope.puzzle.slice(2) : t("practice");
  const share = ended && state ? pick5ShareText(t("pick5.title"), label, state) : null;
  const question = t(puzzle.kind === "country" ? "pick5.questionCountry" : "pick5.questionProduct", { subject: puzzle.subject.name, year: puzzle.year });
  const links = pick5Links(puzzle.kind, locale, puzzle.subject.id);

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
          <Pick5Candidates labelId={candidatesId} candidates={puzzle.candidates} picks={picks} pending={pending} register={register} onToggle={(id) => apply(togglePick(picks, id))} />
          <Pick5Picks
            labelId={picksId}
            candidates={puzzle.candidates}
            picks={picks}
            pending={pending}
            register={register}
            onMove={(id, by) => apply(movePick(picks, id, by))}
            onRemove={(id) => apply(removePick(picks, id))}
          />
          <Group gap="sm" wrap="wrap">
            <Button onClick={submit} disabled={!canSubmit(picks, pending)} loading={pending} data-testid="pick5-submit">
              {t("submit")}
            </Button>
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="pick5-count">
              {t("pick5.picked", { count: picks.length, max: PICK5_PICKS })}
            </Text>
          </Group>
        </>
      ) : (
        <Pick5Result state={state!} puzzle={puzzle} picksId={picksId} answerId={answerId} itemHref={links.item} subjectHref={links.subject} headingRef={resultRef} />
      )}
    </GameChrome>
  );
}
