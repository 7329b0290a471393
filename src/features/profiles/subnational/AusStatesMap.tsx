"use client";

import { Stack, Text } from "@mantine/core";
import type { Locale } from "@/domain/i18n/locales";
import { buildProfilePath } from "@/domain/profiles/path";
import { isAusStateCode } from "@/domain/subnational/ausStates";
import { SubnationalMap, type SubnationalMapLabels } from "@/features/subnational/SubnationalMap";

// The map keys its shapes by state code (the level's memberIds in domain/subnational/config.ts).
const hrefFor = (locale: Locale) => (code: string) =>
  isAusStateCode(code) ? `/${locale}/profile${buildProfilePath({ report: "subnational", country: "aus", level: "states", id: code })}` : null;

/** Australia's states coloured by their exports in AUD; a state's shape links to its profile. Labels come from the server. */
export function AusStatesMap({
  locale,
  values,
  selected,
  title,
  note,
  labels,
}: {
  locale: Locale;
  /** By state code (NSW...); RX and CND have no shape and are dropped. */
  values: { id: string; value: number; name: string }[];
  selected?: string;
  title: string;
  note: string;
  labels: SubnationalMapLabels;
}) {
  const features = values.filter((v) => isAusStateCode(v.id));
  const focus = selected && isAusStateCode(selected) ? selected : undefined;
  return (
    <Stack gap="xs" data-testid="aus-map" data-selected={selected}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <SubnationalMap iso3="aus" levelSlug="states" values={features} currency="AUD" locale={locale} labels={labels} hrefFor={hrefFor(locale)} focus={focus} height={380} testId="aus-states-map" />
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Stack>
  );
}
