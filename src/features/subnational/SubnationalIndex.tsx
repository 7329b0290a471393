import { Badge, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { ALL_SUBNATIONAL_COUNTRIES, datasetOf, reportSlugOf } from "@/domain/subnational/config";
import { TextLink } from "@/features/shell/AppLink";
import { countryName, levelsWithData } from "@/server/subnational/data";

/** /profile/subnational: every subnational country, its levels and which of them hold data. */
export async function SubnationalIndex({ locale }: { locale: Locale }) {
  const [t, withData] = await Promise.all([getTranslations({ locale, namespace: "subnational" }), levelsWithData().catch(() => new Map<string, number[]>())]);
  const countries = await Promise.all(ALL_SUBNATIONAL_COUNTRIES.map(async (c) => ({ country: c, name: await countryName(c.code, locale) })));
  countries.sort((a, b) => a.name.localeCompare(b.name, locale));
  return (
    <Container size="lg" py="xl" data-testid="subnational-index">
      <Stack gap="lg">
        <Title order={1}>{t("index.title")}</Title>
        <Text size="lg">{t("index.lead")}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {countries.map(({ country, name }) => (
            <Paper key={country.code} withBorder p="md" data-testid="subnational-country">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <TextLink href={`/${locale}/profile/${reportSlugOf(country.code)}`} fw={600}>
                    {name}
                  </TextLink>
                  {!country.available && (
                    <Badge color="gray" variant="light">
                      {t("index.unavailable")}
                    </Badge>
                  )}
                </Group>
                <Group gap={6}>
                  {country.geoLevels.map((level) => {
                    const has = withData.has(datasetOf(country.code, level.slug));
                    return (
                      <Badge key={level.slug} variant={has ? "filled" : "outline"} color={has ? "teal" : "gray"} tt="none">
                        {t(`levels.${level.slug}`)}
                      </Badge>
                    );
                  })}
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t("index.legend")}
        </Text>
      </Stack>
    </Container>
  );
}
