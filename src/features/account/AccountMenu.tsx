"use client";

import { Button, Group, NavLink, Stack, Text } from "@mantine/core";
import { signOut } from "next-auth/react";
import { useSession } from "@/features/session/SessionStore";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { canManageBulkAccess, roleLabelKey } from "@/domain/auth/roles";
import type { Locale } from "@/domain/i18n/locales";
import { ShellMenu, ShellMenuDivider, ShellMenuDropdown, ShellMenuItem, ShellMenuLabel, ShellMenuTrigger } from "@/features/shell/ShellMenu";
import { UserGroup } from "@/features/shell/UserGroup";
import { ChevronDown, UserIcon } from "./icons";

// Only academic users see the badge; its tooltip (Floating UI) loads with it, not with every page.
// Its own Suspense boundary (`loading`): the server's badge stays in place until the chunk arrives.
const AcademicBadge = dynamic(() => import("./AcademicBadge").then((m) => m.AcademicBadge), { loading: () => null });

/**
 * The user group of the shell (spec section 6): Sign in and Pricing for visitors; for a signed-in
 * user, a menu with the role label, Account, Bulk user access (role 10) and Logout. It follows
 * the session live, so signing out in another tab updates it here too.
 */
export function AccountMenu({ stacked = false }: { stacked?: boolean }) {
  const locale = useLocale() as Locale;
  const t = useTranslations("account");
  const { data: session, status } = useSession();
  if (status !== "authenticated" || !session?.user) return <UserGroup locale={locale} stacked={stacked} />;

  const user = session.user;
  const displayName = user.name || user.email;
  const roleLabel = t(`roles.${roleLabelKey(user.role)}`, { role: user.role });
  const logout = () => signOut({ callbackUrl: `/${locale}` });
  const bulk = canManageBulkAccess(user.role);

  if (stacked) {
    return (
      <Stack gap={4} data-testid="account-menu-mobile">
        <Group gap="xs" wrap="nowrap">
          <UserIcon />
          <Text fw={600} truncate>
            {displayName}
          </Text>
          {user.isAcademic && <AcademicBadge size="sm" />}
        </Group>
        <Text size="sm" c="dimmed">
          {roleLabel}
        </Text>
        <NavLink component={Link} href={`/${locale}/account`} label={t("menu.account")} />
        {bulk && <NavLink component={Link} href={`/${locale}/bulk-access`} label={t("menu.bulkAccess")} />}
        <Button variant="default" onClick={logout}>
          {t("menu.logout")}
        </Button>
      </Stack>
    );
  }

  return (
    <Group gap={6} wrap="nowrap" data-testid="account-menu">
      {user.isAcademic && <AcademicBadge />}
      <ShellMenu>
        <ShellMenuTrigger>
          <Button variant="default" size="sm" leftSection={<UserIcon size={16} />} rightSection={<ChevronDown />} maw={220} data-testid="account-menu-button">
            <Text span size="sm" truncate maw={140}>
              {displayName}
            </Text>
          </Button>
        </ShellMenuTrigger>
        <ShellMenuDropdown position="end" style={{ width: 240 }}>
          <ShellMenuLabel data-testid="account-menu-role">{roleLabel}</ShellMenuLabel>
          <ShellMenuItem component={Link} href={`/${locale}/account`}>
            {t("menu.account")}
          </ShellMenuItem>
          {bulk && (
            <ShellMenuItem component={Link} href={`/${locale}/bulk-access`} data-testid="bulk-access-link">
              {t("menu.bulkAccess")}
            </ShellMenuItem>
          )}
          <ShellMenuDivider />
          <ShellMenuItem onClick={logout} data-testid="logout">
            {t("menu.logout")}
          </ShellMenuItem>
        </ShellMenuDropdown>
      </ShellMenu>
    </Group>
  );
}
