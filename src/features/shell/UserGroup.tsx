"use client";

import { Button, Group } from "@mantine/core";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { splitLocale, type Locale } from "@/domain/i18n/locales";

/**
 * The user group of the shell. Anonymous visitors get Sign in (carrying the current page as
 * `redirect`) and Pricing; the accounts feature replaces this with the account menu when signed in.
 */
export function UserGroup({ locale, stacked = false }: { locale: Locale; stacked?: boolean }) {
  const t = useTranslations("nav");
  const pathname = usePathname() ?? `/${locale}`;
  // On the sign-in and sign-up pages themselves there is nothing to come back to.
  const onAuthPage = /^\/(login|signup)(\/|$)/.test(splitLocale(pathname).rest);
  const signInHref = onAuthPage ? `/${locale}/login` : `/${locale}/login?redirect=${encodeURIComponent(pathname)}`;
  return (
    <Group gap="xs" wrap="nowrap" grow={stacked} data-testid="user-group">
      <Button component={Link} href={signInHref} variant="default" size="sm">
        {t("signIn")}
      </Button>
      <Button component={Link} href={`/${locale}/subscription`} size="sm">
        {t("pricing")}
      </Button>
    </Group>
  );
}
