import { Container, Stack, Text, Title } from "@/features/ui/static";
import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { sessionRequiredPath } from "@/domain/auth/paths";
import { canManageBulkAccess } from "@/domain/auth/roles";
import type { Locale } from "@/domain/i18n/locales";
import { BulkAccessForm } from "@/features/account/BulkAccessForm";
import { accountPageMetadata } from "@/features/account/pageMeta";
import { SessionWatcher } from "@/features/account/SessionWatcher";
import { requireSession } from "@/server/auth/session";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata((await params).locale, "bulkAccess", "/bulk-access", { index: false });
}

export default async function BulkAccessPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const path = `/${locale}/bulk-access`;
  const session = await requireSession(locale, path);
  // Checked here on the server (the API checks again): anyone else gets 403.
  if (!canManageBulkAccess(session.row.role)) forbidden();
  const t = await getTranslations({ locale, namespace: "bulkAccess" });
  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <SessionWatcher loginPath={sessionRequiredPath(locale, path)} />
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("title")}</Title>
          <Text c="dimmed" mt={4}>
            {t("description")}
          </Text>
        </div>
        <BulkAccessForm />
      </Stack>
    </Container>
  );
}
