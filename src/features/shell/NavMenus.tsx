"use client";

import { Button, Group } from "@mantine/core";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { MouseEvent } from "react";
import { withLocale, type Locale } from "@/domain/i18n/locales";
import { preloadExplore, useExplore } from "./explore";
import { NavBadge } from "./NavBadge";
import { navMenus, type NavMenu as NavMenuDef } from "./navigation";
import { ShellMenu, ShellMenuDropdown, ShellMenuItem, ShellMenuTrigger } from "./ShellMenu";

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
      <path d="M6 9l6 6 6-6" />
    </svg>
  );
}

const HOVER = { openDelay: 80, closeDelay: 150 };

/**
 * The desktop menus (md and up): menu buttons (ShellMenu: arrow keys, Escape back to the trigger)
 * whose menus render in place, hidden until opened, so the server HTML holds every menu link for
 * crawlers, readers without JavaScript and assistive tools.
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
  // A menu with entries that open the explore dialog starts loading it when the menu is approached.
  const opensExplore = menu.items.some((item) => item.explore);
  return (
    <ShellMenu hover={HOVER}>
      <ShellMenuTrigger>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          fz={15}
          rightSection={<Chevron />}
          data-menu={menu.id}
          onPointerEnter={opensExplore ? preloadExplore : undefined}
          onFocus={opensExplore ? preloadExplore : undefined}
        >
          {t(`menus.${menu.id}`)}
        </Button>
      </ShellMenuTrigger>
      <ShellMenuDropdown style={{ maxWidth: 360 }}>
        {menu.items.map((item) => {
          const label = t(`items.${item.id}`);
          const badge = item.badge ? <NavBadge kind={item.badge} /> : null;
          if (item.explore) {
            // A link where a landing page exists (crawlers and no-JS readers follow it); the
            // click opens the explore dialog.
            return item.href ? (
              <ShellMenuItem
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
              </ShellMenuItem>
            ) : (
              <ShellMenuItem key={item.id} rightSection={badge} onClick={() => explore.open(item.explore)} data-explore={item.explore}>
                {label}
              </ShellMenuItem>
            );
          }
          if (item.external) {
            return (
              <ShellMenuItem
                key={item.id}
                component="a"
                href={item.href}
                rightSection={badge}
                {...(item.href?.startsWith("mailto:") ? {} : { target: "_blank", rel: "noopener noreferrer" })}
                data-nav-link={item.id}
              >
                {label}
              </ShellMenuItem>
            );
          }
          return (
            <ShellMenuItem key={item.id} component={Link} href={withLocale(item.href ?? "/", locale)} rightSection={badge} data-nav-link={item.id}>
              {label}
            </ShellMenuItem>
          );
        })}
      </ShellMenuDropdown>
    </ShellMenu>
  );
}
