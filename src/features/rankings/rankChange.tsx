import { Text } from "@/features/ui/static";
import type { RankingColumn } from "./RankingTable";

type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * The rank-change column: against the year before when it is of the same series; shown as "–" for
 * every row, with the reason in its help, when the earlier year is of another dataset or release.
 */
export function rankChangeColumn(tr: Translate, previousYear: number | null, notComparableYear: number | null): RankingColumn[] {
  if (previousYear) return [{ key: "change", label: tr("columns.change"), format: "change", help: tr("columns.changeHelp", { year: previousYear }) }];
  if (notComparableYear) return [{ key: "change", label: tr("columns.change"), format: "change", help: tr("columns.changeNotComparable", { year: notComparableYear }) }];
  return [];
}

/** The sentence under a ranking whose rank change is not comparable. */
export function NotComparableNote({ tr, year }: { tr: Translate; year: number | null }) {
  if (!year) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="rank-change-not-comparable" data-year={year}>
      {tr("changeNotComparable", { year })}
    </Text>
  );
}
