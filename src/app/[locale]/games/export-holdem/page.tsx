import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { HoldemPuzzle } from "@/domain/games/holdem";
import type { Locale } from "@/domain/i18n/locales";
import { GamePage } from "@/features/games/GamePage";
import { ExportHoldem } from "@/features/games/ExportHoldem";
import { pageMetadata } from "@/features/shell/metadata";

type Props = { params: Promise<{ locale: Locale }> };

// Today's puzzle changes at midnight UTC.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: "/games/export-holdem", title: t("games.holdem.title"), description: t("games.holdem.description"), siteName: t("common.siteName") });
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <GamePage<HoldemPuzzle> game="export-holdem" locale={locale} render={(initial, source) => <ExportHoldem initial={initial} sourceName={source} />} />;
}
