import { Box, Group, Stack, Text } from "@/features/ui/static";
import type { Locale } from "@/domain/i18n/locales";
import { datasetLabel, type BilateralRow } from "@/domain/profiles/bilateral";
import { TextLink } from "@/features/shell/AppLink";
import { formatMoney, formatShare } from "../format";
import classes from "../Profile.module.css";
import { sourceLine, type SourceNames } from "../sourceNames";
import { formatList } from "@/domain/format";

/** Names of sources (data.sources) and datasets (dataAvailability.datasets; null for a dataset without one). */
export interface DatasetNames {
  sources: SourceNames;
  dataset: (key: string, values: Record<string, string>) => string | null;
}

/** A section's source line: the source, the dataset, and the year ("Open Trade Statistics (UN Comtrade) · Trade by HS section between countries", "1990"). */
export function datasetSource(names: DatasetNames, s: { source: string; dataset: string; year: number }): { name: string; years: string } {
  const { key, values } = datasetLabel(s.dataset);
  const dataset = names.dataset(key, values) ?? s.dataset;
  return { name: `${sourceLine(names.sources, [s.source])} · ${dataset}`, years: String(s.year) };
}

const LIST_LOCALE: Record<Locale, string> = { en: "en-GB", es: "es", zh: "zh" };

/** The three largest rows with their shares, written as a list in the page's language. */
export function topProducts(rows: readonly BilateralRow[], locale: Locale): string {
  const parts = rows.slice(0, 3).map((r) => (locale === "zh" ? `${r.name}（${formatShare(r.share, locale)}）` : `${r.name} (${formatShare(r.share, locale)})`));
  return parts.length ? formatList(parts, LIST_LOCALE[locale], { style: "long", type: "conjunction" }) : "–";
}

/** Ranked rows with proportional bars, each with its value and its share of the total (computed by the loader). */
export function ShareBars({ rows, locale, limit = 10, href, testId }: { rows: readonly BilateralRow[]; locale: Locale; limit?: number; href?: (row: BilateralRow) => string; testId?: string }) {
  const shown = rows.slice(0, limit);
  const max = Math.max(...shown.map((r) => r.value), 1);
  return (
    <Stack gap={6} data-testid={testId}>
      {shown.map((row) => (
        <Box key={row.id} className={classes.barRow} data-id={row.id} data-value={row.value}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" lineClamp={2} title={row.name} style={{ minWidth: 0 }}>
              {href ? <TextLink href={href(row)}>{row.name}</TextLink> : row.name}
            </Text>
            <Text size="sm" fw={600} style={{ whiteSpace: "nowrap", flexShrink: 0 }} data-testid="bar-value">
              {formatMoney(row.value, locale)} · {formatShare(row.share, locale)}
            </Text>
          </Group>
          <div className={classes.barTrack}>
            <div className={classes.bar} style={{ width: `${(100 * row.value) / max}%`, background: row.section?.color ?? undefined }} />
          </div>
        </Box>
      ))}
    </Stack>
  );
}
