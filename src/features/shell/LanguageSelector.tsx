"use client";

import { Box, Button } from "@mantine/core";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import type { MouseEvent } from "react";
import { LOCALES, LOCALE_NATIVE_NAMES, LOCALE_TAGS, switchLocale, type Locale } from "@/domain/i18n/locales";
import { ShellMenu, ShellMenuDropdown, ShellMenuItem, ShellMenuLabel, ShellMenuTrigger } from "./ShellMenu";

/** What the button shows on a phone, where the full name would crush the logo. */
const SHORT_NAMES: Record<Locale, string> = { en: "EN", es: "ES", zh: "中文" };

/** Keeps the current page (path, query and anchor) when switching language. */
export function LanguageSelector({ locale }: { locale: Locale }) {
  const t = useTranslations("common.language");
  const pathname = usePathname() ?? `/${locale}`;
  return (
    <ShellMenu>
      <ShellMenuTrigger>
        <Button variant="default" size="sm" px={{ base: 10, xs: "md" }} aria-label={t("current", { language: LOCALE_NATIVE_NAMES[locale] })} data-testid="language-selector">
          <Box component="span" visibleFrom="xs">
            {LOCALE_NATIVE_NAMES[locale]}
          </Box>
          <Box component="span" hiddenFrom="xs" lang={locale}>
            {SHORT_NAMES[locale]}
          </Box>
        </Button>
      </ShellMenuTrigger>
      <ShellMenuDropdown position="end" style={{ minWidth: 160 }}>
        <ShellMenuLabel>{t("label")}</ShellMenuLabel>
        {LOCALES.map((target) => (
          <ShellMenuItem
            key={target}
            component="a"
            href={switchLocale(pathname, target)}
            hrefLang={LOCALE_TAGS[target]}
            lang={LOCALE_TAGS[target]}
            aria-current={target === locale ? "true" : undefined}
            onClick={(event: MouseEvent) => {
              // The href is right without JavaScript; with it, carry the query string and anchor too.
              event.preventDefault();
              const { pathname: path, search, hash } = window.location;
              window.location.assign(switchLocale(`${path}${search}${hash}`, target));
            }}
          >
            {LOCALE_NATIVE_NAMES[target as Locale]}
          </ShellMenuItem>
        ))}
      </ShellMenuDropdown>
    </ShellMenu>
  );
}
