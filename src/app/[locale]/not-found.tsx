import { Container, Stack, Text, Title } from "@/features/ui/static";
import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { NotFoundHelp } from "@/features/explorer/NotFoundHelp";
import { pageMessages } from "@/i18n/clientMessages";
import { loadMessages } from "@/i18n/messages";

export const metadata: Metadata = { robots: { index: false } };

/** Every 404 under a locale: what happened, and the ways on (a search, the main sections, a product's nearest heading). */
export default async function NotFound() {
  const locale = (await getLocale()) as Locale;
  const [t, common, messages] = await Promise.all([getTranslations("notFound"), getTranslations("common"), loadMessages(locale)]);
  return (
    <Container size="sm" py={80} data-testid="not-found">
      {/* Rendered here: a not-found page's metadata is not applied by Next.js. */}
      <title>{`${t("title")} | ${common("siteName")}`}</title>
      <Stack gap="md" align="flex-start">
        <Text c="dimmed" fw={700} size="xl">
          404
        </Text>
        <Title order={1}>{t("title")}</Title>
        <Text>{t("body")}</Text>
        <NextIntlClientProvider messages={pageMessages(messages, ["notFound"])}>
          <NotFoundHelp />
        </NextIntlClientProvider>
      </Stack>
    </Container>
  );
}
