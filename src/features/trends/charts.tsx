/**
 * The trend explorer's two charts: the margins of change (bars of the one chart component, with
 * downloads) and a tiny line per top mover (plain SVG on the server, Mantine theme colours).
 */
import { Box, Group, Paper, SimpleGrid, Stack, Text } from "@/features/ui/static";
import { formatUsd } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import { barsHeight, barsTable } from "@/domain/charts/options/bars";
import type { Margins } from "@/domain/trends/maths";
import { marginBars, marginParts } from "@/domain/trends/marginBars";
import { ChartPanel } from "@/features/charts/ChartPanel";
import type { TrendSeries } from "@/server/trends/trends";
import { signedUsd } from "./format";

/**
 * The margins of change: bars drawn by the one chart component (PNG, SVG and CSV downloads), and
 * beneath them each part with its signed value (the figures the bars draw, readable as text).
 */
export function DecompositionChart({
  margins,
  locale,
  labels,
  title,
  fileName,
  sharePath,
}: {
  margins: Margins;
  locale: Locale;
  labels: { new: string; lost: string; continuing: string; total: string; series: string; part: string };
  title: string;
  fileName: string;
  sharePath?: string;
}) {
  const input = marginBars(margins, labels);
  const parts = marginParts(margins);
  return (
    <Stack gap={8} data-testid="trend-decomposition">
      <ChartPanel testId="trend-decomposition-chart" spec={{ type: "bars", input }} title={title} table={barsTable(input, { category: labels.part })} fileName={fileName} sharePath={sharePath} height={barsHeight(input, 200)} />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {parts.map((p) => (
          <Box key={p.part} data-part={p.part} data-value={p.value}>
            <Text size="xs" c="dimmed">
              {labels[p.part]}
            </Text>
            <Text size="sm" fw={p.part === "total" ? 700 : 500} ff="monospace">
              {signedUsd(p.value, locale)}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function Sparkline({ points, color }: { points: { year: number; value: number }[]; color: string }) {
  const w = 120;
  const h = 36;
  const values = points.map((p) => p.value);
  const min = Math.min(0, ...values);
  const max = Math.max(...values, min + 1);
  const x = (i: number) => (points.length === 1 ? w / 2 : (i / (points.length - 1)) * (w - 6) + 3);
  const y = (v: number) => h - 3 - ((v - min) / (max - min)) * (h - 6);
  const d = points.map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ");
  return (
    <svg viewBox={`0 0 ${w} ${h}`} width="100%" height={h} preserveAspectRatio="none" aria-hidden="true" style={{ display: "block" }}>
      <line x1={0} x2={w} y1={y(0)} y2={y(0)} stroke="var(--mantine-color-default-border)" strokeWidth={1} />
      <path d={d} fill="none" stroke={color} strokeWidth={2} vectorEffect="non-scaling-stroke" />
      {points.map((p, i) => (
        <circle key={p.year} cx={x(i)} cy={y(p.value)} r={2} fill={color} />
      ))}
    </svg>
  );
}

export function SmallMultiples({ series, locale }: { series: TrendSeries[]; locale: Locale }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="trend-movers">
      {series.map((s) => {
        const first = s.points[0]?.value ?? 0;
        const last = s.points.at(-1)?.value ?? 0;
        const color = last >= first ? "var(--mantine-color-teal-6)" : "var(--mantine-color-red-6)";
        return (
          <Paper key={s.id} withBorder p="xs" radius="sm" data-testid="trend-mover" data-id={s.id}>
            <Text size="xs" fw={600} lineClamp={2} title={s.name} mih={32}>
              {s.name}
            </Text>
            <Sparkline points={s.points} color={color} />
            <Group justify="space-between" gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {s.points[0]?.year} · {formatUsd(first, locale, { compact: true })}
              </Text>
              <Text size="xs" c="dimmed">
                {s.points.at(-1)?.year} · {formatUsd(last, locale, { compact: true })}
              </Text>
            </Group>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
