import type { Metadata } from "next";
import { notFound, permanentRedirect, redirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { isCanonicalRanking, parseRankingPath, parseYearQuery, rankingPath } from "@/domain/rankings/routes";
import { parseSubstitution, SUBSTITUTION_PARAM, withSubstitution } from "@/domain/rankings/substitution";
import { ComplexityRankingPage } from "@/features/rankings/ComplexityRankingPage";
import { pageMetadata } from "@/features/shell/metadata";
import { hasRanking, latestRankingPath } from "@/server/catalog/rankings";

type Params = { locale: Locale; kind: string; depth: string; revision: string };
type Props = { params: Promise<Params>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, kind, depth, revision } = await params;
  const parsed = parseRankingPath(kind, depth, revision);
  if (!parsed) return {};
  const t = await getTranslations({ locale });
  return pageMetadata({
    locale,
    path: rankingPath(parsed.kind, parsed.depth, parsed.revision),
    title: `${t(`rankings.${parsed.kind}.title`)} · ${parsed.depth.toUpperCase()} ${parsed.revision.toUpperCase()}`,
    description: t(`rankings.${parsed.kind}.lead`),
    siteName: t("common.siteName"),
  });
}

export default async function Page({ params, searchParams }: Props) {
  const raw = await params;
  setRequestLocale(raw.locale);
  const parsed = parseRankingPath(raw.kind, raw.depth, raw.revision);
  if (!parsed) notFound();
  const query = await searchParams;
  const year = parseYearQuery(query.year);
  if (!year.ok) notFound();
  if (!isCanonicalRanking(raw, parsed)) permanentRedirect(`/${raw.locale}${rankingPath(parsed.kind, parsed.depth, parsed.revision, year.year)}`);
  // A classification the data lacks (old links such as hs6/hs96): the newest and finest the catalogue holds.
  if (!(await hasRanking(parsed.depth, parsed.revision))) {
    const latest = await latestRankingPath();
    if (latest) redirect(`/${raw.locale}${withSubstitution(rankingPath(parsed.kind, latest.depth, latest.revision), parsed)}`);
  }
  const substitutedFor = parseSubstitution(query[SUBSTITUTION_PARAM]);
  return <ComplexityRankingPage locale={raw.locale} kind={parsed.kind} requested={parsed} year={year.year} substitutedFor={substitutedFor} />;
}
