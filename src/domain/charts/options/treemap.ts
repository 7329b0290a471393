/**
 * Treemap: members sized by trade value, grouped by their section (products) or continent
 * (countries) and coloured by it. Labels show the name and share where a tile is big enough.
 */
import type { EChartsOption } from "echarts";
import { formatPercent } from "@/domain/format";
import { contrastText, FONT_SIZE, memberIcon, memberName, tooltipHtml, tooltipRows, UNKNOWN_COLOR } from "../presentation";
import type { ChartContext, ChartGroup, ChartRow } from "../types";
import { palette, titleOption, titleSpace, tooltipFrame, total } from "./common";

export interface TreemapInput {
  rows: readonly ChartRow[];
  /** Parents to nest the rows in; empty draws the rows as one level (sections themselves). */
  groups: readonly ChartGroup[];
  year?: number;
  /** Dimension of the rows, for name fallbacks ("HS4", "Importer Country"). */
  dimension: string;
}

interface TreemapNode {
  id: string;
  name: string;
  value: number;
  itemStyle: { color: string };
  /** Small tiles get no label at all: fewer text elements to lay out and draw. */
  label?: { show: boolean; color?: string; rich?: Record<string, unknown> };
  /** Big tiles carry their section's icon (a country's flag) above the name. */
  icon?: boolean;
  children?: TreemapNode[];
  /** Index into the rows for the tooltip; -1 for groups and for the smaller items of a group. */
  row: number;
  /** Smaller items drawn together: how many. */
  count?: number;
  /** Their group's name, for the tooltip. */
  groupName?: string;
}

/** The id of a group's tile of smaller items. */
export const SMALLER_ID_PREFIX = "smaller:";

/** A tile needs about this many square pixels for a one-line label, and this many for two lines. */
export const LABEL_MIN_AREA = 2_600;
export const SHARE_LINE_MIN_AREA = 5_200;
/**
 * Tiles that would be smaller than this many square pixels (8 by 8) can be neither read nor
 * pointed at, and on a phone they are two thirds of a big exporter's 1,222 headings. Two or more
 * of them in one group are drawn as one tile, "N smaller items", whose area is their sum and whose
 * tooltip gives their count, value and share (the way d3plus's treemap threshold groups small
 * values). Areas stay proportional; the table and the downloads keep every row; ECharts makes
 * that many fewer shapes, which on a phone is most of the chart's drawing time.
 */
export const MIN_TILE_AREA = 64;
/** ... and this many for the icon above the name (about 110 by 110 px). */
export const ICON_MIN_AREA = 12_000;
const ICON_SIZE = 22;
const DEFAULT_AREA = 900 * 560;

/** Shares of the total below which a tile gets no label, or only its name, for a drawing area. */
export function labelThresholds(area: number = DEFAULT_AREA): { label: number; shareLine: number } {
  const usable = Math.max(1, area);
  return { label: LABEL_MIN_AREA / usable, shareLine: SHARE_LINE_MIN_AREA / usable };
}

/** "Copper Ore\n23.2%" on big tiles, the name alone on middling ones, nothing on small ones. */
export function tileLabel(name: string, share: number, locale: ChartContext["locale"], area?: number): string {
  const limits = labelThresholds(area);
  if (share < limits.label) return "";
  if (share < limits.shareLine) return name;
  return `${name}\n${formatPercent(share, locale)}`;
}

/** The icon a tile shows: a product's section icon, a section's own, a country's flag; none for others. */
function tileIcon(row: ChartRow): string | null {
  if (row.kind === "section" || row.kind === "country") return memberIcon(row.kind, row.id);
  if ((row.kind === "hs2" || row.kind === "hs4" || row.kind === "hs6") && row.group) return memberIcon("section", row.group);
  return null;
}

/** The tiles' area in px², or undefined when not known: a box with no size yet (a hidden tab) is not "every tile is tiny". */
function drawingArea(ctx: ChartContext): number | undefined {
  if (!ctx.size || ctx.size.width <= 0 || ctx.size.height <= 0) return undefined;
  return ctx.size.width * Math.max(1, ctx.size.height - titleSpace(ctx) - 34);
}

export function treemapOption(input: TreemapInput, ctx: ChartContext): EChartsOption {
  const colors = palette(ctx.dark);
  const indexed = input.rows.map((r, i) => [r, i] as const).filter(([r]) => (r.value ?? 0) > 0);
  const sum = total(indexed.map(([r]) => r));
  const groupsById = new Map(input.groups.map((g) => [g.id, g]));
  const area = drawingArea(ctx);
  const limits = labelThresholds(area);
  const iconShare = ICON_MIN_AREA / Math.max(1, area ?? DEFAULT_AREA);
  const leaf = ([r, i]: readonly [ChartRow, number]): TreemapNode => {
    const show = sum > 0 && (r.value ?? 0) / sum >= limits.label;
    const iconUrl = show && sum > 0 && (r.value ?? 0) / sum >= iconShare ? tileIcon(r) : null;
    return {
      id: r.id,
      name: memberName(r.name, input.dimension, ctx.labels.fallbacks),
      value: r.value ?? 0,
      itemStyle: { color: r.color },
      label: show
        ? { show, color: contrastText(r.color), ...(iconUrl ? { rich: { icon: { backgroundColor: { image: iconUrl }, width: ICON_SIZE, height: ICON_SIZE, align: "center" } } } : {}) }
        : { show },
      ...(iconUrl ? { icon: true } : {}),
      row: i,
    };
  };

  // Members too small to draw (see MIN_TILE_AREA), two or more in a group, become one tile.
  const smallestShare = MIN_TILE_AREA / Math.max(1, area ?? DEFAULT_AREA);
  const withSmallerTogether = (nodes: TreemapNode[], key: string, color: string, groupName?: string): TreemapNode[] => {
    const small = sum > 0 ? nodes.filter((n) => n.value / sum < smallestShare) : [];
    if (small.length < 2) return nodes;
    const value = small.reduce((s, n) => s + n.value, 0);
    const show = value / sum >= limits.label;
    const together: TreemapNode = {
      id: `${SMALLER_ID_PREFIX}${key}`,
      name: ctx.labels.smallerItems(small.length),
      value,
      itemStyle: { color },
      label: show ? { show, color: contrastText(color) } : { show },
      row: -1,
      count: small.length,
      ...(groupName ? { groupName } : {}),
    };
    return [...nodes.filter((n) => n.value / sum >= smallestShare), together];
  };

  let data: TreemapNode[];
  if (input.groups.length === 0) {
    data = withSmallerTogether(indexed.map(leaf), "all", UNKNOWN_COLOR);
  } else {
    const children = new Map<string, TreemapNode[]>();
    for (const entry of indexed) {
      const key = entry[0].group ?? "";
      if (!children.has(key)) children.set(key, []);
      children.get(key)!.push(leaf(entry));
    }
    data = [...children.entries()].map(([groupId, nodes]) => {
      const group = groupsById.get(groupId);
      const name = memberName(group?.name, input.dimension, ctx.labels.fallbacks);
      const color = group?.color ?? nodes[0].itemStyle.color;
      return {
        id: `group:${groupId}`,
        name,
        value: nodes.reduce((s, n) => s + n.value, 0),
        itemStyle: { color },
        children: withSmallerTogether(nodes, groupId, color, name),
        row: -1,
      };
    });
  }
  data.sort((a, b) => b.value - a.value);

  const groupList = [...groupsById.values()];
  const top = titleSpace(ctx);

  return {
    animation: false,
    title: titleOption(ctx),
    tooltip: {
      ...tooltipFrame(ctx),
      formatter: (params: unknown) => {
        const p = params as { data?: TreemapNode; value?: number };
        const node = p.data;
        if (!node) return "";
        if (node.count !== undefined) {
          return tooltipHtml({
            title: node.name,
            subtitle: node.groupName,
            rows: tooltipRows({ tradeValue: node.value, percent: sum ? node.value / sum : null, period: input.year }, ctx.labels.tooltip, ctx.locale, ctx.currency),
          });
        }
        if (node.row < 0) {
          const group = groupList.find((g) => `group:${g.id}` === node.id);
          return tooltipHtml({
            title: node.name,
            icon: group ? memberIcon(group.kind, group.id) : undefined,
            rows: tooltipRows({ tradeValue: node.value, percent: sum ? node.value / sum : null, period: input.year }, ctx.labels.tooltip, ctx.locale, ctx.currency),
          });
        }
        const row = input.rows[node.row];
        return tooltipHtml({
          title: node.name,
          subtitle: [row.code, row.groupName].filter(Boolean).join(" · "),
          icon: memberIcon(row.kind, row.id),
          rows: tooltipRows(
            { rca: row.rca, tradeValue: row.value, growth: row.growth, percent: sum ? (row.value ?? 0) / sum : null, period: input.year },
            ctx.labels.tooltip,
            ctx.locale,
            ctx.currency,
          ),
        });
      },
    },
    series: [
      {
        type: "treemap",
        // The breadcrumb's first crumb: the whole.
        name: ctx.labels.total,
        data,
        top: top + 4,
        left: 4,
        right: 4,
        bottom: input.groups.length > 0 ? 30 : 4,
        roam: false,
        nodeClick: "zoomToNode",
        breadcrumb: { show: input.groups.length > 0, bottom: 2, height: 22, itemStyle: { color: colors.tooltip, borderColor: colors.line, textStyle: { color: colors.text } } },
        visibleMin: 1,
        squareRatio: 0.5 * (1 + Math.sqrt(5)),
        label: {
          show: true,
          fontSize: FONT_SIZE.shapeLabel,
          overflow: "truncate",
          lineHeight: 17,
          formatter: (params: unknown) => {
            const p = params as { name: string; value: number; data?: TreemapNode };
            const text = tileLabel(p.name, sum ? p.value / sum : 0, ctx.locale, area);
            return p.data?.icon && text ? `{icon|}\n${text}` : text;
          },
        },
        upperLabel: { show: false },
        itemStyle: { borderColor: colors.border, borderWidth: 0.5, gapWidth: 0.5 },
        levels:
          input.groups.length > 0
            ? [
                { itemStyle: { borderColor: colors.border, borderWidth: 1, gapWidth: 1 } },
                { itemStyle: { borderColor: colors.border, borderWidth: 0.5, gapWidth: 0.5 }, label: { show: true } },
              ]
            : [{ itemStyle: { borderColor: colors.border, borderWidth: 1, gapWidth: 1 } }],
      },
    ],
  } as EChartsOption;
}
