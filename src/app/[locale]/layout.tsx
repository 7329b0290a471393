import "./mantineStyles";
import "./global.css";
import type { Metadata, Viewport } from "next";
import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { hasLocale, NextIntlClientProvider } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { LOCALE_TAGS, type Locale } from "@/domain/i18n/locales";
import { clientMessages } from "@/i18n/clientMessages";
import { loadMessages } from "@/i18n/messages";
import { routing } from "@/i18n/routing";
import { COLOR_SCHEME_COOKIE } from "@/domain/consent/storageKeys";
import { parseColorScheme } from "@/features/shell/colorScheme";
import { CONSENT_COOKIE, parseConsentCookie } from "@/domain/consent/consent";
import { parseTagId } from "@/domain/consent/tag";
import { Footer } from "@/features/shell/Footer";
import { Frame } from "@/features/shell/Frame";
import { Header } from "@/features/shell/Header";
import { siteUrl } from "@/server/origin";
import { settings } from "@/server/settings";
import { Providers } from "@/features/shell/Providers";
import { feedAlternates, shareImages } from "@/features/shell/metadata";
import { AccountMenu } from "@/features/account/AccountMenu";
import { currentSession } from "@/server/auth/session";
import type { Session } from "next-auth";
import { PUBLIC_PAGE_HEADER } from "@/server/front/headerNames";
import { inter } from "@/features/shell/fonts";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: "common" });
  const tm = await getTranslations({ locale, namespace: "meta" });
  return {
    metadataBase: siteUrl(),
    title: { default: t("siteName"), template: `%s | ${t("siteName")}` },
    description: tm("description"),
    applicationName: t("siteName"),
    // Pages that build their own (pageMetadata) replace these; the rest share the site's card and feed.
    alternates: { types: feedAlternates(locale, t("siteName")) },
    openGraph: { siteName: t("siteName"), type: "website", locale: LOCALE_TAGS[locale], images: shareImages(locale, "/", t("siteName")) },
    twitter: { card: "summary_large_image", images: shareImages(locale, "/", t("siteName")) },
    icons: { apple: [{ url: "/apple-touch-icon.png", sizes: "180x180", type: "image/png" }] },
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#242424" },
  ],
};

export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const jar = await cookies();
  const scheme = parseColorScheme(jar.get(COLOR_SCHEME_COOKIE)?.value);
  const consent = parseConsentCookie(jar.get(CONSENT_COOKIE)?.value);
  const t = await getTranslations({ locale, namespace: "common" });
  // A public page rendered for the page cache (server/front/door.ts) is the same for everyone: no
  // session in its HTML; the account menu asks for it on the client.
  const publicPage = (await headers()).get(PUBLIC_PAGE_HEADER) === "1";
  const session = publicPage ? undefined : await initialSession();

  return (
    <html lang={LOCALE_TAGS[locale as Locale]} className={inter.variable} data-mantine-color-scheme={scheme} suppressHydrationWarning>
      <head />
      <body>
        <NextIntlClientProvider messages={clientMessages(await loadMessages(locale))}>
          <Providers scheme={scheme} session={session} consent={consent} tagId={parseTagId(settings().gtmId)}>
            <Frame
              header={<Header locale={locale} account={<AccountMenu />} mobileAccount={<AccountMenu stacked />} />}
              footer={<Footer locale={locale} />}
              proLabel={t("proBar")}
              skipLabel={t("skipToContent")}
            >
              {children}
            </Frame>
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}

/** The session for the first render; a broken app database must not take every page down with it. */
async function initialSession(): Promise<Session | null> {
  try {
    const session = await currentSession();
    return session ? { user: session.user, expires: session.expires } : null;
  } catch (error) {
    console.error(`[auth] could not read the session: ${(error as Error).message}`);
    return null;
  }
}
