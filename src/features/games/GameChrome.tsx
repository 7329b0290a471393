"use client";

/**
 * What every game shares around its board: the daily puzzle or a practice one, the instructions
 * (opened on the first play, then from a button), the player's statistics, and a share button
 * that copies a result without spoilers.
 */
import { Alert, Button, Group, List, Modal, SegmentedControl, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useId, useState, useSyncExternalStore, type ReactNode } from "react";
import { gameIntroKey } from "@/domain/consent/storageKeys";
import type { GameId } from "@/domain/games/puzzle";
import { useConsent } from "@/features/consent/context";
import { readStored, subscribeStored, writeStored, type GameResults, type PlayError } from "./useGame";

export interface GameChromeProps {
  game: GameId;
  title: string;
  /** The UTC date of a daily puzzle ("YYYY-MM-DD"), null in practice. */
  daily: string | null;
  year: number;
  source: string;
  instructions: string[];
  results: GameResults;
  /** The spoiler-free result, once the game has ended. */
  shareText: string | null;
  pending: boolean;
  error: PlayError | null;
  onLoad(which: "daily" | "practice"): void;
  children: ReactNode;
}

export function GameChrome({ game, title, daily, year, source, instructions, results, shareText, pending, error, onLoad, children }: GameChromeProps) {
  const t = useTranslations("games");
  const { functional } = useConsent();
  const [copied, setCopied] = useState(false);
  const statsId = useId();

  // The instructions open on the first play: remembered only with functional consent (without it
  // they open on every visit), and from the button at any time.
  const seen = useSyncExternalStore(subscribeStored, () => readStored(gameIntroKey(game)) !== null, () => true);
  const [dismissed, setDismissed] = useState(false);
  const [asked, setAsked] = useState(false);
  const intro = asked || (!seen && !dismissed);
  const closeIntro = () => {
    setAsked(false);
    setDismissed(true);
    if (functional) writeStored(gameIntroKey(game), "1");
  };

  async function share() {
    if (!shareText) return;
    try {
      await navigator.clipboard.writeText(`${shareText}\n${window.location.origin}${window.location.pathname}`);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      setCopied(false);
    }
  }

  const { stats } = results;
  const winRate = stats.played ? Math.round((stats.won / stats.played) * 100) : 0;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" size="sm" data-testid="game-source">
            {t("dataLine", { source, year })} {t("unclassifiedNote")}
          </Text>
        </div>
        <Group gap="xs">
          <SegmentedControl
            aria-label={t("mode")}
            value={daily ? "daily" : "practice"}
            onChange={(value) => onLoad(value as "daily" | "practice")}
            data={[
              { value: "daily", label: t("daily") },
              { value: "practice", label: t("practice") },
            ]}
            disabled={pending}
            data-testid="game-mode"
          />
          {!daily && (
            <Button variant="default" onClick={() => onLoad("practice")} disabled={pending} data-testid="new-practice">
              {t("newPractice")}
            </Button>
          )}
          <Button variant="default" onClick={() => setAsked(true)} data-testid="how-to-play">
            {t("howToPlay")}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" data-testid="puzzle-label">
        {daily ? t("dailyLabel", { date: daily }) : t("practiceLabel")}
      </Text>
      {error && (
        <Alert color="red" variant="light" role="alert" data-testid="game-error">
          {t.has(`errors.${error.code}`) ? t(`errors.${error.code}`) : t("errors.generic")}
        </Alert>
      )}
      {children}
      {shareText && (
        <Group>
          <Button onClick={share} data-testid="share-result">
            {copied ? t("copied") : t("share")}
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite">
            {copied ? t("copiedText") : ""}
          </Text>
        </Group>
      )}
      <section aria-labelledby={statsId} data-testid="game-stats">
        <Title order={2} size="h4" id={statsId} mb="xs">
          {t("stats.title")}
        </Title>
        {results.enabled ? (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              {(
                [
                  ["played", stats.played],
                  ["winRate", `${winRate}%`],
                  ["streak", stats.currentStreak],
                  ["maxStreak", stats.maxStreak],
                ] as const
              ).map(([key, value]) => (
                <div key={key} data-testid={`stat-${key}`}>
                  <Text fw={700} size="xl">
                    {value}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t(`stats.${key}`)}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            <Text size="xs" c="dimmed" mt="xs">
              {results.signedIn ? t("stats.account") : t("stats.browser")}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed" data-testid="stats-off">
            {t("stats.off")}
          </Text>
        )}
      </section>
      <Modal opened={intro} onClose={closeIntro} title={t("howToPlayTitle", { game: title })} centered closeButtonProps={{ "aria-label": t("closeInstructions") }}>
        <List spacing="xs" data-testid="instructions">
          {instructions.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Group justify="flex-end" mt="md">
          <Button onClick={closeIntro} data-testid="instructions-close">
            {t("play")}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
