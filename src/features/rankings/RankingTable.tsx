"use client";

import {
  Badge,
  Group,
  Pagination,
  ScrollArea,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState, type ReactNode } from "react";
import type { RankingRow } from "@/domain/rankings/rows";
import { formatGrowth, formatIndex, formatNumber, formatPercent, formatUsd } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";

export type { RankingRow };
import { Sparkline } from "./Sparkline";

export type ColumnFormat = "rank" | "change" | "usd" | "index" | "integer" | "share" | "growth" | "sparkline";

/** A number cell in its column's format, through domain/format like every figure of the site. */
function formatCell(format: ColumnFormat, value: number, locale: Locale): string {
  switch (format) {
    case "usd":
      return formatUsd(value, locale, { compact: true });
    case "index":
      return formatIndex(value, locale);
    case "share":
      return formatPercent(value, locale);
    case "growth":
      return formatGrowth(value, locale);
    default:
      return formatNumber(value, locale);
  }
}

export interface RankingColumn {
  /** Key into `row.values` (or "rank", "change", "series", "name"). */
  key: string;
  label: string;
  format: ColumnFormat | "name";
  /** Short help shown as the header's title. */
  help?: string;
  /** Left out on narrow screens (the CSV and wider screens have it). */
  secondary?: boolean;
}

type SortKey = string;

function normalise(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
}

function compare(a: number | string | null, b: number | string | null): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === "string" || typeof b === "string") return String(a).localeCompare(String(b));
  return a - b;
}

/**
 * A sortable, searchable, paged ranking table. Rows come ranked from the server; sorting by any
 * column and filtering by name happen here. Changes are places gained since the previous year.
 */
export function RankingTable({
  rows,
  columns,
  defaultSort,
  pageSize = 50,
  testId = "ranking-table",
}: {
  rows: RankingRow[];
  columns: RankingColumn[];
  defaultSort: { key: SortKey; direction: "asc" | "desc" };
  pageSize?: number;
  testId?: string;
}) {
  const t = useTranslations("rankings.table");
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState(defaultSort);
  const [page, setPage] = useState(1);

  const valueOf = (row: RankingRow, key: string): number | string | null => {
    if (key === "rank") return row.rank;
    if (key === "change") return row.change;
    if (key === "name") return normalise(row.name);
    if (key === "series") return row.series?.filter((v) => v !== null).at(-1) ?? null;
    return row.values[key] ?? null;
  };

  const filtered = useMemo(() => {
    const q = normalise(query.trim());
    const matching = q ? rows.filter((r) => normalise(`${r.name} ${r.id} ${r.detail ?? ""}`).includes(q)) : rows;
    const sorted = [...matching].sort((a, b) => {
      const c = compare(valueOf(a, sort.key), valueOf(b, sort.key));
      // Missing values stay last whichever way the column is sorted.
      const missing = (valueOf(a, sort.key) === null ? 1 : 0) - (valueOf(b, sort.key) === null ? 1 : 0);
      if (missing !== 0) return missing;
      return (sort.direction === "asc" ? c : -c) || compare(a.rank, b.rank);
    });
    return sorted;
  }, [rows, query, sort]);

  const pages = Math.max(1, Math.ceil(filtered.length / pageSize));
  const current = Math.min(page, pages);
  const visible = filtered.slice((current - 1) * pageSize, current * pageSize);

  const toggle = (key: SortKey) => {
    setPage(1);
    setSort((s) => (s.key === key ? { key, direction: s.direction === "asc" ? "desc" : "asc" } : { key, direction: key === "rank" || key === "name" ? "asc" : "desc" }));
  };

  const numeric = (c: RankingColumn) => c.format !== "name" && c.format !== "sparkline";

  return (
    <div data-testid={testId}>
      <Group justify="space-between" mb="sm" gap="sm">
        <TextInput
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setPage(1);
          }}
          placeholder={t("searchPlaceholder")}
          aria-label={t("search")}
          w={{ base: "100%", sm: 320 }}
          data-testid="ranking-search"
        />
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="ranking-count">
          {t("count", { shown: filtered.length, total: rows.length })}
        </Text>
      </Group>
      <ScrollArea type="auto">
        <Table striped highlightOnHover verticalSpacing={6} miw={300} stickyHeader>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => {
                const active = sort.key === c.key;
                const sortable = c.format !== "sparkline";
                return (
                  <Table.Th
                    key={c.key}
                    visibleFrom={c.secondary ? "sm" : undefined}
                    w={c.format === "rank" || c.format === "change" ? 64 : undefined}
                    ta={numeric(c) ? "right" : "left"}
                    aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : undefined}
                    title={c.help}
                    style={{ whiteSpace: "nowrap" }}
                  >
                    {sortable ? (
                      <UnstyledButton onClick={() => toggle(c.key)} data-sort-key={c.key} fw={600} fz="sm">
                        {c.label}
                        <span aria-hidden style={{ marginInlineStart: 4, opacity: active ? 1 : 0.3 }}>
                          {active ? (sort.direction === "asc" ? "↑" : "↓") : "↕"}
                        </span>
                        <VisuallyHidden>{t("sortBy", { column: c.label })}</VisuallyHidden>
                      </UnstyledButton>
                    ) : (
                      <Text fw={600} fz="sm">
                        {c.label}
                      </Text>
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.map((row) => (
              <Table.Tr key={row.id} data-row-id={row.id}>
                {columns.map((c) => (
                  <Table.Td key={c.key} visibleFrom={c.secondary ? "sm" : undefined} ta={numeric(c) ? "right" : "left"} style={{ fontVariantNumeric: "tabular-nums", whiteSpace: numeric(c) ? "nowrap" : undefined }}>
                    <RankingCell row={row} column={c} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            {visible.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="md">
                    {t("noResults")}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pages > 1 ? (
        <Group justify="center" mt="md">
          <Pagination total={pages} value={current} onChange={setPage} size="sm" getControlProps={(control) => ({ "aria-label": t(`page.${control}`) })} />
        </Group>
      ) : null}
    </div>
  );
}

/** One cell of the table: the name with its flag or colour, the rank, its change, a trend, or a formatted value. */
function RankingCell({ row, column }: { row: RankingRow; column: RankingColumn }): ReactNode {
  const t = useTranslations("rankings.table");
  const locale = useLocale();
  switch (column.format) {
    case "name":
      return (
        <Group gap={8} wrap="nowrap">
          {row.image ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={row.image} alt="" width={20} height={15} loading="lazy" style={{ objectFit: "cover", borderRadius: 2, flex: "none" }} onError={(e) => (e.currentTarget.style.visibility = "hidden")} />
          ) : row.color ? (
            <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: row.color, flex: "none" }} />
          ) : null}
          <div>
            <Text size="sm" fw={500} lh={1.3}>
              {row.name}
            </Text>
            {row.detail ? (
              <Text size="xs" c="dimmed" lh={1.2}>
                {row.detail}
              </Text>
            ) : null}
          </div>
        </Group>
      );
    case "rank":
      return row.rank ?? "–";
    case "change":
      if (row.change === null) return <Text size="xs" c="dimmed">–</Text>;
      if (row.change === 0) return <Text size="xs" c="dimmed" aria-label={t("unchanged")}>=</Text>;
      return (
        <Badge size="sm" variant="filled" miw="max-content" color={row.change > 0 ? "teal.9" : "red.9"} aria-label={row.change > 0 ? t("up", { places: row.change }) : t("down", { places: -row.change })}>
          {row.change > 0 ? `▲ ${row.change}` : `▼ ${-row.change}`}
        </Badge>
      );
    case "sparkline":
      return row.series ? <Sparkline values={row.series} label={t("trend", { name: row.name })} /> : null;
    default: {
      const v = row.values[column.key];
      if (v === null || v === undefined) return <Text size="xs" c="dimmed">–</Text>;
      return formatCell(column.format, v, locale as Locale);
    }
  }
}
