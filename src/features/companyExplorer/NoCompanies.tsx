import { Alert } from "@mantine/core";
import { Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { MEANWHILE } from "@/features/entities/EntityLanding";
import { MeanwhileLinks } from "@/features/entities/MeanwhileLinks";
import { OperatorDocLine } from "@/features/shell/OperatorDocLine";

/**
 * The explorer when the site holds no companies: one plain sentence on why, what to use instead
 * (the company landing's own list, from the menu), and one discreet link to the operator
 * documentation for people who run their own copy (docs/entities.md).
 */
export async function NoCompanies({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "companyExplorer" });
  return (
    <>
      <Alert color="gray" title={t("none.title")} data-testid="companies-not-loaded">
        <Text size="sm">{t("none.why")}</Text>
      </Alert>
      <MeanwhileLinks locale={locale} id="companies-meanwhile" title={t("none.meanwhile")} testId="companies-meanwhile" items={MEANWHILE.company} />
      <OperatorDocLine locale={locale} doc="entities" />
    </>
  );
}
