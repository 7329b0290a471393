import { Stack, Text } from "@/features/ui/static";
import type { getTranslations } from "next-intl/server";
import { HISTORY_LINE_COLORS } from "@/domain/charts/presentation";
import type { ChartGroup } from "@/domain/charts/types";
import type { Locale } from "@/domain/i18n/locales";
import { historyChart, historyTable, type HistorySeries } from "@/domain/profiles/tradeHistory";
import { ChartPanel } from "@/features/charts/ChartPanel";
import type { ChartSpec } from "@/features/charts/spec";
import { chartTableLabels } from "@/features/charts/tableLabels";
import type { HistoryLine } from "@/server/profiles/world";
import { sourceLine, type SourceNames } from "./sourceNames";
import { YearSelect } from "./YearSelect";

type T = Awaited<ReturnType<typeof getTranslations<"profiles">>>;

/** The year choice of a one-year section (?year=, shared by the page's sections), when there is a choice. */
export function SectionYear({ t, years, value, anchor }: { t: T; years: number[]; value: number; anchor: string }) {
  return years.length > 1 ? <YearSelect years={years} value={value} param="year" label={t("year")} anchor={anchor} /> : null;
}

/** Said when the asked year (?year=) is not one this section's data hold: it shows the newest instead. */
export function YearFallback({ t, missing, shown }: { t: T; missing: number | null; shown: number }) {
  return missing === null ? null : (
    <Text size="sm" c="dimmed" data-testid="year-fallback">
      {t("history.yearFallback", { asked: missing, shown })}
    </Text>
  );
}

/** Under a history chart: the years where its source changes release (nothing when it never does). */
export function SeriesBreaksNote({ t, breaks }: { t: T; breaks: readonly number[] }) {
  return breaks.length ? (
    <Text size="sm" c="dimmed" data-testid="series-breaks">
      {t("seriesBreaks", { breaks: breaks.join(", ") })}
    </Text>
  ) : null;
}

const LINE_COLORS = HISTORY_LINE_COLORS;

/** Names each history line by its sources: the sum of exporting countries, or a world-only series. */
export function historySeries(lines: readonly HistoryLine[], names: SourceNames, t: T): HistorySeries[] {
  return lines.map((line, i) => ({
    id: line.kind === "reporters" ? "reporters" : `world-${line.dataset}`,
    name: t(line.kind === "reporters" ? "history.reporters" : "history.worldOnly", { sources: sourceLine(names, line.sources) }),
    color: LINE_COLORS[i % LINE_COLORS.length],
    points: line.points,
  }));
}

/**
 * A history chart: one line per series (each its own source), the years where a line changes
 * dataset or release named under it, and a table/CSV with the dataset of every year.
 */
export async function HistoryPanel({
  series,
  t,
  locale,
  title,
  fileName,
  sharePath,
  testId,
}: {
  series: HistorySeries[];
  t: T;
  locale: Locale;
  title: string;
  fileName: string;
  sharePath: string;
  testId: string;
}) {
  const chart = historyChart(series, "Series");
  const labels = await chartTableLabels(locale);
  const table = historyTable(series, { series: t("history.series"), year: labels.year, value: labels.value, dataset: t("history.dataset") });
  const spec: ChartSpec = { type: "line", input: chart.input };
  const groups: ChartGroup[] = series.filter((s) => s.points.length).map((s) => ({ id: s.id, name: s.name, color: s.color, kind: "other" }));
  return (
    <Stack gap="xs" data-testid={testId} data-points={chart.points} data-series={groups.length} data-breaks={chart.breaks.flatMap((b) => b.years).join(",")}>
      <ChartPanel spec={spec} title={title} table={table} fileName={fileName} sharePath={sharePath} height={340} groups={groups.length > 1 ? groups : []} />
      {groups.length > 1 && (
        <Text size="sm" c="dimmed" data-testid="history-sources">
          {t("history.differentSources")}
        </Text>
      )}
      {chart.breaks.map((b) => (
        <Text key={b.id} size="sm" c="dimmed" data-testid="series-breaks" data-years={b.years.join(",")}>
          {t("history.breaks", { series: b.name, years: b.years.join(", ") })}
        </Text>
      ))}
    </Stack>
  );
}
