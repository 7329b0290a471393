"use client";

import { Stack, Text, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import { COOKIE_CATALOGUE, COOKIE_CATEGORIES } from "./catalogue";
import { CookiePreferencesLink } from "./ConsentBanner";
import { CookieTable } from "./CookieTable";

/** The whole cookie catalogue, for the privacy page. */
export function CookieCatalogue() {
  const t = useTranslations("consent");
  return (
    <Stack gap="md" data-testid="cookie-catalogue">
      <Title order={2} size="h3">
        {t("catalogueTitle")}
      </Title>
      {COOKIE_CATEGORIES.map((category) => (
        <Stack gap={4} key={category} data-category={category}>
          <Title order={3} size="h5">
            {t(`categories.${category}.title`)}
            {category === "necessary" && (
              <Text span size="sm" c="dimmed" fw={400}>
                {` · ${t("modal.alwaysActive")}`}
              </Text>
            )}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`categories.${category}.description`)}
          </Text>
          <CookieTable entries={COOKIE_CATALOGUE[category]} caption={t(`categories.${category}.title`)} />
        </Stack>
      ))}
      <div>
        <CookiePreferencesLink />
      </div>
    </Stack>
  );
}
