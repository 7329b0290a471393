"use client";

import { Button, Group, Menu } from "@mantine/core";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { withLocale, type Locale } from "@/domain/i18n/locales";
import { useExplore } from "./explore";
import { NavBadge } from "./NavBadge";
import { NAV_MENUS } from "./navigation";

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
      <path d="M6 9l6 6 6-6" />
    </svg>
  );
}

/** The desktop menus (md and up). Mantine's Menu gives arrow-key navigation and focus return. */
export function NavMenus({ locale }: { locale: Locale }) {
  const t = useTranslations("nav");
  const explore = useExplore();
  return (
    <Group gap={2} wrap="nowrap" visibleFrom="md" data-testid="desktop-nav">
      {NAV_MENUS.map((menu) => (
        <Menu key={menu.id} trigger="click-hover" openDelay={80} closeDelay={150} position="bottom-start" withinPortal>
          <Menu.Target>
            <Button variant="subtle" color="gray" size="compact-sm" fz={15} rightSection={<Chevron />} data-menu={menu.id}>
              {t(`menus.${menu.id}`)}
            </Button>
          </Menu.Target>
          <Menu.Dropdown maw={360}>
            {menu.items.map((item) => {
              const label = t(`items.${item.id}`);
              const badge = item.badge ? <NavBadge kind={item.badge} /> : null;
              if (item.explore) {
                return (
                  <Menu.Item key={item.id} rightSection={badge} onClick={() => explore.open(item.explore)} data-explore={item.explore}>
                    {label}
                  </Menu.Item>
                );
              }
              if (item.external) {
                return (
                  <Menu.Item
                    key={item.id}
                    component="a"
                    href={item.href}
                    rightSection={badge}
                    {...(item.href?.startsWith("mailto:") ? {} : { target: "_blank", rel: "noopener noreferrer" })}
                  >
                    {label}
                  </Menu.Item>
                );
              }
              return (
                <Menu.Item key={item.id} component={Link} href={withLocale(item.href ?? "/", locale)} rightSection={badge} data-nav-link={item.id}>
                  {label}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      ))}
    </Group>
  );
}
