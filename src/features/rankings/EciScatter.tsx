"use client";

import { useLocale } from "next-intl";
import { useCallback } from "react";
import type { Locale } from "@/domain/i18n/locales";
import { eciScatterOption, type ChartTheme, type ScatterLabels, type ScatterPoint } from "./charts";
import { EChart } from "./EChart";

export function EciScatter({
  points,
  labels,
  label,
  downloadName,
  downloadLabel,
}: {
  points: ScatterPoint[];
  labels: ScatterLabels;
  label: string;
  downloadName: string;
  downloadLabel: string;
}) {
  const locale = useLocale();
  const build = useCallback((theme: ChartTheme) => eciScatterOption(points, labels, theme, locale as Locale), [points, labels, locale]);
  return <EChart build={build} height={380} label={label} downloadName={downloadName} downloadLabel={downloadLabel} />;
}
