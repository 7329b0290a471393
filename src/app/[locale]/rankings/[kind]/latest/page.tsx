import { notFound, redirect } from "next/navigation";
import type { Locale } from "@/domain/i18n/locales";
import { RANKING_KINDS, rankingPath, type RankingKind } from "@/domain/rankings/routes";
import { latestRankingPath } from "@/server/catalog/rankings";

export const dynamic = "force-dynamic";

/** The menus' "latest" ECI/PCI link: the newest year and finest classification the data holds. */
export default async function Page({ params }: { params: Promise<{ locale: Locale; kind: string }> }) {
  const { locale, kind } = await params;
  if (!(RANKING_KINDS as readonly string[]).includes(kind)) notFound();
  const latest = await latestRankingPath();
  if (!latest) redirect(`/${locale}${rankingPath(kind as RankingKind, "hs4", "hs92")}`);
  redirect(`/${locale}${rankingPath(kind as RankingKind, latest.depth, latest.revision)}`);
}
