import { redirect } from "next/navigation";
import { entityDef, entityLandingPath } from "@/domain/entities/entities";
import type { Locale } from "@/domain/i18n/locales";

type Props = { params: Promise<{ locale: Locale }> };

// The menu's "Companies" entry: the company profiles live under /profile/company, one URL per page.
export default async function Page({ params }: Props) {
  const { locale } = await params;
  redirect(`/${locale}${entityLandingPath(entityDef("company"))}`);
}
