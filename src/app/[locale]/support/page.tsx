import { Anchor, Container, Stack, Text, Title } from "@/features/ui/static";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { TextLink } from "@/features/shell/AppLink";
import type { Locale } from "@/domain/i18n/locales";
import { articleMetadata } from "@/features/content/ArticlePage";
import { SUPPORT_EMAIL } from "@/features/shell/support";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return articleMetadata((await params).locale, "supportPage", "/support");
}

export default async function Support({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "supportPage" });
  return (
    <Container size="md" py={56}>
      <Stack gap="md">
        <Title order={1}>{t("title")}</Title>
        <Text size="lg">{t("intro")}</Text>
        <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{t("emailLabel", { email: SUPPORT_EMAIL })}</Anchor>
        <TextLink href={`/${locale}/support/faq`}>{t("faqLink")}</TextLink>
      </Stack>
    </Container>
  );
}
