import { Container, Stack, Text, Title } from "@/features/ui/static";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { accountPageMetadata } from "@/features/account/pageMeta";
import { PricingPlans } from "@/features/account/PricingPlans";
import { currentSession } from "@/server/auth/session";
import { stripeConfigured } from "@/server/billing/stripe";
import { settings } from "@/server/settings";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata((await params).locale, "pricing", "/subscription");
}

export default async function SubscriptionPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "pricing" });
  const session = await currentSession();
  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      <Stack gap="xl">
        <Stack gap={6} align="center" ta="center">
          <Title order={1}>{t("title")}</Title>
          <Text c="dimmed" maw={640}>
            {t("description")}
          </Text>
        </Stack>
        <PricingPlans locale={locale} user={session?.user ?? null} checkout={stripeConfigured()} apiLimits={settings().api} />
        <Text size="sm" c="dimmed" ta="center">
          {t("footnote")}
        </Text>
      </Stack>
    </Container>
  );
}
