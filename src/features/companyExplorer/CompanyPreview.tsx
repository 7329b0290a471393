import { Container, List, ListItem, Stack, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { formatNumber, formatUsd } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import { loadCompanyPreview } from "@/server/entities/companies";
import { OperatorDocLine } from "@/features/shell/OperatorDocLine";

/**
 * What a visitor without PREMIUM sees of the explorer: the largest companies the site holds by
 * exports (name, country, value and year), or, when none are loaded, the one sentence saying so.
 */
export async function CompanyPreview({ locale }: { locale: Locale }) {
  const [t, preview] = await Promise.all([getTranslations({ locale, namespace: "companyExplorer" }), loadCompanyPreview(locale)]);
  return (
    <Container size="md" pb="xl" data-testid="company-preview">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("preview.title")}
        </Title>
        {preview.count === 0 ? (
          <>
            <Text data-testid="companies-not-loaded">{t("none.why")}</Text>
            <OperatorDocLine locale={locale} doc="entities" />
          </>
        ) : (
          <>
            <Text c="dimmed">{t("preview.note", { shown: formatNumber(preview.rows.length, locale), count: formatNumber(preview.count, locale) })}</Text>
            <List spacing={4}>
              {preview.rows.map((row) => (
                <ListItem key={row.id}>
                  {t("preview.row", {
                    name: row.name,
                    country: row.countryName ?? row.country.toUpperCase(),
                    value: row.value === null ? t("notStated") : formatUsd(row.value, locale, { compact: true }),
                    year: String(row.year),
                  })}
                </ListItem>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Container>
  );
}
