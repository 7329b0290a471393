/**
 * The server side of /chat: the heading, the starter questions (the interpreter's, in the page
 * language), the chart table's column names, and the "chat" messages sent to the browser for
 * this page alone.
 */
import { Container, Stack, Text, Title } from "@/features/ui/static";
import { NextIntlClientProvider } from "next-intl";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { pageMessages } from "@/i18n/clientMessages";
import { loadMessages } from "@/i18n/messages";
import { chartTableLabels } from "@/features/charts/tableLabels";
import { starterQuestions } from "@/server/chat/interpreter";
import { ChatClient } from "./ChatClient";

export async function ChatPage({ locale }: { locale: Locale }) {
  const [t, messages, tableLabels] = await Promise.all([getTranslations({ locale, namespace: "chat.page" }), loadMessages(locale), chartTableLabels(locale)]);
  let starters: string[] = [];
  try {
    starters = starterQuestions(locale);
  } catch (error) {
    console.warn(`[chat] no starter questions: ${(error as Error).message}`);
  }
  return (
    <Container size="lg" py="xl" px={{ base: "xs", sm: "md" }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t("title")}</Title>
          <Text c="dimmed">{t("lead")}</Text>
        </Stack>
        <NextIntlClientProvider messages={pageMessages(messages, ["chat"])}>
          <ChatClient starters={starters} tableLabels={tableLabels} />
        </NextIntlClientProvider>
      </Stack>
    </Container>
  );
}
