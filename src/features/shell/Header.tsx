import { Group } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import type { Locale } from "@/domain/i18n/locales";
import { ColorSchemeToggle } from "./ColorSchemeToggle";
import { LanguageSelector } from "./LanguageSelector";
import { Logo } from "./Logo";
import classes from "./Header.module.css";

/** The top bar. The navigation menus and the account group plug into the middle and end slots. */
export async function Header({ locale, nav, account }: { locale: Locale; nav?: React.ReactNode; account?: React.ReactNode }) {
  const t = await getTranslations({ locale, namespace: "common" });
  return (
    <header className={classes.header}>
      <div className={classes.inner}>
        <Link href={`/${locale}`} className={classes.brand} aria-label={t("home")}>
          <Logo />
          <span className={classes.siteName}>{t("siteName")}</span>
        </Link>
        <nav className={classes.nav} aria-label={t("siteName")}>
          {nav}
        </nav>
        <Group gap="xs" wrap="nowrap">
          <LanguageSelector locale={locale} />
          <ColorSchemeToggle />
          {account}
        </Group>
      </div>
    </header>
  );
}
