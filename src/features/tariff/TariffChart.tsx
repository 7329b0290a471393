"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { barsHeight, barsTable } from "@/domain/charts/options/bars";
import { changeBars } from "@/domain/tariff/output";
import { ChartPanel } from "@/features/charts/ChartPanel";
import type { ChartSpec } from "@/features/charts/spec";

export interface ChangeRow {
  id: string;
  name: string;
  creation: number;
  diversion: number;
}

/**
 * Bars of the change in imports per exporter (creation and diversion stacked), drawn by the one
 * chart component with its PNG, SVG and CSV downloads; the table beside it holds every number.
 */
export function TariffChart({ rows, title }: { rows: ChangeRow[]; title: string }) {
  const t = useTranslations("tariff.results");
  const input = useMemo(() => changeBars({ rows, labels: { creation: t("creation"), diversion: t("diversion"), total: t("total") } }), [rows, t]);
  const spec = useMemo((): ChartSpec => ({ type: "bars", input }), [input]);
  return (
    <ChartPanel
      testId="tariff-chart"
      spec={spec}
      title={title}
      table={barsTable(input, { category: t("table.exporter") })}
      fileName="tariff-change-by-exporter"
      height={barsHeight(input)}
    />
  );
}
