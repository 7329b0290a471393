import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { entityLandingPath, entityProfilePath, isEntityId, type EntityTypeDef } from "@/domain/entities/entities";
import type { Locale } from "@/domain/i18n/locales";
import { entityCount, entityDetail, entityList } from "@/server/entities/entities";
import { pageMetadata } from "@/features/shell/metadata";
import { EntityLanding } from "./EntityLanding";
import { EntityProfile } from "./EntityProfile";

/**
 * An entity profile route: the landing page of the type (no id), a loaded record, or, for an id
 * that is not there, the landing page saying so while none of the type is loaded and the 404
 * page once some are (then the id is simply unknown).
 */
export async function EntityPage({ locale, def, id }: { locale: Locale; def: EntityTypeDef; id?: string }) {
  if (id !== undefined) {
    const detail = isEntityId(id) ? await entityDetail(def, id, locale) : null;
    if (detail) return <EntityProfile locale={locale} def={def} detail={detail} />;
    if ((await entityCount(def)) > 0) notFound();
    return <EntityLanding locale={locale} def={def} count={0} list={[]} requestedId={id} />;
  }
  const count = await entityCount(def);
  return <EntityLanding locale={locale} def={def} count={count} list={count > 0 ? await entityList(def) : []} />;
}

export async function entityMetadata({ locale, def, id }: { locale: Locale; def: EntityTypeDef; id?: string }): Promise<Metadata> {
  const t = await getTranslations({ locale });
  const siteName = t("common.siteName");
  const detail = id !== undefined && isEntityId(id) ? await entityDetail(def, id, locale) : null;
  if (detail) {
    const title = String(detail.record.name);
    return pageMetadata({ locale, path: entityProfilePath(def, id!), title, description: `${t(`entities.types.${def.type}.kind`)}: ${title}. ${t("meta.description")}`, siteName });
  }
  const landing = pageMetadata({ locale, path: entityLandingPath(def), title: t(`entities.types.${def.type}.title`), description: t(`entities.types.${def.type}.lead`), siteName });
  // An id that is not loaded shows the landing page: the landing page is the canonical URL, and
  // the id's URL is not one to index.
  return id === undefined ? landing : { ...landing, robots: { index: false, follow: true } };
}
