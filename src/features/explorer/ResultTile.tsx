"use client";

import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { tileLocalePrefix, type Locale } from "@/domain/i18n/locales";
import { PROFILE_PREFIX } from "@/domain/explorer/reports";
import { PRO_BADGE_SIZE, TILE_MIN_WIDTH, tileBadge, tileMembers } from "@/domain/explorer/tileMember";
import type { ProfileResult } from "@/domain/explorer/types";
import { NavBadge } from "@/features/shell/NavBadge";
import { SvgLoader } from "@/features/shell/SvgLoader";
import { memberImageUrl } from "./images";
import classes from "./Explorer.module.css";

/**
 * A profile tile (spec sections 2 and 3): member thumbnails (160 px) through the SVG loader with
 * the dimension's icon as fallback, names with their code, a green variant badge, the plan badge
 * (PRO, 35 by 34, on subnational tiles) and the report link.
 */
export function ResultTile({ profile, locale, onSelect }: { profile: ProfileResult; locale: Locale; onSelect?: () => void }) {
  const t = useTranslations("explorer");
  // Spec section 2: the locale prefix is omitted for English in tile links.
  const href = `${tileLocalePrefix(locale)}${PROFILE_PREFIX}${profile.path}`;
  const members = tileMembers(profile, memberImageUrl);
  const badge = tileBadge(members);
  return (
    <Card withBorder padding="sm" radius="md" h="100%" miw={TILE_MIN_WIDTH} data-testid="result-tile" data-profile={profile.id}>
      <Card.Section p="sm" pos="relative">
        <div className={classes.thumbs}>
          {members.map((member) => (
            <SvgLoader key={member.id} src={member.image.src} alt={member.name} className={classes.thumb}>
              {/* eslint-disable-next-line @next/next/no-img-element -- a data URL drawn locally */}
              <img src={member.fallbackImage} alt={member.name} className={classes.thumb} data-fallback="true" />
            </SvgLoader>
          ))}
        </div>
        {badge && (
          <div className={classes.planBadge} style={{ width: PRO_BADGE_SIZE.width, height: PRO_BADGE_SIZE.height }} data-testid="tile-plan-badge">
            <NavBadge kind={badge} />
          </div>
        )}
      </Card.Section>
      <Stack gap={6} justify="space-between" style={{ flex: 1 }}>
        <Stack gap={4}>
          {members.map((member) => (
            <Group key={member.id} gap={6} wrap="nowrap" justify="space-between">
              <Group gap={6} wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                {/* eslint-disable-next-line @next/next/no-img-element -- the dimension's icon, a data URL drawn locally */}
                <img src={member.icon.src} alt={member.icon.alt} title={member.icon.alt} height={member.icon.height} width={member.icon.height} style={{ flexShrink: 0, marginTop: 1 }} data-testid="tile-dimension-icon" />
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" lineClamp={2} title={member.title}>
                    {member.name}
                  </Text>
                  {member.subtitle && (
                    <Text size="xs" c="dimmed" data-testid="tile-code">
                      {member.subtitle}
                    </Text>
                  )}
                </div>
              </Group>
              <Badge color="green" variant="light" size="sm" style={{ flexShrink: 0 }}>
                {member.variant}
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
