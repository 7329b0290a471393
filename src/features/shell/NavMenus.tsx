"use client";

import { Button, Group, Menu } from "@mantine/core";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { withLocale, type Locale } from "@/domain/i18n/locales";
import { useExplore } from "./explore";
import { NavBadge } from "./NavBadge";
import { navMenus, type NavMenu as NavMenuDef } from "./navigation";

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
      <path d="M6 9l6 6 6-6" />
    </svg>
  );
}

/**
 * The desktop menus (md and up). Mantine's Menu gives arrow-key navigation and focus return; the
 * dropdowns stay mounted (hidden) and render in place, so the server HTML holds every menu link
 * for crawlers, readers without JavaScript and assistive tools.
 */
export function NavMenus({ locale, storeUrl }: { locale: Locale; storeUrl?: string | null }) {
  return (
    <Group gap={2} wrap="nowrap" visibleFrom="md" data-testid="desktop-nav">
      {navMenus({ storeUrl }).map((menu) => (
        <NavMenu key={menu.id} menu={menu} locale={locale} />
      ))}
    </Group>
  );
}

function NavMenu({ menu, locale }: { menu: NavMenuDef; locale: Locale }) {
  const t = useTranslations("nav");
  const explore = useExplore();
  const dropdown = useRef<HTMLDivElement>(null);
  // A kept-mounted dropdown is not re-mounted on open, so Mantine's focus trap does not move focus
  // into it: do what it does on mount (focus the dropdown's initial-focus placeholder), so the
  // arrow keys reach the items. No open transition, so the dropdown is displayed when this runs.
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (opened) dropdown.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [opened]);
  return (
    <Menu trigger="click-hover" openDelay={80} closeDelay={150} position="bottom-start" withinPortal={false} keepMounted keepMountedMode="display-none" transitionProps={{ duration: 0 }} opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Button variant="subtle" color="gray" size="compact-sm" fz={15} rightSection={<Chevron />} data-menu={menu.id}>
          {t(`menus.${menu.id}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown maw={360} ref={dropdown}>
        {menu.items.map((item) => {
          const label = t(`items.${item.id}`);
          const badge = item.badge ? <NavBadge kind={item.badge} /> : null;
          if (item.explore) {
            // A link where a landing page exists (crawlers and no-JS readers follow it); the
            // click opens the explore dialog.
            return item.href ? (
              <Menu.Item
                key={item.id}
                component="a"
                href={withLocale(item.href, locale)}
                rightSection={badge}
                onClick={(event: MouseEvent) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                  event.preventDefault();
                  explore.open(item.explore);
                }}
                data-explore={item.explore}
              >
                {label}
              </Menu.Item>
            ) : (
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
                data-nav-link={item.id}
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
  );
}
