/**
 * The trend explorer's margins of change as bars for the one chart component: what new members
 * added, what lost ones took away, how the continuing ones changed, and the total, each in its
 * own colour (domain/charts/presentation CHANGE_COLORS). Pure; the page names the parts.
 */
import type { BarsInput } from "@/domain/charts/options/bars";
import { CHANGE_COLORS } from "@/domain/charts/presentation";
import type { Margins } from "./maths";

export type MarginPart = "new" | "lost" | "continuing" | "total";

/** The four parts in the order drawn, with their values (new + lost + continuing = total). */
export function marginParts(margins: Margins): { part: MarginPart; value: number }[] {
  return [
    { part: "new", value: margins.gained },
    { part: "lost", value: margins.lost },
    { part: "continuing", value: margins.intensive },
    { part: "total", value: margins.total },
  ];
}

const COLOR: Record<MarginPart, string> = { new: CHANGE_COLORS.gained, lost: CHANGE_COLORS.lost, continuing: CHANGE_COLORS.continuing, total: CHANGE_COLORS.total };

export function marginBars(margins: Margins, labels: Record<MarginPart, string> & { series: string }): BarsInput {
  const parts = marginParts(margins);
  return {
    categories: parts.map(({ part }) => ({ id: part, name: labels[part], color: COLOR[part] })),
    series: [{ id: "change", name: labels.series, values: parts.map((p) => p.value) }],
    format: "usd",
  };
}
