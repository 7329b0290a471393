import { Alert } from "@mantine/core";
import { Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import type { RankingKind } from "@/domain/rankings/routes";
import type { RankingClassification } from "@/domain/rankings/substitution";

/**
 * Why this ranking is shown instead of the one the link named (an HS6/HS96 link when the warehouse
 * holds no HS6 trade): what was asked for, what it needs, and that this is the finest we hold.
 */
export async function SubstitutionNote({ locale, kind, requested, shown }: { locale: Locale; kind: RankingKind; requested: RankingClassification; shown: string }) {
  const t = await getTranslations({ locale, namespace: "rankings" });
  const body = t("notAvailable.body", {
    measure: t(`${kind}.short`),
    depth: requested.depth.toUpperCase(),
    revision: requested.revision.toUpperCase(),
    need: requested.depth === "hs6" ? t("notAvailable.needHs6", { revision: requested.revision.slice(2) }) : t("notAvailable.needHs4"),
  });
  return (
    <Alert color="blue" variant="light" title={t("substituted.title", { requested: `${requested.depth.toUpperCase()} ${requested.revision.toUpperCase()}` })} data-testid="ranking-substituted">
      <Text size="sm">
        {body} {t("substituted.shown", { classification: shown })}
      </Text>
    </Alert>
  );
}
