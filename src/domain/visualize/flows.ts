/**
 * Exports and imports on one chart: two loaded line views of the same country (or pair of
 * countries), one per flow, become one view with a series per flow, in the flow colours the
 * other charts use. The queries and sources of both stay attached, so the table, the CSV and the
 * "Data and API" links show both.
 */
import { FLOW_COLORS } from "@/domain/charts/presentation";
import type { ChartGroup, ChartRow } from "@/domain/charts/types";
import type { VizData } from "./data";

export type FlowName = "export" | "import";

/** Trade Flow ids as the cubes number them: 1 imports, 2 exports. */
const FLOW_ID: Record<FlowName, string> = { import: "1", export: "2" };

export function flowSeriesData(views: Readonly<Record<FlowName, VizData>>, names: Readonly<Record<FlowName, string>>): VizData {
  const flows: FlowName[] = ["export", "import"];
  const groups: ChartGroup[] = flows.map((flow) => ({ id: flow, name: names[flow], color: FLOW_COLORS[FLOW_ID[flow]], kind: "other" }));
  const rows: ChartRow[] = flows.flatMap((flow, i) =>
    views[flow].rows.map((row) => ({ ...row, id: flow, name: names[flow], kind: "other" as const, color: groups[i].color, group: null, groupName: null, code: undefined })),
  );
  const years = [...new Set(flows.flatMap((flow) => views[flow].years))].sort((a, b) => a - b);
  return {
    chart: "line",
    rows,
    groups,
    nested: false,
    dimension: "Trade Flow",
    years,
    // Each flow's trade query says which flow it is; the other queries (world trade...) keep their role.
    queries: flows.flatMap((flow) => views[flow].queries.map((q) => (q.role === "main" ? { ...q, role: flow } : q))),
    sources: [...new Set(flows.flatMap((flow) => views[flow].sources))],
    fallbackNames: views.export.fallbackNames || views.import.fallbackNames,
    focus: null,
  };
}
