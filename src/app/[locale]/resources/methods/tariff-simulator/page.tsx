import { Container, Title } from "@/features/ui/static";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { pageMetadata } from "@/features/shell/metadata";
import { TARIFF_METHOD_PATH, TariffMethod } from "@/features/tariff/TariffMethod";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: TARIFF_METHOD_PATH, title: t("tariff.method.title"), description: t("tariff.metaDescription"), siteName: t("common.siteName") });
}

/** The tariff simulator's method on its own, linked from the simulator and back. */
export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "tariff.method" });
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="md" data-testid="tariff-method-title">
        {t("title")}
      </Title>
      <TariffMethod locale={locale} link="simulator" headingOrder={2} />
    </Container>
  );
}
