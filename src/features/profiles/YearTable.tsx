import { Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr } from "@/features/ui/static";
import type { Locale } from "@/domain/i18n/locales";
import { formatMoney } from "./format";

/** A compact table of selected years (the readable view behind a time-series chart). */
export function YearTable({
  years,
  yearLabel,
  columns,
  locale,
  testId,
}: {
  years: number[];
  yearLabel: string;
  columns: Array<{ label: string; value: (year: number) => number }>;
  locale: Locale;
  testId?: string;
}) {
  return (
    <TableScrollContainer minWidth={360} type="native">
    <Table striped withTableBorder data-testid={testId} fz="sm">
      <TableThead>
        <TableTr>
          <TableTh>{yearLabel}</TableTh>
          {columns.map((c) => (
            <TableTh key={c.label} ta="right">
              {c.label}
            </TableTh>
          ))}
        </TableTr>
      </TableThead>
      <TableTbody>
        {years.map((year) => (
          <TableTr key={year}>
            <TableTd>{year}</TableTd>
            {columns.map((c) => (
              <TableTd key={c.label} ta="right">
                {formatMoney(c.value(year), locale)}
              </TableTd>
            ))}
          </TableTr>
        ))}
      </TableTbody>
    </Table>
    </TableScrollContainer>
  );
}

/** A few years spread over a series: its first year, each decade, its last year. */
export function milestoneYears(years: number[]): number[] {
  if (years.length === 0) return [];
  const first = Math.min(...years);
  const last = Math.max(...years);
  const wanted = new Set([first, last]);
  for (let y = Math.ceil(first / 10) * 10; y < last; y += 10) wanted.add(y);
  return [...wanted].filter((y) => years.includes(y)).sort((a, b) => a - b);
}
