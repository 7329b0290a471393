/**
 * The server side of a game page: today's puzzle (public part only), the data's source named in
 * the page language, and the games' messages sent to the browser for this page alone.
 */
import { Alert } from "@mantine/core";
import { Container } from "@/features/ui/static";
import { NextIntlClientProvider } from "next-intl";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { todaysPuzzle, type GameId } from "@/domain/games/puzzle";
import type { Locale } from "@/domain/i18n/locales";
import { pageMessages } from "@/i18n/clientMessages";
import { loadMessages } from "@/i18n/messages";
import { sourceLine, sourceNames } from "@/features/profiles/sourceNames";
import { gameData } from "@/server/games/data";
import { loadPuzzle } from "@/server/games/api";
import type { PuzzleEnvelope } from "./useGame";

export async function GamePage<P>({ game, locale, render }: { game: GameId; locale: Locale; render: (initial: PuzzleEnvelope<P>, sourceName: string) => ReactNode }) {
  const [t, data, names, messages] = await Promise.all([getTranslations({ locale, namespace: "games" }), gameData(), sourceNames(locale), loadMessages(locale)]);
  const initial = data ? await loadPuzzle(game, todaysPuzzle(new Date()), locale) : null;
  return (
    <Container size="md" py="xl">
      {initial && data ? (
        <NextIntlClientProvider messages={pageMessages(messages, ["games"])}>{render(initial as PuzzleEnvelope<P>, sourceLine(names, [data.source]))}</NextIntlClientProvider>
      ) : (
        <Alert color="gray" data-testid="games-no-data">
          {t("noData")}
        </Alert>
      )}
    </Container>
  );
}
