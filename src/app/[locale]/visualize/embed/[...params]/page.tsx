import type { Metadata } from "next";
import { notFound, permanentRedirect, redirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { resolveRoute, visualizeMetadata, type SearchParams } from "@/features/visualize/route";
import { EmbedPage, UnavailablePanel } from "@/features/visualize/VisualizePage";

type Props = { params: Promise<{ locale: Locale; params: string[] }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale, params: segments } = await params;
  const metadata = await visualizeMetadata(await resolveRoute(segments, await searchParams, locale, true), locale);
  // The full view is the page to index; embeds only live inside other pages.
  return { ...metadata, robots: { index: false, follow: true } };
}

/** The chart alone, for iframes on other sites (the shell hides its chrome on /visualize/embed). */
export default async function EmbedRoute({ params, searchParams }: Props) {
  const { locale, params: segments } = await params;
  setRequestLocale(locale);
  const resolution = await resolveRoute(segments, await searchParams, locale, true);
  if (resolution.kind === "redirect") (resolution.permanent ? permanentRedirect : redirect)(resolution.to);
  if (resolution.kind === "notFound") notFound();
  if (resolution.kind === "unavailable") return <UnavailablePanel locale={locale} />;
  if (resolution.kind === "redirect") return null;
  return <EmbedPage resolution={resolution} locale={locale} />;
}
