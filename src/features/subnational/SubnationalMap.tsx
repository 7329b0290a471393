"use client";

import { Alert, Box } from "@mantine/core";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, type Ref } from "react";
import type { Locale } from "@/domain/i18n/locales";
import { geoLevel } from "@/domain/subnational/config";
import type { MapValue, PreparedMap } from "@/domain/subnational/map";
import { Chart, type ChartHandle } from "@/features/charts/Chart";
import { prepareRegion, regionMapName } from "@/features/charts/regionMaps";
import type { ChartSpec } from "@/features/charts/spec";

export interface SubnationalMapLabels {
  /** Accessible name of the map. */
  title: string;
  /** Tooltip of a member without a value. */
  noData: string;
  /** Shown when the map file cannot be loaded. */
  failed: string;
}

export interface SubnationalMapProps {
  iso3: string;
  levelSlug: string;
  values?: MapValue[];
  /** ISO 4217 code of the values; every figure shows it. */
  currency: string;
  /** The page's language (the chart reads the same one from next-intl). */
  locale: Locale;
  labels: SubnationalMapLabels;
  /** Link of a member (client callers). */
  hrefFor?: (id: string) => string | null;
  /** Or: links are this prefix plus the member id (server callers cannot pass functions). */
  hrefBase?: string;
  /** Only these member ids link (members with a profile). */
  linkable?: string[];
  focus?: string;
  height?: number;
  testId?: string;
  /** PNG and SVG export, as a chart's (the builder's download menu). */
  ref?: Ref<ChartHandle>;
}

/**
 * A map of one level of a subnational country, from the data package's geometry
 * (domain/subnational/config.ts), coloured or sized by `values` in their currency; members link to
 * their profiles when a link is given. Drawn by the one chart component (its ECharts lifecycle,
 * light and dark, PNG and SVG export through `ref`); this wrapper adds the links and says how many
 * drawn members carry a value (data-valued).
 */
export function SubnationalMap({ iso3, levelSlug, values, currency, labels, hrefFor, hrefBase, linkable, focus, height = 460, testId = "subnational-map", ref }: SubnationalMapProps) {
  const router = useRouter();
  const level = geoLevel(iso3, levelSlug);
  const mapName = regionMapName(iso3, levelSlug);
  // The prepared geometry (shared with the chart, read once per page): null when it failed.
  const [prepared, setPrepared] = useState<{ mapName: string; map: PreparedMap | null } | null>(null);
  useEffect(() => {
    if (!level?.geometry) return;
    let live = true;
    prepareRegion(mapName, level).then(
      (map) => live && setPrepared({ mapName, map }),
      () => live && setPrepared({ mapName, map: null }),
    );
    return () => {
      live = false;
    };
  }, [mapName, level]);
  const state = !prepared || prepared.mapName !== mapName ? "loading" : (prepared.map ?? "failed");

  const allowed = useMemo(() => (linkable ? new Set(linkable) : null), [linkable]);
  // The latest way to link a member, read on click (callers may pass a new function each render).
  const links = useRef({ hrefFor, hrefBase, allowed });
  useEffect(() => {
    links.current = { hrefFor, hrefBase, allowed };
  }, [hrefFor, hrefBase, allowed]);
  const select = useCallback(
    (id: string) => {
      const { hrefFor: of, hrefBase: base, allowed: only } = links.current;
      if (only && !only.has(id)) return;
      const href = of ? of(id) : base ? `${base}${encodeURIComponent(id)}` : null;
      if (href) router.push(href);
    },
    [router],
  );

  const spec = useMemo((): ChartSpec | null => (level ? { type: "regionMap", input: { mapName, level, values, regionCurrency: currency, noDataLabel: labels.noData, focus } } : null), [mapName, level, values, currency, labels.noData, focus]);

  if (!level?.geometry || !spec) return null;
  if (state === "failed") {
    return (
      <Alert color="gray" data-testid={`${testId}-failed`}>
        {labels.failed}
      </Alert>
    );
  }
  // How many drawn members carry a value: values keyed by ids the map does not draw would leave it grey.
  const valued = state === "loading" ? 0 : state.keys.filter((key) => values?.some((v) => v.id === key)).length;
  return (
    <Box pos="relative" data-testid={testId} data-ready={state === "loading" ? "false" : "true"} data-valued={valued}>
      <Chart ref={ref} spec={spec} title={labels.title} height={height} onSelect={select} />
    </Box>
  );
}
