"use client";

import { Stack, Text } from "@mantine/core";
import type { Locale } from "@/domain/i18n/locales";
import { buildProfilePath } from "@/domain/profiles/path";
import { SubnationalMap, type SubnationalMapLabels } from "@/features/subnational/SubnationalMap";

/**
 * Spain's provinces or autonomous communities coloured by exports (USD); a shape links to its
 * profile. Community values come folded onto the geometry's features (Ceuta and Melilla share one).
 */
export function EspMap({
  locale,
  level,
  values,
  title,
  labels,
  focus,
  testId,
}: {
  locale: Locale;
  level: "provinces" | "autonomous";
  values: { id: number; value: number; name?: string }[];
  title: string;
  labels: SubnationalMapLabels;
  /** Feature id drawn as the selected one. */
  focus?: number;
  testId?: string;
}) {
  const hrefFor = (id: string) =>
    `/${locale}/profile${buildProfilePath(level === "provinces" ? { report: "subnational_esp", id } : { report: "subnational", country: "esp", level: "autonomous", id })}`;
  return (
    <Stack gap="xs" data-testid={testId}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <SubnationalMap
        iso3="esp"
        levelSlug={level}
        values={values.map((v) => ({ id: String(v.id), value: v.value, ...(v.name ? { name: v.name } : {}) }))}
        currency="USD"
        locale={locale}
        labels={labels}
        hrefFor={hrefFor}
        {...(focus !== undefined ? { focus: String(focus) } : {})}
        height={380}
        testId={testId ? `${testId}-canvas` : undefined}
      />
    </Stack>
  );
}
