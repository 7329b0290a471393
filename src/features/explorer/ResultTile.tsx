"use client";

import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { tileLocalePrefix, type Locale } from "@/domain/i18n/locales";
import { PROFILE_PREFIX } from "@/domain/explorer/reports";
import type { ProfileResult } from "@/domain/explorer/types";
import { memberImageUrl } from "./images";
import classes from "./Explorer.module.css";

/** A profile tile: member thumbnails (160 px), names, a green variant badge and the report link. */
export function ResultTile({ profile, locale, onSelect }: { profile: ProfileResult; locale: Locale; onSelect?: () => void }) {
  const t = useTranslations("explorer");
  // Spec section 2: the locale prefix is omitted for English in tile links.
  const href = `${tileLocalePrefix(locale)}${PROFILE_PREFIX}${profile.path}`;
  return (
    <Card withBorder padding="sm" radius="md" h="100%" data-testid="result-tile" data-profile={profile.id}>
      <Card.Section p="sm">
        <div className={classes.thumbs}>
          {profile.members.map((member) => (
            // eslint-disable-next-line @next/next/no-img-element -- small SVG/PNG icons with long cache; the optimiser adds nothing
            <img key={member.id} src={memberImageUrl(member)} alt={member.name} className={classes.thumb} loading="lazy" />
          ))}
        </div>
      </Card.Section>
      <Stack gap={6} justify="space-between" style={{ flex: 1 }}>
        <Stack gap={4}>
          {profile.members.map((member) => (
            <Group key={member.id} gap={6} wrap="nowrap" justify="space-between">
              <Text fw={600} size="sm" lineClamp={2}>
                {member.name}
              </Text>
              <Badge color="green" variant="light" size="sm" style={{ flexShrink: 0 }}>
                {member.metadata.variant.name}
              </Badge>
            </Group>
          ))}
        </Stack>
        <Button component={Link} href={href} variant="light" size="xs" fullWidth onClick={onSelect} data-testid="tile-link">
          {t("seeReport", { report: profile.report.name })}
        </Button>
      </Stack>
    </Card>
  );
}
