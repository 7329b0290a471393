import { Alert } from "@mantine/core";
import { Group, SimpleGrid, Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { ENTITY_DEFS, entityLandingPath, entityProfilePath, type EntityType, type EntityTypeDef } from "@/domain/entities/entities";
import type { Locale } from "@/domain/i18n/locales";
import type { EntityLink } from "@/server/entities/entities";
import { TextLink } from "@/features/shell/AppLink";
import { DocPage, DocSection } from "@/features/shell/DocPage";
import { OperatorDocLine } from "@/features/shell/OperatorDocLine";
import { MeanwhileLinks } from "./MeanwhileLinks";

/**
 * What a visitor can use instead when the site holds no profiles of a type: menu items (their
 * labels and addresses come from the navigation, so a link never drifts from the menu).
 */
export const MEANWHILE: Readonly<Record<EntityType, readonly string[]>> = {
  company: ["products", "bilateralProduct", "countryRankings", "bulkBillOfLading"],
  digital_product: ["products", "treeMap", "dataAvailability"],
  fund: ["countryRankings", "eciRankings", "bulkInternational"],
  manager: ["countryRankings", "eciRankings", "bulkInternational"],
};

/**
 * /profile/{company|digital-product|fund|manager}, for visitors: what a profile of the type holds,
 * and either the profiles the site has or, when it has none, one plain sentence on why and links
 * to what it does have. How an operator loads such profiles is in docs/entities.md (one discreet
 * link). With an id that is not on the site it says so at the top.
 */
export async function EntityLanding({ locale, def, count, list, requestedId }: { locale: Locale; def: EntityTypeDef; count: number; list: EntityLink[]; requestedId?: string }) {
  const t = await getTranslations({ locale, namespace: "entities" });
  const type = `types.${def.type}`;
  const plural = t(`${type}.plural`);
  return (
    <DocPage
      title={t(`${type}.title`)}
      lead={t(`${type}.lead`)}
      gap="lg"
      intro={
        <Group gap="md" data-testid="entity-types">
          <Text size="sm" c="dimmed">
            {t("otherTypes")}
          </Text>
          {ENTITY_DEFS.filter((d) => d.type !== def.type).map((d) => (
            <TextLink key={d.type} href={`/${locale}${entityLandingPath(d)}`} size="sm" underline="hover">
              {t(`types.${d.type}.title`)}
            </TextLink>
          ))}
        </Group>
      }
    >
      {count === 0 ? (
        <>
          <Alert color="gray" title={requestedId ? t("status.idTitle", { id: requestedId }) : t("status.noneTitle", { plural })} data-testid="entity-not-loaded" data-entity={def.type}>
            <Text size="sm">{t(`${type}.why`)}</Text>
          </Alert>
          <MeanwhileLinks locale={locale} id="entity-meanwhile" title={t("status.meanwhile")} testId="entity-meanwhile" items={MEANWHILE[def.type]} />
        </>
      ) : (
        <DocSection id="entity-records" title={t("status.loadedTitle", { plural })} framed testId="entity-records">
          <Text size="sm" mb="sm">
            {t("status.onSite", { count })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
            {list.map((e) => (
              <TextLink key={e.id} href={`/${locale}${entityProfilePath(def, e.id)}`} underline="hover">
                {e.name}
              </TextLink>
            ))}
          </SimpleGrid>
          {count > list.length && (
            <Text size="xs" c="dimmed" mt="sm">
              {t("status.shown", { shown: list.length, count })}
            </Text>
          )}
        </DocSection>
      )}
      <OperatorDocLine locale={locale} doc="entities" />
    </DocPage>
  );
}
