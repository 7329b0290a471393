"use client";

import { Accordion, Drawer, Group, NavLink, Stack } from "@mantine/core";
import Link from "next/link";
import { useEffect, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { withLocale, type Locale } from "@/domain/i18n/locales";
import { useOpenedAfterMount } from "@/features/lazy/useOpenedAfterMount";
import { preloadExplore, useExplore } from "./explore";
import { NavBadge } from "./NavBadge";
import { navMenus } from "./navigation";

interface MobileNavDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** Called when the drawer has finished closing: the burger takes focus back. */
  onClosed: () => void;
  locale: Locale;
  /** The user group: the account links when signed in, Sign in and Pricing otherwise. */
  account: ReactNode;
  storeUrl?: string | null;
}

/**
 * The mobile drawer: the user group and every menu. Loaded by MobileNav when the burger is first
 * approached, not with the page.
 */
export default function MobileNavDrawer({ opened: wanted, onClose, onClosed, locale, account, storeUrl }: MobileNavDrawerProps) {
  const opened = useOpenedAfterMount(wanted);
  // Several entries open the explore dialog: it starts loading with the drawer's first open.
  useEffect(preloadExplore, []);
  const t = useTranslations("nav");
  const explore = useExplore();
  return (
    // Focus goes back to the burger when the drawer has closed, by us: Mantine's own return needs the
    // drawer mounted before it opens, which a drawer loaded on first use is not always.
    <Drawer opened={opened} onClose={onClose} returnFocus={false} onExitTransitionEnd={onClosed} title={t("mainMenu")} hiddenFrom="md" size="100%" data-testid="mobile-menu">
      <Stack gap="md">
        {/* Following a link in the user group closes the drawer, as the menu links do. */}
        <div onClickCapture={(event) => (event.target as HTMLElement).closest("a, button[data-close-drawer]") && onClose()}>
          {account}
        </div>
        <Accordion multiple variant="contained">
          {navMenus({ storeUrl }).map((menu) => (
            <Accordion.Item key={menu.id} value={menu.id}>
              <Accordion.Control>{t(`menus.${menu.id}`)}</Accordion.Control>
              <Accordion.Panel>
                {menu.items.map((item) => {
                  const label = (
                    <Group gap={6} wrap="nowrap">
                      {t(`items.${item.id}`)}
                      {item.badge && <NavBadge kind={item.badge} />}
                    </Group>
                  );
                  return item.explore ? (
                    <NavLink
                      key={item.id}
                      label={label}
                      component="button"
                      data-explore={item.explore}
                      onClick={() => {
                        onClose();
                        explore.open(item.explore);
                      }}
                    />
                  ) : item.external ? (
                    <NavLink key={item.id} label={label} component="a" href={item.href} onClick={onClose} {...(item.href?.startsWith("mailto:") ? {} : { target: "_blank", rel: "noopener noreferrer" })} />
                  ) : (
                    <NavLink key={item.id} label={label} component={Link} href={withLocale(item.href ?? "/", locale)} onClick={onClose} />
                  );
                })}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Drawer>
  );
}
