import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Pick5Puzzle } from "@/domain/games/pick5";
import type { Locale } from "@/domain/i18n/locales";
import { GamePage } from "@/features/games/GamePage";
import { Pick5 } from "@/features/games/Pick5";
import { pageMetadata } from "@/features/shell/metadata";

type Props = { params: Promise<{ locale: Locale }> };

// Today's puzzle changes at midnight UTC.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: "/games/pick-5", title: t("games.pick5.title"), description: t("games.pick5.description"), siteName: t("common.siteName") });
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <GamePage<Pick5Puzzle> game="pick-5" locale={locale} render={(initial, source) => <Pick5 initial={initial} sourceName={source} />} />;
}
