import { getTranslations } from "next-intl/server";
import { comparePath, type CompareKind } from "@/domain/compare/url";
import type { Locale } from "@/domain/i18n/locales";
import { ButtonLink } from "@/features/shell/AppLink";

/** "Compare with…" on a country or product profile: the compare page with this entity already chosen. */
export async function CompareLink({ locale, kind, id }: { locale: Locale; kind: CompareKind; id: string }) {
  const t = await getTranslations({ locale, namespace: "compare" });
  return (
    <ButtonLink href={comparePath(locale, { kind, ids: [id] })} variant="default" size="xs" data-testid="compare-link">
      {t("compareWith")}
    </ButtonLink>
  );
}
