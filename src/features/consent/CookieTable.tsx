"use client";

import { Code, Table, Text } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { durationParts, type CookieDuration, type CookieEntry } from "./catalogue";
import classes from "./Consent.module.css";

export function useDurationLabel(): (duration: CookieDuration) => string {
  const t = useTranslations("consent.duration");
  const locale = useLocale();
  return (duration) => {
    const parts = durationParts(duration);
    if (typeof parts === "string") return t(parts);
    return new Intl.ListFormat(locale, { type: "unit", style: "narrow" }).format(parts.map((part) => t(part.unit, { count: part.count })));
  };
}

/** One category of the catalogue: cookie, description, duration (rows stack on phones). */
export function CookieTable({ entries, caption }: { entries: readonly CookieEntry[]; caption: string }) {
  const t = useTranslations("consent");
  const duration = useDurationLabel();
  return (
    <Table className={classes.table} verticalSpacing="xs" horizontalSpacing="sm" data-testid="cookie-table">
      <caption className={classes.srOnly}>{caption}</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t("columns.cookie")}</Table.Th>
          <Table.Th scope="col">{t("columns.description")}</Table.Th>
          <Table.Th scope="col">{t("columns.duration")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.cookie} data-cookie={entry.cookie} data-purpose={entry.purpose}>
            <Table.Td data-label={t("columns.cookie")} className={classes.nameCell}>
              <Code className={classes.name}>{entry.cookie}</Code>
              <Text size="xs" c="dimmed">
                {t(`storage.${entry.storage}`)}
              </Text>
            </Table.Td>
            <Table.Td data-label={t("columns.description")}>
              <Text size="sm">{t(`catalogue.${entry.id}`)}</Text>
            </Table.Td>
            <Table.Td data-label={t("columns.duration")} data-testid="cookie-duration">
              <Text size="sm">{duration(entry.duration)}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
