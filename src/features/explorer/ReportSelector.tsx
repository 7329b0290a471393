"use client";

import { Button, Group, Select, Stack } from "@mantine/core";
import { useTranslations } from "next-intl";
import { formatCount } from "@/domain/explorer/counts";
import type { ReportMetadata, SelectorEntry } from "@/domain/explorer/types";
import classes from "./Explorer.module.css";

function CheckIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
      <path d="M5 12l5 5L20 7" />
    </svg>
  );
}

interface Props {
  reports: ReportMetadata[];
  selectedReport: number | null;
  variants: SelectorEntry[];
  selectedVariant: string | null;
  totalCount: number;
  /** Profiles per report: the metadata's counts, or the search's when a query is typed. */
  reportCounts: Record<number, number>;
  onReport: (id: number | null) => void;
  onVariant: (id: string | null) => void;
}

const label = (name: string, count: number) => `${name} (${formatCount(count)})`;

/**
 * Above 1000 px two 450 px dropdowns (the variant one only with more than 2 variants); below,
 * rows of buttons with the selected one outlined and checked. Both are rendered and CSS picks,
 * so the server and the first client render agree.
 */
export function ReportSelector({ reports, selectedReport, variants, selectedVariant, totalCount, reportCounts, onReport, onVariant }: Props) {
  const t = useTranslations("explorer");
  const reportCount = (r: ReportMetadata) => reportCounts[r.id] ?? 0;
  const realVariants = variants.filter((v) => v.id);
  const showVariants = selectedReport !== null && realVariants.length > 2;
  return (
    <>
      <Group className={classes.wide} gap="md" data-testid="selector-wide" data-total-count={totalCount}>
        <Select
          w={450}
          label={t("selectReport")}
          value={selectedReport === null ? "" : String(selectedReport)}
          onChange={(value) => onReport(value ? Number(value) : null)}
          allowDeselect={false}
          data={[{ value: "", label: label(t("all"), totalCount) }, ...reports.map((r) => ({ value: String(r.id), label: label(r.name, reportCount(r)) }))]}
          comboboxProps={{ withinPortal: true }}
          data-testid="report-select"
        />
        {showVariants && (
          <Select
            w={450}
            label={t("selectVariant")}
            value={selectedVariant ?? ""}
            onChange={(value) => onVariant(value || null)}
            allowDeselect={false}
            data={variants.map((v) => ({ value: v.id ?? "", label: label(v.name, v.members_count) }))}
            comboboxProps={{ withinPortal: true }}
            data-testid="variant-select"
          />
        )}
      </Group>
      <Stack className={classes.narrow} gap="xs" data-testid="selector-narrow">
        <Group gap={6} role="group" aria-label={t("selectReport")}>
          {[{ id: null as number | null, name: t("all"), count: totalCount }, ...reports.map((r) => ({ id: r.id, name: r.name, count: reportCount(r) }))].map(
            (r) => {
              const selected = r.id === selectedReport;
              return (
                <Button
                  key={r.id ?? "all"}
                  size="xs"
                  variant={selected ? "outline" : "subtle"}
                  leftSection={selected ? <CheckIcon /> : undefined}
                  aria-pressed={selected}
                  onClick={() => onReport(r.id)}
                  data-report-button={r.id ?? "all"}
                >
                  {label(r.name, r.count)}
                </Button>
              );
            },
          )}
        </Group>
        {selectedReport !== null && realVariants.length > 1 && (
          <Group gap={6} role="group" aria-label={t("selectVariant")}>
            {variants.map((v) => {
              const selected = (v.id || null) === selectedVariant;
              return (
                <Button
                  key={v.id ?? "all"}
                  size="xs"
                  variant={selected ? "outline" : "subtle"}
                  color="gray"
                  leftSection={selected ? <CheckIcon /> : undefined}
                  aria-pressed={selected}
                  onClick={() => onVariant(v.id || null)}
                  data-variant-button={v.id || "all"}
                >
                  {label(v.name, v.members_count)}
                </Button>
              );
            })}
          </Group>
        )}
      </Stack>
    </>
  );
}
