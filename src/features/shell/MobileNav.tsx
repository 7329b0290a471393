"use client";

import { Accordion, Burger, Drawer, Group, NavLink, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import Link from "next/link";
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { withLocale, type Locale } from "@/domain/i18n/locales";
import { useExplore } from "./explore";
import { NavBadge } from "./NavBadge";
import { navMenus } from "./navigation";
import { UserGroup } from "./UserGroup";

/**
 * Below the 'md' breakpoint: a burger opening a drawer with every menu and the user group
 * (`account` when the accounts feature provides one).
 */
export function MobileNav({ locale, account, storeUrl }: { locale: Locale; account?: ReactNode; storeUrl?: string | null }) {
  const t = useTranslations("nav");
  const [opened, { toggle, close }] = useDisclosure(false);
  const explore = useExplore();
  return (
    <>
      <Burger
        opened={opened}
        onClick={toggle}
        hiddenFrom="md"
        size="sm"
        aria-label={opened ? t("closeMenu") : t("openMenu")}
        data-testid="mobile-menu-button"
      />
      <Drawer opened={opened} onClose={close} title={t("mainMenu")} hiddenFrom="md" size="100%" data-testid="mobile-menu">
        <Stack gap="md">
          {/* Following a link in the user group closes the drawer, as the menu links do. */}
          <div onClickCapture={(event) => (event.target as HTMLElement).closest("a, button[data-close-drawer]") && close()}>
            {account ?? <UserGroup locale={locale} stacked />}
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
                          close();
                          explore.open(item.explore);
                        }}
                      />
                    ) : item.external ? (
                      <NavLink key={item.id} label={label} component="a" href={item.href} onClick={close} {...(item.href?.startsWith("mailto:") ? {} : { target: "_blank", rel: "noopener noreferrer" })} />
                    ) : (
                      <NavLink key={item.id} label={label} component={Link} href={withLocale(item.href ?? "/", locale)} onClick={close} />
                    );
                  })}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      </Drawer>
    </>
  );
}
