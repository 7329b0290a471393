import { chartTable } from "@/domain/charts/table";
import type { ChartGroup, ChartRow } from "@/domain/charts/types";
import type { Locale } from "@/domain/i18n/locales";
import { ChartPanel } from "@/features/charts/ChartPanel";
import type { ChartSpec } from "@/features/charts/spec";
import { chartTableLabels } from "@/features/charts/tableLabels";
import type { DataRecord } from "@/server/warehouse/client";
import { getMembers } from "@/server/warehouse/client";

/**
 * Products of one query (rows with "<level> ID", the name, and their "Section ID" from parents)
 * as a treemap nested by section, drawn by the one chart stack from the rows the section already
 * loaded: used where the visualisation builder has no view for the data (six-digit BACI detail),
 * so the chart and the prose beside it always come from the same dataset and year.
 */
export async function ProductTreemap({
  rows,
  level,
  year,
  locale,
  title,
  fileName,
  sharePath,
  testId,
}: {
  rows: readonly DataRecord[];
  level: "HS4" | "HS6";
  year: number;
  locale: Locale;
  title: string;
  fileName: string;
  sharePath: string;
  testId: string;
}) {
  const sections = await getMembers("section", locale);
  const sectionById = new Map(sections.map((s) => [String(s.id), s]));
  const chartRows: ChartRow[] = rows
    .filter((r) => Number(r["Trade Value"]) > 0)
    .map((r) => {
      const section = String(r["Section ID"] ?? "");
      const member = sectionById.get(section);
      return {
        id: String(r[`${level} ID`]),
        name: String(r[level] ?? r[`${level} ID`]),
        code: String(r[`${level} ID`]),
        kind: level === "HS6" ? ("hs6" as const) : ("hs4" as const),
        color: member?.color ?? "#b1bac6",
        group: section || null,
        groupName: member?.name ?? null,
        value: Number(r["Trade Value"]),
      };
    });
  const groups: ChartGroup[] = [...new Set(chartRows.map((r) => r.group).filter((g): g is string => Boolean(g)))].map((id) => ({
    id,
    name: sectionById.get(id)?.name ?? id,
    color: sectionById.get(id)?.color ?? "#b1bac6",
    kind: "section",
  }));
  const spec: ChartSpec = { type: "treemap", input: { rows: chartRows, groups, year, dimension: level } };
  const table = chartTable({ rows: chartRows, groups }, await chartTableLabels(locale));
  return <ChartPanel testId={testId} spec={spec} title={title} table={table} fileName={fileName} sharePath={sharePath} groups={groups} height={440} />;
}
