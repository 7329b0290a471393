import { Group } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import type { ReactNode } from "react";
import type { Locale } from "@/domain/i18n/locales";
import { ColorSchemeToggle } from "./ColorSchemeToggle";
import { LanguageSelector } from "./LanguageSelector";
import { Logo } from "./Logo";
import { MobileNav } from "./MobileNav";
import { NavMenus } from "./NavMenus";
import { SearchButton } from "./SearchButton";
import { UserGroup } from "./UserGroup";
import { settings } from "@/server/settings";
import classes from "./Header.module.css";

/**
 * The top bar. `account` and `mobileAccount` (the mobile drawer's version) replace the anonymous
 * user group when the accounts feature provides them.
 */
export async function Header({ locale, account, mobileAccount }: { locale: Locale; account?: ReactNode; mobileAccount?: ReactNode }) {
  const t = await getTranslations({ locale, namespace: "common" });
  const tn = await getTranslations({ locale, namespace: "nav" });
  const { storeUrl } = settings();
  return (
    <header className={classes.header}>
      <div className={classes.inner}>
        <Link href={`/${locale}`} className={classes.brand} aria-label={t("home")}>
          <Logo />
          <span className={classes.siteName}>{t("siteName")}</span>
        </Link>
        <nav className={classes.nav} aria-label={tn("mainMenu")}>
          <NavMenus locale={locale} storeUrl={storeUrl} />
        </nav>
        <Group gap="xs" wrap="nowrap">
          <SearchButton />
          <LanguageSelector locale={locale} />
          <ColorSchemeToggle />
          <Group visibleFrom="md" gap="xs" wrap="nowrap">
            {account ?? <UserGroup locale={locale} />}
          </Group>
          <MobileNav locale={locale} account={mobileAccount} storeUrl={storeUrl} />
        </Group>
      </div>
    </header>
  );
}
