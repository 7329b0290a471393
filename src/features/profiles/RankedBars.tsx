import { Box, Group, Stack, Text } from "@/features/ui/static";
import type { Locale } from "@/domain/i18n/locales";
import { TextLink } from "@/features/shell/AppLink";
import { formatAud } from "@/domain/format";
import { formatMoney, formatShare } from "./format";
import classes from "./Profile.module.css";

export interface RankedItem {
  id: string;
  name: string;
  value: number;
  color?: string | null;
  href?: string;
}

/** A ranked list with proportional bars: the readable table behind treemaps and maps. */
export function RankedBars({
  items,
  total,
  locale,
  limit = 10,
  testId,
  showShare = true,
  currency = "USD",
}: {
  items: RankedItem[];
  total: number;
  locale: Locale;
  limit?: number;
  testId?: string;
  /** False where a share of the listed total means nothing (e.g. neighbours' world trade). */
  showShare?: boolean;
  /** Australian state data is in AUD, written "AUD ..." (default USD). */
  currency?: "USD" | "AUD";
}) {
  const shown = items.slice(0, limit);
  const max = Math.max(...shown.map((i) => i.value), 1);
  return (
    <Stack gap={6} data-testid={testId}>
      {shown.map((item) => (
        <Box key={item.id} className={classes.barRow}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" lineClamp={2} title={item.name} style={{ minWidth: 0 }}>
              {item.href ? <TextLink href={item.href}>{item.name}</TextLink> : item.name}
            </Text>
            <Text size="sm" fw={600} style={{ whiteSpace: "nowrap", flexShrink: 0 }}>
              {currency === "AUD" ? formatAud(item.value, locale, { compact: true }) : formatMoney(item.value, locale)}
              {showShare && ` · ${formatShare(total > 0 ? item.value / total : null, locale)}`}
            </Text>
          </Group>
          <div className={classes.barTrack}>
            <div className={classes.bar} style={{ width: `${(100 * item.value) / max}%`, background: item.color ?? undefined }} />
          </div>
        </Box>
      ))}
    </Stack>
  );
}
