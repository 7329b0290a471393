/**
 * Network: the product space. The layout comes from the data package (HS4 nodes with x/y and
 * section, undirected edges); node size follows world trade; products in which the selected
 * country has a revealed comparative advantage (RCA >= 1) are drawn in their section's colour,
 * the others grey.
 */
import type { EChartsOption } from "echarts";
import { formatUsd } from "@/domain/format";
import { colorOrGrey, memberIcon, tooltipHtml, tooltipRows, UNKNOWN_COLOR } from "../presentation";
import type { ChartContext, ChartGroup, ChartRow } from "../types";
import { palette, titleOption, titleSpace, tooltipFrame } from "./common";

export interface ProductSpaceLayout {
  nodes: readonly { id: string; x: number; y: number; section: string }[];
  edges: readonly { source: string; target: string }[];
}

export interface NetworkInput {
  layout: ProductSpaceLayout;
  /** HS4 rows: value = the country's trade, rca, measures.world_trade. */
  rows: readonly ChartRow[];
  /** Sections, for the colours of nodes without data and names in tooltips. */
  groups: readonly ChartGroup[];
  year?: number;
  /** RCA at or above which a product is highlighted. */
  threshold?: number;
}

export interface NetworkNode {
  id: string;
  x: number;
  y: number;
  highlighted: boolean;
  size: number;
  color: string;
  row: number;
}

const MIN_NODE = 4;
const MAX_NODE = 20;
/** Highlighted products stay visible even when the world trades little of them. */
const MIN_HIGHLIGHTED = 7;

/** Nodes with their size and colour (pure; exported for tests). */
export function networkNodes(input: NetworkInput): NetworkNode[] {
  const threshold = input.threshold ?? 1;
  const rowIndex = new Map(input.rows.map((r, i) => [r.id, i]));
  const sectionColor = new Map(input.groups.map((g) => [g.id, g.color]));
  const world = (i: number | undefined) => (i === undefined ? 0 : (input.rows[i].measures?.world_trade ?? input.rows[i].value ?? 0) || 0);
  const maxWorld = Math.max(0, ...input.layout.nodes.map((n) => world(rowIndex.get(n.id))));
  return input.layout.nodes.map((n) => {
    const i = rowIndex.get(n.id);
    const row = i === undefined ? undefined : input.rows[i];
    const highlighted = typeof row?.rca === "number" && row.rca >= threshold;
    const w = world(i);
    const scaled = maxWorld > 0 && w > 0 ? MIN_NODE + (MAX_NODE - MIN_NODE) * Math.sqrt(w / maxWorld) : MIN_NODE;
    const size = highlighted ? Math.max(MIN_HIGHLIGHTED, scaled) : scaled;
    return {
      id: n.id,
      x: n.x,
      y: n.y,
      highlighted,
      size: Math.round(size * 10) / 10,
      color: highlighted ? colorOrGrey(row?.color ?? sectionColor.get(n.section)) : UNKNOWN_COLOR,
      row: i ?? -1,
    };
  });
}

export function networkOption(input: NetworkInput, ctx: ChartContext): EChartsOption {
  const colors = palette(ctx.dark);
  const nodes = networkNodes(input);
  const known = new Set(nodes.map((n) => n.id));
  const highlighted = new Set(nodes.filter((n) => n.highlighted).map((n) => n.id));
  const sections = new Map(input.groups.map((g) => [g.id, g]));
  const layoutSection = new Map(input.layout.nodes.map((n) => [n.id, n.section]));
  return {
    animation: false,
    title: titleOption(ctx),
    tooltip: {
      ...tooltipFrame(ctx),
      formatter: (params: unknown) => {
        const p = params as { dataType?: string; dataIndex: number };
        if (p.dataType !== "node") return "";
        const node = nodes[p.dataIndex];
        const row = node.row >= 0 ? input.rows[node.row] : undefined;
        const section = sections.get(row?.group ?? layoutSection.get(node.id) ?? "");
        const extra = row?.measures?.world_trade !== undefined ? [{ label: ctx.labels.worldTrade, value: formatUsd(row.measures.world_trade, ctx.locale) }] : [];
        return tooltipHtml({
          title: row?.name ?? node.id,
          subtitle: [node.id, section?.name].filter(Boolean).join(" · "),
          icon: memberIcon("hs4", node.id, Boolean(row)),
          rows: row ? tooltipRows({ rca: row.rca, tradeValue: row.value, period: input.year, extra }, ctx.labels.tooltip, ctx.locale) : [],
        });
      },
    },
    series: [
      {
        type: "graph",
        layout: "none",
        top: titleSpace(ctx) + 8,
        left: 8,
        right: 8,
        bottom: 8,
        roam: true,
        scaleLimit: { min: 0.8, max: 8 },
        data: nodes.map((n) => ({
          id: n.id,
          name: n.id,
          x: n.x,
          y: n.y,
          symbolSize: n.size,
          itemStyle: { color: n.color, opacity: n.highlighted ? 1 : 0.45, borderColor: n.highlighted ? colors.text : "transparent", borderWidth: n.highlighted ? 0.6 : 0 },
          z: n.highlighted ? 3 : 2,
        })),
        links: input.layout.edges
          .filter((e) => known.has(e.source) && known.has(e.target))
          .map((e) => ({
            source: e.source,
            target: e.target,
            lineStyle: highlighted.has(e.source) && highlighted.has(e.target) ? { color: colors.muted, opacity: 0.7, width: 1 } : { color: colors.line, opacity: 0.6, width: 0.6 },
          })),
        emphasis: { focus: "adjacency", lineStyle: { width: 2 } },
        label: { show: false },
      },
    ],
  } as EChartsOption;
}
