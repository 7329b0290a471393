/**
 * What the /visualize route files share: decoding the segments, one cached resolution per
 * request (metadata and page), and the metadata itself.
 */
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import type { Locale } from "@/domain/i18n/locales";
import { pageMetadata } from "@/features/shell/metadata";
import { resolveVisualization, type Resolution } from "./resolve";

export type SearchParams = Record<string, string | string[] | undefined>;

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const resolveCached = cache((segmentsKey: string, queryKey: string, locale: Locale, embed: boolean): Promise<Resolution> =>
  resolveVisualization(JSON.parse(segmentsKey) as string[], JSON.parse(queryKey) as SearchParams, locale, { embed }),
);

export function resolveRoute(segments: readonly string[], query: SearchParams, locale: Locale, embed: boolean): Promise<Resolution> {
  const picked: SearchParams = {};
  for (const name of ["depth", "x", "y", "regions", "locale"]) if (query[name] !== undefined) picked[name] = query[name];
  return resolveCached(JSON.stringify(segments.map(decode)), JSON.stringify(picked), locale, embed);
}

export async function visualizeMetadata(resolution: Resolution, locale: Locale): Promise<Metadata> {
  if (resolution.kind !== "ok" && resolution.kind !== "problems") return {};
  const t = await getTranslations({ locale });
  const path = resolution.path.slice(`/${locale}`.length);
  return pageMetadata({
    locale,
    path,
    title: resolution.title,
    description: t("visualize.metaDescription", { title: `${resolution.title} (${resolution.subtitle.split(" · ")[0]}).` }),
    siteName: t("common.siteName"),
  });
}
