"use client";

import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import Link from "next/link";
import { useFormatter, useLocale, useNow, useTranslations } from "next-intl";
import { useState } from "react";
import { CookiePreferencesLink } from "@/features/consent/ConsentBanner";
import { useSessionUser } from "@/features/session/useSessionUser";
import { clearLocalHistory } from "./store";
import { clearUserHistory } from "./sync";
import { useProfileHistory } from "./useProfileHistory";

/** "Recently viewed" in the explore dialog: the newest profiles as quick links, if any. */
export function RecentlyViewedLinks({ onSelect, limit = 8 }: { onSelect?: () => void; limit?: number }) {
  const t = useTranslations("history");
  const locale = useLocale();
  const { entries } = useProfileHistory();
  if (entries.length === 0) return null;
  return (
    <nav aria-labelledby="recently-viewed-title" data-testid="recently-viewed">
      <Text component="h2" size="sm" fw={600} c="dimmed" id="recently-viewed-title" mb={6}>
        {t("title")}
      </Text>
      <Group gap={8} wrap="wrap">
        {entries.slice(0, limit).map((entry) => (
          <Button
            key={entry.link}
            component={Link}
            href={`/${locale}${entry.link}`}
            onClick={onSelect}
            variant="light"
            size="xs"
            radius="xl"
            maw="100%"
            data-testid="recently-viewed-link"
            data-link={entry.link}
          >
            {entry.title}
          </Button>
        ))}
      </Group>
    </nav>
  );
}

/** "Recently viewed" on the account page: the whole list with when, or why there is none. */
export function RecentlyViewedSection() {
  const t = useTranslations("history");
  const locale = useLocale();
  const format = useFormatter();
  const now = useNow({ updateInterval: 60_000 });
  const { entries, enabled, signedIn, storageKey } = useProfileHistory();
  const { user } = useSessionUser();
  const [busy, setBusy] = useState(false);

  async function clear() {
    setBusy(true);
    if (user) await clearUserHistory(user.id);
    else clearLocalHistory(storageKey);
    setBusy(false);
  }

  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} data-testid="history-section" data-enabled={enabled || undefined}>
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} size="h4">
            {t("title")}
          </Title>
          {enabled && entries.length > 0 && (
            <Button variant="subtle" size="xs" color="red" onClick={clear} loading={busy} data-testid="history-clear">
              {t("clear")}
            </Button>
          )}
        </Group>
        {!enabled ? (
          <Stack gap={4} align="flex-start">
            <Text size="sm" data-testid="history-off">
              {t("off")}
            </Text>
            <CookiePreferencesLink />
          </Stack>
        ) : entries.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="history-empty">
            {t("empty")}
          </Text>
        ) : (
          <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: "none" }} data-testid="history-list">
            {entries.map((entry) => (
              <Group key={entry.link} component="li" justify="space-between" gap="xs" wrap="nowrap" data-testid="history-entry" data-link={entry.link}>
                <Anchor component={Link} href={`/${locale}${entry.link}`} style={{ minWidth: 0, overflowWrap: "anywhere" }}>
                  {entry.title}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  <time dateTime={new Date(entry.time).toISOString()}>{format.relativeTime(new Date(entry.time), now)}</time>
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        {enabled && signedIn && (
          <Text size="xs" c="dimmed">
            {t("synced")}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
