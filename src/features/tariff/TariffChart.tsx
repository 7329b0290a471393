"use client";

import { Box, Skeleton, useComputedColorScheme, VisuallyHidden } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { formatUsd } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";

export interface ChangeRow {
  id: string;
  name: string;
  creation: number;
  diversion: number;
}

/** Bars of the change in imports per exporter (creation and diversion stacked); the table beside it holds every number. */
export function TariffChart({ rows, title }: { rows: ChangeRow[]; title: string }) {
  const t = useTranslations("tariff.results");
  const locale = useLocale() as Locale;
  const dark = useComputedColorScheme("light", { getInitialValueInEffect: true }) === "dark";
  const ref = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const height = Math.max(220, rows.length * 30 + 60);

  useEffect(() => {
    let disposed = false;
    let instance: { dispose(): void; resize(): void } | null = null;
    let observer: ResizeObserver | null = null;
    void import("./echarts").then(({ echarts, changeChartOption }) => {
      if (disposed || !ref.current) return;
      const chart = echarts.init(ref.current, undefined, { renderer: "canvas" });
      chart.setOption(
        changeChartOption({
          rows,
          labels: { creation: t("creation"), diversion: t("diversion"), total: t("total") },
          dark,
          format: (v) => formatUsd(v, locale, { compact: true }),
        }),
      );
      instance = chart;
      observer = new ResizeObserver(() => chart.resize());
      observer.observe(ref.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      instance?.dispose();
    };
  }, [rows, dark, locale, t]);

  return (
    <Box pos="relative" data-testid="tariff-chart">
      <VisuallyHidden>{title}</VisuallyHidden>
      {!ready && <Skeleton height={height} pos="absolute" inset={0} />}
      <div ref={ref} role="img" aria-label={title} style={{ width: "100%", height }} />
    </Box>
  );
}
