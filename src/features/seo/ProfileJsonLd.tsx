import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { buildProfilePath, type ProfileTarget } from "@/domain/profiles/path";
import { breadcrumbJsonLd, placeJsonLd, type JsonLd as JsonLdData } from "@/domain/seo/jsonLd";
import { profileTitle } from "@/server/profiles/titles";
import { siteUrl } from "@/server/origin";
import type { ProfileIndex } from "@/server/search/engine";
import { JsonLd } from "./JsonLd";

/** The report a target's landing page lists it under (/profile/{slug}). */
function reportSlug(target: ProfileTarget): string {
  return target.report === "subnational" ? `subnational_${target.country}` : target.report;
}

/**
 * A profile's structured data: the place it is about (a Country with its ISO 3166 code, or a Place
 * for a continent or the world) and the breadcrumb Home › {report} profiles › {profile}.
 */
export async function ProfileJsonLd({ target, index, locale }: { target: ProfileTarget; index: ProfileIndex; locale: Locale }) {
  const t = await getTranslations({ locale });
  const origin = siteUrl().origin;
  const title = profileTitle(target, index, locale);
  const path = `/${locale}/profile${buildProfilePath(target)}`;
  const slug = reportSlug(target);
  const report = t.has(`explorer.reports.${slug}`) ? t("profiles.landing.title", { report: t(`explorer.reports.${slug}`) }) : null;
  const data: JsonLdData[] = [
    breadcrumbJsonLd(origin, [{ name: t("common.home"), path: `/${locale}` }, ...(report ? [{ name: report, path: `/${locale}/profile/${slug}` }] : []), { name: title, path }]),
  ];
  if (target.report === "country") {
    data.unshift(placeJsonLd({ origin, path, name: title, kind: target.kind === "country" ? "Country" : "Place", iso3: target.kind === "country" && /^[a-z]{3}$/.test(target.id) ? target.id : undefined }));
  } else if (target.report === "world") {
    data.unshift(placeJsonLd({ origin, path, name: title, kind: "Place" }));
  }
  return <JsonLd data={data} />;
}
