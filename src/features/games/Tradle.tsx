"use client";

/**
 * Tradle: the mystery country's exports as a treemap, six guesses, each answered by the server
 * with distance, direction and proximity. The page never holds the answer before the end.
 */
import { Badge, Button, Group, Progress, Select, Stack, Table, Text, type ComboboxItem, type OptionsFilter } from "@mantine/core";
import type { Locale } from "@/domain/i18n/locales";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { useEffect, useMemo, useRef, useState } from "react";
import type { TreemapInput } from "@/domain/charts/options";
import { colorOrGrey } from "@/domain/charts/presentation";
import { tradleShareText, type TradlePuzzle, type TradleState } from "@/domain/games/tradle";
import { Chart } from "@/features/charts/Chart";
import { GameChrome } from "./GameChrome";
import { useGame, type PuzzleEnvelope } from "./useGame";
import { formatNumber, formatPercent } from "@/domain/format";
import { fold } from "@/domain/format/fold";


/** Accent-, case- and apostrophe-insensitive, matching the start of any word first. */
const countryFilter: OptionsFilter = ({ options, search, limit }) => {
  const q = fold(search.trim());
  if (!q) return options.slice(0, limit);
  const items = options as ComboboxItem[];
  const starts = items.filter((o) => fold(o.label).split(/[\s-]+/).some((w) => w.startsWith(q)) || fold(o.label).startsWith(q));
  const contains = items.filter((o) => !starts.includes(o) && fold(o.label).includes(q));
  return [...starts, ...contains].slice(0, limit);
};

const ARROW: Record<string, string> = { N: "↑", NE: "↗", E: "→", SE: "↘", S: "↓", SW: "↙", W: "←", NW: "↖" };

export function Tradle({ initial, sourceName }: { initial: PuzzleEnvelope<TradlePuzzle>; sourceName: string }) {
  const t = useTranslations("games");
  const locale = useLocale() as Locale;
  const game = useGame<TradlePuzzle, TradleState>("tradle", initial);
  const { envelope, state, pending, ended, results, record } = game;
  const puzzle = envelope.data;
  const [choice, setChoice] = useState<string | null>(null);
  const recorded = useRef<string | null>(null);

  const guesses = state?.guesses ?? [];
  const guessed = new Set(guesses.map((g) => g.id));
  const options = useMemo(
    () => puzzle.countries.map((c) => ({ value: c.id, label: c.name })).sort((a, b) => a.label.localeCompare(b.label, locale)),
    [puzzle.countries, locale],
  );

  // A finished game counts once in this browser's statistics (the server records its own copy).
  useEffect(() => {
    if (!state || state.status === "playing" || recorded.current === envelope.puzzle) return;
    recorded.current = envelope.puzzle;
    record({ puzzle: envelope.puzzle, won: state.status === "won", score: state.status === "won" ? state.guesses.length : 7 });
  }, [state, envelope.puzzle, record]);

  async function submit() {
    if (!choice || guessed.has(choice)) return;
    const next = [...guesses.map((g) => g.id), choice];
    const s = await game.play(next);
    if (s) setChoice(null);
  }

  const input: TreemapInput = useMemo(
    () => ({
      rows: puzzle.products.map((p) => {
        const section = puzzle.sections.find((s) => s.id === p.section);
        return { id: p.id, name: p.name, code: p.id, kind: "hs4" as const, color: colorOrGrey(section?.color), group: p.section, value: p.value };
      }),
      groups: puzzle.sections.map((s) => ({ id: s.id, name: s.name, color: colorOrGrey(s.color), kind: "section" as const })),
      year: puzzle.year,
      dimension: "product",
    }),
    [puzzle],
  );

  const share = ended && state ? tradleShareText(t("tradle.title"), envelope.daily ? envelope.puzzle.slice(2) : t("practice"), state) : null;
  const left = puzzle.maxGuesses - guesses.length;
  return (
    <GameChrome
      game="tradle"
      title={t("tradle.title")}
      daily={envelope.daily ? envelope.puzzle.slice(2) : null}
      year={puzzle.year}
      source={sourceName}
      instructions={Object.values(t.raw("tradle.instructions") as Record<string, string>)}
      results={results}
      shareText={share}
      pending={pending}
      error={game.error}
      onLoad={(which) => {
        setChoice(null);
        void game.load(which);
      }}
    >
      <Text size="lg">{t("tradle.lead", { year: puzzle.year })}</Text>
      <div data-testid="tradle-chart">
        <Chart key={envelope.puzzle} spec={{ type: "treemap", input }} title={t("tradle.chartTitle", { year: puzzle.year })} height={380} />
      </div>
      {!ended ? (
        <Group align="flex-end" wrap="wrap" gap="sm">
          <Select
            label={t("tradle.guessLabel")}
            placeholder={t("tradle.guessPlaceholder")}
            data={options.filter((o) => !guessed.has(o.value))}
            value={choice}
            onChange={setChoice}
            searchable
            filter={countryFilter}
            limit={12}
            nothingFoundMessage={t("errors.unknown_country")}
            style={{ flex: "1 1 260px" }}
            data-testid="tradle-input"
            comboboxProps={{ withinPortal: true }}
          />
          <Button onClick={submit} disabled={!choice || pending} loading={pending} data-testid="tradle-guess">
            {t("tradle.guess")}
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="guesses-left">
            {t("tradle.guessesLeft", { count: left })}
          </Text>
        </Group>
      ) : (
        <Stack gap={4} data-testid="tradle-result" role="status">
          <Text fw={700} size="lg">
            {state!.status === "won" ? t("won") : t("lost")}{" "}
            {state!.status === "won" ? t("tradle.wonText", { name: state!.answer!.name, count: guesses.length }) : t("tradle.lostText", { name: state!.answer!.name })}
          </Text>
          <Text>
            <Link href={`/${locale}/profile/country/${state!.answer!.id}`} data-testid="answer-link">
              {t("profileLink", { name: state!.answer!.name })}
            </Link>
          </Text>
        </Stack>
      )}
      {guesses.length > 0 && (
        <Table striped withTableBorder data-testid="tradle-guesses">
          <Table.Caption>{t("tradle.tableCaption")}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("tradle.country")}</Table.Th>
              <Table.Th scope="col">{t("tradle.distance")}</Table.Th>
              <Table.Th scope="col">{t("tradle.direction")}</Table.Th>
              <Table.Th scope="col">{t("tradle.proximity")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {guesses.map((g) => (
              <Table.Tr key={g.id} data-testid="tradle-guess-row" data-correct={g.correct}>
                <Table.Td>{g.name}</Table.Td>
                <Table.Td>{t("tradle.km", { km: formatNumber(g.km, locale) })}</Table.Td>
                <Table.Td>
                  {g.direction ? (
                    <span role="img" aria-label={t(`tradle.directions.${g.direction}`)}>
                      {ARROW[g.direction]}
                    </span>
                  ) : (
                    <Badge color="green">{t("tradle.directions.here")}</Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Progress value={g.proximity} w={80} aria-hidden />
                    <Text size="sm">{formatPercent(g.proximity / 100, locale)}</Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </GameChrome>
  );
}
