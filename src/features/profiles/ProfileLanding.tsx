import { Container, Stack, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { ReportDef } from "@/domain/explorer/reports";
import type { Locale } from "@/domain/i18n/locales";
import { Explorer } from "@/features/explorer/LazyExplorer";

/** /profile/{report}: the explorer with that report chosen, to find a member. */
export async function ProfileLanding({ locale, report }: { locale: Locale; report: ReportDef }) {
  const t = await getTranslations({ locale });
  return (
    <Container size="xl" py="xl">
      <Stack gap="md">
        <Title order={1}>{t("profiles.landing.title", { report: t(`explorer.reports.${report.slug}`) })}</Title>
        <Text>{t("profiles.landing.lead")}</Text>
        <Explorer initialReport={report.id} />
      </Stack>
    </Container>
  );
}
