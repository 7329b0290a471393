import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { isProProfile } from "@/domain/billing/proAccess";
import type { Locale } from "@/domain/i18n/locales";
import { buildProfilePath, parseProfilePath } from "@/domain/profiles/path";
import { reportBySlug } from "@/domain/explorer/reports";
import { parseEntitySegments } from "@/domain/entities/entities";
import { EntityPage, entityMetadata } from "@/features/entities/EntityPage";
import { RecordVisit } from "@/features/history/RecordVisit";
import { DataMissing } from "@/features/profiles/DataMissing";
import { ProfileLanding } from "@/features/profiles/ProfileLanding";
import { ProfilePreview } from "@/features/profiles/ProfilePreview";
import { ProfileView } from "@/features/profiles/ProfileView";
import { profileTitle } from "@/server/profiles/titles";
import { pageMetadata } from "@/features/shell/metadata";
import { ProfileJsonLd } from "@/features/seo/ProfileJsonLd";
import { proAccess } from "@/server/auth/proAccess";
import { memberLookup } from "@/server/profiles/lookup";
import { subnationalRoute } from "@/domain/subnational/routes";
import { SubnationalIndex } from "@/features/subnational/SubnationalIndex";
import { SubnationalLanding } from "@/features/profiles/subnational/SubnationalLanding";
import { countryName } from "@/server/subnational/data";

type Props = { params: Promise<{ locale: Locale; segments: string[] }>; searchParams: Promise<{ year?: string | string[]; productYear?: string | string[] }> };

/** ?year= of a profile's year selectors: a plain four-digit year, anything else is ignored. */
function yearParam(value: string | string[] | undefined): number | undefined {
  return typeof value === "string" && /^\d{4}$/.test(value) ? Number(value) : undefined;
}

/** The profile's year choices as a query string ("" when none). */
function yearQuery(year: number | undefined, productYear: number | undefined): string {
  const query = new URLSearchParams();
  if (year !== undefined) query.set("year", String(year));
  if (productYear !== undefined) query.set("productYear", String(productYear));
  const text = query.toString();
  return text ? `?${text}` : "";
}

async function resolve(segments: string[]) {
  try {
    const { index, lookup } = await memberLookup();
    return { index, result: parseProfilePath(segments, lookup) };
  } catch {
    return null;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, segments } = await params;
  const entity = parseEntitySegments(segments);
  if (entity) return entity.kind === "landing" || entity.kind === "member" || entity.kind === "unknown-id" ? entityMetadata({ locale, def: entity.def, id: entity.kind === "landing" ? undefined : entity.id }) : {};
  const subnational = subnationalRoute(segments);
  if (subnational?.kind === "index" || subnational?.kind === "landing") {
    const t = await getTranslations({ locale });
    const name = subnational.kind === "landing" ? await countryName(subnational.country.code, locale) : null;
    return pageMetadata({
      locale,
      path: `/profile/${segments[0]}`,
      title: name ? t("subnational.landing.metaTitle", { country: name }) : t("subnational.index.title"),
      description: name ? t("subnational.landing.metaDescription", { country: name }) : t("subnational.index.lead"),
      siteName: t("common.siteName"),
    });
  }
  const landing = segments.length === 1 ? reportBySlug(segments[0]) : undefined;
  if (landing) {
    const t = await getTranslations({ locale });
    const title = t("profiles.landing.title", { report: t(`explorer.reports.${landing.slug}`) });
    return pageMetadata({ locale, path: `/profile/${landing.slug}`, title, description: t("profiles.landing.lead"), siteName: t("common.siteName") });
  }
  const resolved = await resolve(segments);
  if (!resolved || resolved.result.kind !== "ok") return {};
  const t = await getTranslations({ locale });
  const title = profileTitle(resolved.result.target, resolved.index, locale);
  return pageMetadata({
    locale,
    path: `/profile${buildProfilePath(resolved.result.target)}`,
    title,
    description: `${resolved.result.target.report === "subnational" ? t("subnational.landing.kind") : t(`profiles.kinds.${resolved.result.target.report === "country" ? resolved.result.target.kind : resolved.result.target.report}`)}: ${title}. ${t("meta.description")}`,
    siteName: t("common.siteName"),
  });
}

export default async function ProfilePage({ params, searchParams }: Props) {
  const { locale, segments } = await params;
  const query = await searchParams;
  const year = yearParam(query.year);
  const productYear = yearParam(query.productYear);
  setRequestLocale(locale);
  // Company, digital-product, fund and manager profiles: operator-loaded data (docs/entities.md).
  const entity = parseEntitySegments(segments);
  if (entity?.kind === "not-found") notFound();
  if (entity?.kind === "redirect") permanentRedirect(`/${locale}${entity.path}`);
  if (entity) return <EntityPage locale={locale} def={entity.def} id={entity.kind === "landing" ? undefined : entity.id} />;
  // Subnational countries: the index, each country's landing page (public), a level -> its landing.
  const subnational = subnationalRoute(segments);
  if (subnational?.kind === "redirect") permanentRedirect(`/${locale}/profile${subnational.path}`);
  if (subnational?.kind === "index") return <SubnationalIndex locale={locale} />;
  if (subnational?.kind === "landing") return <SubnationalLanding locale={locale} country={subnational.country} />;
  const landing = segments.length === 1 ? reportBySlug(segments[0]) : undefined;
  if (landing && landing.slug !== "world") return <ProfileLanding locale={locale} report={landing} />;
  const resolved = await resolve(segments);
  if (!resolved) return <DataMissing locale={locale} />;
  const { result, index } = resolved;
  // A redirect to the canonical spelling keeps the year the link chose (a shared ?year= URL).
  if (result.kind === "redirect") permanentRedirect(`/${locale}/profile${result.path}${yearQuery(year, productYear)}`);
  if (result.kind === "not-found") notFound();
  // PRO profiles (subnational): the session's role decides, on the server; others get a preview.
  const access = isProProfile(result.target.report) ? await proAccess() : null;
  return (
    <>
      <RecordVisit link={`/profile${buildProfilePath(result.target)}`} title={profileTitle(result.target, index, locale)} />
      <ProfileJsonLd target={result.target} index={index} locale={locale} />
      {access && !access.allowed ? (
        <ProfilePreview target={result.target} index={index} locale={locale} signedIn={access.signedIn} />
      ) : (
        <ProfileView target={result.target} index={index} locale={locale} year={year} productYear={productYear} />
      )}
    </>
  );
}
