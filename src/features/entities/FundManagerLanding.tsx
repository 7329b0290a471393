import { Badge, Group, SimpleGrid, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { entityDef, entityLandingPath } from "@/domain/entities/entities";
import type { Locale } from "@/domain/i18n/locales";
import { entityCount } from "@/server/entities/entities";
import { CardLink } from "@/features/shell/AppLink";
import { DocPage } from "@/features/shell/DocPage";

/** /fund-manager-landing (the menu's "Funds and managers"): the way to the fund and the manager profiles. */
export async function FundManagerLanding({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "entities" });
  const defs = [entityDef("fund"), entityDef("manager")];
  const counts = await Promise.all(defs.map((d) => entityCount(d)));
  return (
    <DocPage title={t("fundManager.title")} lead={t("fundManager.lead")}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {defs.map((d, i) => (
          <CardLink key={d.type} href={`/${locale}${entityLandingPath(d)}`} withBorder radius="md" padding="lg" data-feature={d.type}>
            <Group justify="space-between" align="start" mb="xs" wrap="nowrap">
              <Title order={2} size="h3">
                {t(`types.${d.type}.title`)}
              </Title>
              <Badge variant="light" color={counts[i] > 0 ? "teal" : "gray"}>
                {counts[i] > 0 ? t("fundManager.loaded", { count: counts[i] }) : t("fundManager.none")}
              </Badge>
            </Group>
            <Text size="sm">{t(`types.${d.type}.lead`)}</Text>
          </CardLink>
        ))}
      </SimpleGrid>
    </DocPage>
  );
}
