"use client";

/**
 * Connectrade: sixteen countries to sort into four groups of four that share a trade fact. Each
 * guess is sent with every guess before it and checked by the server, which tells only whether it
 * was a group (and whether it was one tile away); the facts of the groups not found stay on the
 * server until the game ends.
 */
import { Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import {
  CONNECTRADE_GROUP_SIZE,
  connectradeShareText,
  type ConnectradeFact,
  type ConnectradeGroup,
  type ConnectradePuzzle,
  type ConnectradeState,
} from "@/domain/games/connectrade";
import { GameChrome } from "./GameChrome";
import { useGame, type PuzzleEnvelope } from "./useGame";

/** The colour of a group by its level (0 easiest): Mantine theme colours, tinted for the bands. */
const LEVEL_COLORS = ["yellow", "green", "blue", "grape"] as const;

const guessKey = (ids: readonly string[]) => [...ids].sort().join("|");

/** A coloured band: a group's fact and its four countries (linked once the game has ended). */
function Band({ group, fact, members, testId }: { group: ConnectradeGroup; fact: ReactNode; members: ReactNode; testId: string }) {
  const color = LEVEL_COLORS[group.fact.level] ?? "gray";
  return (
    <Paper
      component="li"
      radius="md"
      p="sm"
      data-testid={testId}
      data-level={group.fact.level}
      style={{
        background: `var(--mantine-color-${color}-light)`,
        borderInlineStart: `6px solid var(--mantine-color-${color}-filled)`,
        color: "var(--mantine-color-text)",
        textAlign: "center",
      }}
    >
      <Text fw={700} size="sm">
        {fact}
      </Text>
      <Text size="sm" mt={2}>
        {members}
      </Text>
    </Paper>
  );
}

export function Connectrade({ initial, sourceName }: { initial: PuzzleEnvelope<ConnectradePuzzle>; sourceName: string }) {
  const t = useTranslations("games");
  const locale = useLocale();
  const game = useGame<ConnectradePuzzle, ConnectradeState>("connectrade", initial);
  const { envelope, state, pending, ended, results, record } = game;
  const puzzle = envelope.data;
  const moves = game.moves as string[][];
  // The selection and the order of the tiles belong to one puzzle: a new puzzle starts afresh.
  const [selection, setSelection] = useState<{ puzzle: string; ids: string[] }>({ puzzle: initial.puzzle, ids: [] });
  const [order, setOrder] = useState<{ puzzle: string; ids: string[] } | null>(null);
  const [repeated, setRepeated] = useState(false);
  const recorded = useRef<string | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const answered = useRef(0);
  const gridId = useId();
  const groupsId = useId();

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

  const solved = state?.solved ?? [];
  const solvedIds = new Set(solved.flatMap((g) => g.members.map((m) => m.id)));
  // A found group leaves the selection with its tiles.
  const selected = selection.puzzle === envelope.puzzle ? selection.ids.filter((id) => !solvedIds.has(id)) : [];
  const tilesById = new Map(puzzle.tiles.map((tile) => [tile.id, tile]));
  const orderIds = order && order.puzzle === envelope.puzzle ? order.ids : puzzle.tiles.map((tile) => tile.id);
  const remaining = orderIds.filter((id) => !solvedIds.has(id)).map((id) => tilesById.get(id)!);
  const mistakesLeft = puzzle.maxMistakes - (state?.mistakes ?? 0);
  const last = state?.results[state.results.length - 1];
  const wrongKeys = new Set(moves.filter((_, i) => state?.results[i] && !state.results[i].correct).map(guessKey));

  const setSelected = (ids: string[]) => {
    setRepeated(false);
    setSelection({ puzzle: envelope.puzzle, ids });
  };

  function toggle(id: string) {
    if (pending) return;
    if (selected.includes(id)) setSelected(selected.filter((s) => s !== id));
    else if (selected.length < CONNECTRADE_GROUP_SIZE) setSelected([...selected, id]);
  }

  function shuffle() {
    const ids = [...orderIds];
    for (let i = ids.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [ids[i], ids[j]] = [ids[j], ids[i]];
    }
    setOrder({ puzzle: envelope.puzzle, ids });
  }

  async function submit() {
    if (selected.length !== CONNECTRADE_GROUP_SIZE || pending || ended) return;
    // The same wrong guess twice costs nothing: it is refused here, before the server.
    if (wrongKeys.has(guessKey(selected))) {
      setRepeated(true);
      return;
    }
    await game.play([...moves, selected]);
  }

  /** A fact in words; its subject (product, partner or continent) linked to its profile at the end. */
  function factText(fact: ConnectradeFact, linked: boolean): ReactNode {
    const { kind, params } = fact;
    const href =
      kind === "topExport" || kind === "topExporters"
        ? `/${locale}/profile/hs/${params.product}`
        : kind === "mainPartner"
          ? `/${locale}/profile/country/${params.partner}`
          : `/${locale}/profile/continent/${params.continent}`;
    return t.rich(`connectrade.facts.${kind}`, {
      name: params.name,
      subject: (chunks) =>
        linked ? (
          <Link href={href} style={{ color: "inherit", textDecoration: "underline" }} data-testid="ct-fact-link">
            {chunks}
          </Link>
        ) : (
          chunks
        ),
    });
  }

  const countryLinks = (group: ConnectradeGroup) =>
    group.members.map((m, i) => (
      <span key={m.id}>
        {i > 0 && ", "}
        <Link href={`/${locale}/profile/country/${m.id}`} style={{ color: "inherit", textDecoration: "underline" }} data-testid="ct-country-link">
          {m.name}
        </Link>
      </span>
    ));

  const label = envelope.daily ? envelope.puzzle.slice(2) : t("practice");
  const share = ended && state ? connectradeShareText(t("connectrade.title"), label, state, moves) : null;
  // What the last guess did, said once in a live region (a wrong guess one tile away says so).
  const oneAway = !repeated && !ended && last !== undefined && !last.correct && last.oneAway;
  const feedback = repeated ? t("connectrade.alreadyGuessed") : !last || ended || oneAway ? "" : last.correct ? t("connectrade.found") : t("connectrade.wrong");

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

      {solved.length > 0 && (
        <Box component="ul" aria-label={t("connectrade.solvedTitle")} style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 6 }}>
          {solved.map((g) => (
            <Band key={g.fact.level} group={g} testId="ct-solved" fact={factText(g.fact, false)} members={g.members.map((m) => m.name).join(", ")} />
          ))}
        </Box>
      )}

      {!ended ? (
        <>
          <section aria-labelledby={gridId}>
            <Text fw={600} id={gridId} mb="xs">
              {t("connectrade.gridLabel")}
            </Text>
            <SimpleGrid cols={4} spacing={6} verticalSpacing={6} ref={gridRef}>
              {remaining.map((tile) => {
                const on = selected.includes(tile.id);
                return (
                  <Button
                    key={tile.id}
                    variant={on ? "filled" : "default"}
                    aria-pressed={on}
                    onClick={() => toggle(tile.id)}
                    disabled={!on && selected.length >= CONNECTRADE_GROUP_SIZE}
                    fullWidth
                    px={4}
                    styles={{
                      root: { height: "auto", minHeight: 64 },
                      inner: { height: "auto", minHeight: 64, justifyContent: "center" },
                      label: {
                        whiteSpace: "normal",
                        overflow: "visible",
                        height: "auto",
                        textAlign: "center",
                        // Four columns even on a 390 px phone: a smaller size there, long names wrap.
                        fontSize: "clamp(0.75rem, 3.2vw, 0.875rem)",
                        lineHeight: 1.2,
                        paddingBlock: 6,
                        overflowWrap: "anywhere",
                        hyphens: "auto",
                      },
                    }}
                    data-testid="ct-tile"
                    data-id={tile.id}
                  >
                    {tile.name}
                  </Button>
                );
              })}
            </SimpleGrid>
          </section>

          <Group gap="xs" wrap="wrap">
            <Button ref={submitRef} onClick={submit} disabled={selected.length !== CONNECTRADE_GROUP_SIZE || pending} data-testid="ct-submit">
              {t("submit")}
            </Button>
            <Button variant="default" onClick={() => setSelected([])} disabled={selected.length === 0 || pending} data-testid="ct-deselect">
              {t("connectrade.deselect")}
            </Button>
            <Button variant="default" onClick={shuffle} disabled={pending} data-testid="ct-shuffle">
              {t("connectrade.shuffle")}
            </Button>
            <Text size="sm" c="dimmed">
              {t("connectrade.selected", { count: selected.length, max: CONNECTRADE_GROUP_SIZE })}
            </Text>
          </Group>

          <Group gap="sm" wrap="wrap" align="center">
            <Group gap={6} aria-hidden wrap="nowrap">
              {Array.from({ length: puzzle.maxMistakes }, (_, i) => (
                <Box
                  key={i}
                  w={14}
                  h={14}
                  style={{
                    borderRadius: "50%",
                    border: "2px solid var(--mantine-color-gray-6)",
                    background: i < mistakesLeft ? "var(--mantine-color-gray-6)" : "transparent",
                  }}
                />
              ))}
            </Group>
            <Text size="sm" aria-live="polite" data-testid="ct-mistakes">
              {t("connectrade.mistakesLeft", { count: mistakesLeft })}
            </Text>
          </Group>

          <div role="status" aria-live="polite">
            {oneAway ? (
              <Text fw={700} key={state?.results.length} data-testid="ct-one-away">
                {t("connectrade.oneAway")}
              </Text>
            ) : feedback ? (
              <Text fw={600} key={`${state?.results.length}-${repeated}`} data-testid="ct-feedback">
                {feedback}
              </Text>
            ) : null}
          </div>
        </>
      ) : (
        <>
          <Stack gap={4} data-testid="ct-result" role="status">
            <Title order={2} size="h3" ref={resultRef} tabIndex={-1}>
              {state!.status === "won" ? t("won") : t("lost")}
            </Title>
            <Text size="lg">{state!.status === "won" ? t("connectrade.wonText", { count: state!.mistakes }) : t("connectrade.lostText")}</Text>
          </Stack>

          <section aria-labelledby={groupsId}>
            <Title order={3} size="h4" id={groupsId} mb="xs">
              {t("connectrade.groupsTitle")}
            </Title>
            <Box component="ul" data-testid="ct-groups" style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 6 }}>
              {(state!.groups ?? solved).map((g) => (
                <Band key={g.fact.level} group={g} testId="ct-group" fact={factText(g.fact, true)} members={countryLinks(g)} />
              ))}
            </Box>
          </section>
        </>
      )}
    </GameChrome>
  );
}
