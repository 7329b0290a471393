"use client";

import { Group, Pagination, ScrollArea, Table, Text } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { formatCell, type ChartTable } from "@/domain/charts/table";
import type { Locale } from "@/domain/i18n/locales";

const PAGE_SIZE = 25;

/** The chart's data as a paged table, formatted for the page language. */
export function DataTable({ table }: { table: ChartTable }) {
  const t = useTranslations("charts.table");
  const locale = useLocale() as Locale;
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(table.rows.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const slice = table.rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const numeric = (format: string) => format !== "text";
  return (
    <div data-testid="data-table">
      <ScrollArea type="auto">
        <Table striped highlightOnHover verticalSpacing={6} fz="sm" miw={560}>
          <Table.Caption>
            {t("caption")} · {t("rows", { count: table.rows.length })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("rank")}</Table.Th>
              {table.columns.map((c) => (
                <Table.Th key={c.key} scope="col" ta={numeric(c.format) ? "right" : undefined}>
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {slice.map((row, i) => (
              <Table.Tr key={`${current}-${i}`}>
                <Table.Td c="dimmed">{(current - 1) * PAGE_SIZE + i + 1}</Table.Td>
                {row.map((cell, j) => (
                  <Table.Td key={table.columns[j].key} ta={numeric(table.columns[j].format) ? "right" : undefined} style={{ fontVariantNumeric: "tabular-nums" }}>
                    {formatCell(cell, table.columns[j].format, locale)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pages > 1 && (
        <Group justify="center" mt="sm">
          <Pagination total={pages} value={current} onChange={setPage} size="sm" getControlProps={(control) => ({ "aria-label": control === "previous" ? t("previous") : control === "next" ? t("next") : undefined })} />
        </Group>
      )}
      {table.rows.length === 0 && <Text c="dimmed">–</Text>}
    </div>
  );
}
