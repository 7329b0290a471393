import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { TradlePuzzle } from "@/domain/games/tradle";
import type { Locale } from "@/domain/i18n/locales";
import { GamePage } from "@/features/games/GamePage";
import { Tradle } from "@/features/games/Tradle";
import { pageMetadata } from "@/features/shell/metadata";

type Props = { params: Promise<{ locale: Locale }> };

// Today's puzzle changes at midnight UTC.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale });
  return pageMetadata({ locale, path: "/games/tradle", title: t("games.tradle.title"), description: t("games.tradle.lead", { year: "" }).replace(/\s+\./, "."), siteName: t("common.siteName") });
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <GamePage<TradlePuzzle> game="tradle" locale={locale} render={(initial, source) => <Tradle initial={initial} sourceName={source} />} />;
}
