import type { Metadata } from "next";
import { notFound, permanentRedirect, redirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { resolveRoute, visualizeMetadata, type SearchParams } from "@/features/visualize/route";
import { UnavailablePanel, VisualizePage } from "@/features/visualize/VisualizePage";

type Props = { params: Promise<{ locale: Locale; params: string[] }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale, params: segments } = await params;
  return visualizeMetadata(await resolveRoute(segments, await searchParams, locale, false), locale);
}

// /{locale}/visualize/{chart}/{classification}/{flow}/{country}/{partner}/{product}/{time}: parse,
// redirect to the canonical URL, then the chart or an explanation of why it cannot be drawn.
export default async function VisualizeRoute({ params, searchParams }: Props) {
  const { locale, params: segments } = await params;
  setRequestLocale(locale);
  const resolution = await resolveRoute(segments, await searchParams, locale, false);
  if (resolution.kind === "redirect") (resolution.permanent ? permanentRedirect : redirect)(resolution.to);
  if (resolution.kind === "notFound") notFound();
  if (resolution.kind === "unavailable") return <UnavailablePanel locale={locale} />;
  if (resolution.kind === "redirect") return null;
  return <VisualizePage resolution={resolution} locale={locale} />;
}
