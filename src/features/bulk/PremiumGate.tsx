"use client";

import { Alert, Anchor, Group, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { canDownloadPremium } from "@/domain/bulk/bulk";
import { useSessionUser } from "@/features/session/useSessionUser";
import { ButtonLink } from "@/features/shell/AppLink";

/**
 * The page is the same for everyone (it is cached); whether its PREMIUM links are live is decided
 * here, from the session. The server checks again on every download.
 */
function usePremium(): { allowed: boolean; signedIn: boolean } {
  const { user } = useSessionUser();
  return { allowed: canDownloadPremium(user?.role), signedIn: user !== null };
}

/** What a visitor without PREMIUM reads above the list, and the ways to get access. */
export function PremiumNotice({ locale, loginPath }: { locale: string; loginPath: string }) {
  const t = useTranslations("bulk.gate");
  const { allowed, signedIn } = usePremium();
  if (allowed) {
    return (
      <Alert color="teal" data-testid="premium-active">
        {t("active")}
      </Alert>
    );
  }
  return (
    <Alert color="violet" title={t("title")} data-testid="premium-notice">
      <Text size="sm" mb="sm">
        {t("text")}
      </Text>
      <Group gap="sm">
        <ButtonLink href={`/${locale}/subscription`} size="xs" color="violet">
          {t("seePlans")}
        </ButtonLink>
        {!signedIn && (
          <ButtonLink href={loginPath} size="xs" variant="default">
            {t("signIn")}
          </ButtonLink>
        )}
      </Group>
    </Alert>
  );
}

/** A file's link: live for everyone (international) or for PREMIUM accounts; otherwise its size, locked. */
export function FileLink({ href, label, premium, testId }: { href: string; label: ReactNode; premium: boolean; testId?: string }) {
  const t = useTranslations("bulk.gate");
  const { allowed } = usePremium();
  if (premium && !allowed) {
    return (
      <Text span size="sm" c="dimmed" data-testid={testId} data-locked="true" title={t("locked")}>
        <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true" style={{ marginInlineEnd: 4, verticalAlign: "-1px" }}>
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
        {label}
      </Text>
    );
  }
  return (
    <Anchor href={href} size="sm" download data-testid={testId}>
      {label}
    </Anchor>
  );
}
