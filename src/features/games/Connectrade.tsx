"use client";

/**
 * Connectrade: sixteen countries to sort into four groups of four that share a trade fact. Each
 * guess is sent with every guess before it and checked by the server, which tells only whether it
 * was a group (and whether it was one tile away); the facts of the groups not found stay on the
 * server until the game ends. The board's rules are in connectradeModel.ts; its parts in
 * ConnectradeParts.tsx.
 */
import { Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { connectradeShareText, type ConnectradePuzzle, type ConnectradeState } from "@/domain/games/connectrade";
import { GameChrome } from "./GameChrome";
import { ConnectradeControls, ConnectradeFeedback, ConnectradeGrid, ConnectradeMistakes, ConnectradeResult, ConnectradeSolved } from "./ConnectradeParts";
import { connectradeBoard, guessFeedback, movesWith, shuffledIds, submitAction, toggleTile, type PuzzleIds } from "./connectradeModel";
import { useGame, type PuzzleEnvelope } from "./useGame";

export function Connectrade({ initial, sourceName }: { initial: PuzzleEnvelope<ConnectradePuzzle>; sourceName: string }) {
  const t = useTranslations("games");
  const game = useGame<ConnectradePuzzle, ConnectradeState>("connectrade", initial);
  const { envelope, state, pending, ended, results, record } = game;
  const puzzle = envelope.data;
  const moves = game.moves as string[][];
  // The selection and the order of the tiles belong to one puzzle: a new puzzle starts afresh.
  const [selection, setSelection] = useState<PuzzleIds>({ puzzle: initial.puzzle, ids: [] });
  const [order, setOrder] = useState<PuzzleIds | null>(null);
  const [repeated, setRepeated] = useState(false);
  const recorded = useRef<string | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const answered = useRef(0);

  // A finished game counts once in this browser's statistics (the server records its own copy).
  useEffect(() => {
    if (!state || state.status === "playing" || recorded.current === envelope.puzzle) return;
    recorded.current = envelope.puzzle;
    record({ puzzle: envelope.puzzle, won: state.status === "won", score: state.mistakes });
  }, [state, envelope.puzzle, record]);

  // After each answer of the server the focus goes somewhere useful: back to Submit after a wrong
  // guess, to the first remaining tile after a group is found, to the result at the end.
  useEffect(() => {
    const count = state?.results.length ?? 0;
    if (count === answered.current) return;
    answered.current = count;
    if (!state || count === 0 || state.status !== "playing") return;
    if (state.results[count - 1].correct) gridRef.current?.querySelector<HTMLButtonElement>("button:not(:disabled)")?.focus();
    else submitRef.current?.focus();
  }, [state]);

  useEffect(() => {
    if (ended) resultRef.current?.focus();
  }, [ended]);

  const board = connectradeBoard({ puzzleId: envelope.puzzle, puzzle, state, moves, selection, order });
  const { solved, selected } = board;

  const setSelected = (ids: string[]) => {
    setRepeated(false);
    setSelection({ puzzle: envelope.puzzle, ids });
  };

  function toggle(id: string) {
    if (pending) return;
    const next = toggleTile(selected, id);
    if (next) setSelected(next);
  }

  async function submit() {
    const action = submitAction(board, pending, ended);
    // The same wrong guess twice costs nothing: it is refused here, before the server.
    if (action === "repeated") setRepeated(true);
    if (action !== "send") return;
    await game.play(movesWith(moves, selected));
  }

  const label = envelope.daily ? envelope.puzzle.slice(2) : t("practice");
  const share = ended && state ? connectradeShareText(t("connectrade.title"), label, state, moves) : null;
  // What the last guess did, said once in a live region (a wrong guess one tile away says so).
  const { oneAway, key } = guessFeedback(board.last, repeated, ended);

  return (
    <GameChrome
      game="connectrade"
      title={t("connectrade.title")}
      daily={envelope.daily ? envelope.puzzle.slice(2) : null}
      year={puzzle.year}
      source={sourceName}
      instructions={Object.values(t.raw("connectrade.instructions") as Record<string, string>)}
      results={results}
      shareText={share}
      pending={pending}
      error={game.error}
      onLoad={(which) => {
        setSelection({ puzzle: "", ids: [] });
        setOrder(null);
        setRepeated(false);
        void game.load(which);
      }}
    >
      <Text size="lg">{t("connectrade.lead", { year: puzzle.year })}</Text>

      <ConnectradeSolved solved={solved} />

      {!ended ? (
        <>
          <ConnectradeGrid remaining={board.remaining} selected={selected} gridRef={gridRef} onToggle={toggle} />
          <ConnectradeControls
            selected={selected.length}
            pending={pending}
            submitRef={submitRef}
            onSubmit={submit}
            onDeselect={() => setSelected([])}
            onShuffle={() => setOrder({ puzzle: envelope.puzzle, ids: shuffledIds(board.orderIds) })}
          />
          <ConnectradeMistakes maxMistakes={puzzle.maxMistakes} mistakesLeft={board.mistakesLeft} />
          <ConnectradeFeedback oneAway={oneAway} feedback={key ? t(`connectrade.${key}`) : ""} answers={state?.results.length} repeated={repeated} />
        </>
      ) : (
        <ConnectradeResult state={state!} solved={solved} headingRef={resultRef} />
      )}
    </GameChrome>
  );
}
