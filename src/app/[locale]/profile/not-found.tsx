import { Container, Stack, Text, Title } from "@/features/ui/static";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { Explorer } from "@/features/explorer/LazyExplorer";
import { ProductHint } from "@/features/explorer/NotFoundHelp";
import { pageMessages } from "@/i18n/clientMessages";
import { loadMessages } from "@/i18n/messages";

// An unknown member gets the 404 page with a search box (the explorer) to find the right one, and
// under /profile/hs/<code> the nearest real product. The <title> is rendered here: a not-found
// page's metadata is not applied by Next.js.
export default async function ProfileNotFound() {
  const locale = (await getLocale()) as Locale;
  const [t, common, notFound, messages] = await Promise.all([getTranslations("profiles"), getTranslations("common"), getTranslations("notFound"), loadMessages(locale)]);
  return (
    <Container size="xl" py="xl">
      <title>{`${notFound("title")} | ${common("siteName")}`}</title>
      <Stack gap="md">
        <Text c="dimmed" fw={700}>
          404
        </Text>
        <Title order={1}>{t("notFoundTitle")}</Title>
        <Text>{t("notFoundBody")}</Text>
        <NextIntlClientProvider messages={pageMessages(messages, ["notFound"])}>
          <ProductHint />
        </NextIntlClientProvider>
        <Explorer />
      </Stack>
    </Container>
  );
}
