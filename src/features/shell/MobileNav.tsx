"use client";

import { Burger } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import dynamic from "next/dynamic";
import { useRef, useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { Locale } from "@/domain/i18n/locales";
import { intentProps, preloadable } from "@/features/lazy/preloadable";
import { UserGroup } from "./UserGroup";

// The drawer (Mantine's Drawer, the menus as an accordion, the user group) loads when the burger
// is first approached or pressed, not with the page: the burger is all a phone needs to paint.
const drawerModule = preloadable(() => import("./MobileNavDrawer"));
const MobileNavDrawer = dynamic(drawerModule.load, { ssr: false });

/**
 * Below the 'md' breakpoint: a burger opening a drawer with every menu and the user group
 * (`account` when the accounts feature provides one).
 */
export function MobileNav({ locale, account, storeUrl }: { locale: Locale; account?: ReactNode; storeUrl?: string | null }) {
  const t = useTranslations("nav");
  const [opened, { toggle, close }] = useDisclosure(false);
  // Mounted from the first open on, so closing animates and returns focus to the burger.
  const [used, setUsed] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Burger
        ref={burger}
        opened={opened}
        onClick={() => {
          setUsed(true);
          toggle();
        }}
        {...intentProps(drawerModule.preload)}
        hiddenFrom="md"
        size="sm"
        aria-label={opened ? t("closeMenu") : t("openMenu")}
        data-testid="mobile-menu-button"
      />
      {used && <MobileNavDrawer opened={opened} onClose={close} onClosed={() => burger.current?.focus()} locale={locale} account={account ?? <UserGroup locale={locale} stacked />} storeUrl={storeUrl} />}
    </>
  );
}
