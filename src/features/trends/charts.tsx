/**
 * The trend explorer's two small charts, drawn as plain SVG on the server: the margins of change
 * (a bar per part, from a zero line) and a tiny line per top mover. Colours are Mantine theme
 * variables, so both follow the light and dark schemes.
 */
import { Box, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { formatUsd } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import type { Margins } from "@/domain/trends/maths";
import type { TrendSeries } from "@/server/trends/trends";
import { signedUsd } from "./format";

export function DecompositionChart({
  margins,
  locale,
  labels,
}: {
  margins: Margins;
  locale: Locale;
  labels: { new: string; lost: string; continuing: string; total: string };
}) {
  const parts = [
    { key: "new", label: labels.new, value: margins.gained, color: "var(--mantine-color-teal-6)" },
    { key: "lost", label: labels.lost, value: margins.lost, color: "var(--mantine-color-red-6)" },
    { key: "continuing", label: labels.continuing, value: margins.intensive, color: "var(--mantine-color-blue-6)" },
    { key: "total", label: labels.total, value: margins.total, color: "var(--mantine-color-gray-6)" },
  ];
  const scale = Math.max(1, ...parts.map((p) => Math.abs(p.value)));
  const hasNegative = parts.some((p) => p.value < 0);
  // Bars grow from a zero line at 50% when something is negative, else from the left edge.
  const zero = hasNegative ? 50 : 0;
  const span = hasNegative ? 50 : 100;
  return (
    <Stack gap={8} data-testid="trend-decomposition" role="img" aria-label={parts.map((p) => `${p.label}: ${signedUsd(p.value, locale)}`).join("; ")}>
      {parts.map((p) => {
        const width = (Math.abs(p.value) / scale) * span;
        const left = p.value < 0 ? zero - width : zero;
        return (
          <Box key={p.key} data-part={p.key} data-value={p.value}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={p.key === "total" ? 700 : 500}>
                {p.label}
              </Text>
              <Text size="sm" fw={p.key === "total" ? 700 : 500} ff="monospace">
                {signedUsd(p.value, locale)}
              </Text>
            </Group>
            <Box pos="relative" h={14} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 3 }} aria-hidden="true">
              {hasNegative && <Box pos="absolute" top={0} bottom={0} left="50%" w={1} bg="var(--mantine-color-dimmed)" />}
              <Box pos="absolute" top={2} bottom={2} left={`${left}%`} w={`${Math.max(width, p.value === 0 ? 0 : 0.5)}%`} bg={p.color} style={{ borderRadius: 2 }} />
            </Box>
          </Box>
        );
      })}
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
