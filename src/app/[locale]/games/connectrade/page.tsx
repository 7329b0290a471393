import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { ConnectradePuzzle } from "@/domain/games/connectrade";
import type { Locale } from "@/domain/i18n/locales";
import { GamePage } from "@/features/games/GamePage";
import { Connectrade } from "@/features/games/Connectrade";
import { pageMetadata } from "@/features/shell/metadata";

type Props = { params: Promise<{ locale: Locale }> };

// Today's puzzle changes at midnight UTC.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: "/games/connectrade", title: t("games.connectrade.title"), description: t("games.connectrade.description"), siteName: t("common.siteName") });
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <GamePage<ConnectradePuzzle> game="connectrade" locale={locale} render={(initial, source) => <Connectrade initial={initial} sourceName={source} />} />;
}
