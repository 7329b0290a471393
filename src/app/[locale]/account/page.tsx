import { Alert } from "@mantine/core";
import { Badge, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from "@/features/ui/static";
import type { Metadata } from "next";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { sessionRequiredPath } from "@/domain/auth/paths";
import { canManageBulkAccess, roleLabelKey, ROLE_FREE } from "@/domain/auth/roles";
import type { Locale } from "@/domain/i18n/locales";
import { AcademicBadge } from "@/features/account/AcademicBadge";
import { DeleteAccount, NameForm, PasswordForm } from "@/features/account/AccountForms";
import { ApiKeys } from "@/features/account/ApiKeys";
import { KEY_NAME_MAX, listApiKeys, MAX_KEYS_PER_USER } from "@/server/api/keys";
import { settings } from "@/server/settings";
import { accountPageMetadata } from "@/features/account/pageMeta";
import { ACADEMIC_DISCOUNT_PERCENT } from "@/domain/billing/plans";
import { SessionWatcher } from "@/features/account/SessionWatcher";
import { RecentlyViewedSection } from "@/features/history/RecentlyViewed";
import { firstParam } from "@/features/account/target";
import { ButtonLink } from "@/features/shell/AppLink";
import { needsCurrentPassword } from "@/server/auth/accountApi";
import { requireSession } from "@/server/auth/session";

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata((await params).locale, "account", "/account", { index: false });
}

export default async function AccountPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const path = `/${locale}/account`;
  const session = await requireSession(locale, path);
  const t = await getTranslations({ locale, namespace: "account" });
  const format = await getFormatter({ locale });
  const { user, row } = session;
  const checkout = firstParam((await searchParams).checkout);

  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <SessionWatcher loginPath={sessionRequiredPath(locale, path)} />
      <Stack gap="lg">
        <Title order={1}>{t("title")}</Title>
        {checkout === "success" && (
          <Alert color="teal" data-testid="checkout-success">
            {t("checkoutSuccess")}
          </Alert>
        )}
        <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} data-testid="account-summary">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {t("summary.email")}
              </Text>
              <Text fw={600} style={{ overflowWrap: "anywhere" }} data-testid="account-email">
                {user.email}
              </Text>
            </Stack>
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {t("summary.role")}
              </Text>
              <Group gap="xs">
                <Badge size="lg" variant="light" color={user.role === ROLE_FREE ? "gray" : "violet"} data-testid="account-role" data-role={user.role}>
                  {t(`roles.${roleLabelKey(user.role)}`, { role: user.role })}
                </Badge>
              </Group>
            </Stack>
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {t("summary.academic")}
              </Text>
              <Group gap="xs" wrap="nowrap" data-testid="account-academic" data-academic={user.isAcademic || undefined}>
                {user.isAcademic && <AcademicBadge size="sm" />}
                <Text>{user.isAcademic ? t("academic.yes", { percent: ACADEMIC_DISCOUNT_PERCENT }) : t("academic.no")}</Text>
              </Group>
            </Stack>
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {t("summary.memberSince")}
              </Text>
              <Text>{format.dateTime(row.createdAt, { dateStyle: "long" })}</Text>
            </Stack>
          </SimpleGrid>
          <Group mt="md" gap="sm">
            {canManageBulkAccess(user.role) && (
              <ButtonLink href={`/${locale}/bulk-access`} variant="light">
                {t("menu.bulkAccess")}
              </ButtonLink>
            )}
            {user.role === ROLE_FREE && (
              <ButtonLink href={`/${locale}/subscription`} variant="light">
                {t("summary.seePlans")}
              </ButtonLink>
            )}
          </Group>
        </Paper>
        <RecentlyViewedSection />
        <ApiKeys initialKeys={await listApiKeys(row.id)} limits={settings().api} maxKeys={MAX_KEYS_PER_USER} nameMax={KEY_NAME_MAX} docsHref={`/${locale}/resources/api#limits`} />
        <NameForm initialName={user.name ?? ""} />
        <PasswordForm email={user.email} hasPassword={Boolean(row.passwordHash)} needsCurrent={needsCurrentPassword(session)} />
        <DeleteAccount locale={locale} email={user.email} needsPassword={needsCurrentPassword(session)} />
      </Stack>
    </Container>
  );
}
