import { Accordion, AccordionControl, AccordionItem, AccordionPanel } from "@mantine/core";
import { Container, Stack, Title } from "@/features/ui/static";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { pageMetadata } from "@/features/shell/metadata";

type Props = { params: Promise<{ locale: Locale }> };
const QUESTIONS = ["source", "years", "mirror", "current", "reuse"] as const;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: "/support/faq", title: t("faq.title"), description: t("faq.items.source.a"), siteName: t("common.siteName") });
}

export default async function Faq({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "faq" });
  return (
    <Container size="md" py={56}>
      <Stack gap="lg">
        <Title order={1}>{t("title")}</Title>
        <Accordion variant="separated" multiple defaultValue={[QUESTIONS[0]]}>
          {QUESTIONS.map((id) => (
            <AccordionItem key={id} value={id}>
              <AccordionControl>{t(`items.${id}.q`)}</AccordionControl>
              <AccordionPanel>{t(`items.${id}.a`)}</AccordionPanel>
            </AccordionItem>
          ))}
        </Accordion>
      </Stack>
    </Container>
  );
}
