"use client";

import { Alert, Box, Skeleton, useComputedColorScheme } from "@mantine/core";
import { useRouter } from "next/navigation";
import { useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from "react";
import { dataUrlBlob, type ChartHandle } from "@/features/charts/Chart";
import type { Locale } from "@/domain/i18n/locales";
import { geoLevel } from "@/domain/subnational/config";
import { prepareFeatures, subnationalMapOption, type GeoCollection, type MapValue, type PreparedMap } from "@/domain/subnational/map";

type EChartsModule = typeof import("@/features/charts/echarts");
type Instance = ReturnType<EChartsModule["echarts"]["init"]>;

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

const prepared = new Map<string, Promise<PreparedMap>>();

/** Fetches, reads and registers a level's map once per page. */
function loadLevel(iso3: string, slug: string, lib: EChartsModule): Promise<PreparedMap> {
  const key = `${iso3}/${slug}`;
  let pending = prepared.get(key);
  if (!pending) {
    const level = geoLevel(iso3, slug);
    if (!level?.geometry) return Promise.reject(new Error(`no map for ${key}`));
    const file = level.geometry.file;
    pending = Promise.all([fetch(`/api/assets/${file}`).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${file}: HTTP ${r.status}`)))), import("topojson-client")]).then(([json, topo]) => {
      const collection = (json.type === "Topology" ? topo.feature(json, Object.values(json.objects)[0] as never) : json) as unknown as GeoCollection;
      const result = prepareFeatures(collection, level);
      lib.echarts.registerMap(`subnational-${key}`, result.areas as never);
      return result;
    });
    pending.catch(() => prepared.delete(key));
    prepared.set(key, pending);
  }
  return pending;
}

/**
 * An ECharts map of one level of a subnational country, from the data package's geometry
 * (domain/subnational/config.ts), coloured or sized by `values` in their currency; members link to
 * their profiles when a link is given. Light and dark.
 */
export function SubnationalMap({ iso3, levelSlug, values, currency, locale, labels, hrefFor, hrefBase, linkable, focus, height = 460, testId = "subnational-map", ref }: SubnationalMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Instance | null>(null);
  const [state, setState] = useState<{ lib: EChartsModule; map: PreparedMap } | "loading" | "failed">("loading");
  const dark = useComputedColorScheme("light") === "dark";
  const router = useRouter();
  const level = geoLevel(iso3, levelSlug);
  const allowed = useMemo(() => (linkable ? new Set(linkable) : null), [linkable]);

  useEffect(() => {
    let live = true;
    import("@/features/charts/echarts")
      .then((lib) => loadLevel(iso3, levelSlug, lib).then((map) => live && setState({ lib, map })))
      .catch(() => live && setState("failed"));
    return () => {
      live = false;
    };
  }, [iso3, levelSlug]);

  useEffect(() => {
    if (typeof state === "string" || !box.current || !level) return;
    const element = box.current;
    const instance = chart.current ?? state.lib.echarts.init(element, undefined, { renderer: "canvas" });
    chart.current = instance;
    const draw = () =>
      instance.setOption(
        subnationalMapOption({
          mapName: `subnational-${iso3}/${levelSlug}`,
          level,
          prepared: state.map,
          values,
          locale,
          currency,
          dark,
          noDataLabel: labels.noData,
          focus,
          size: { width: element.clientWidth, height: element.clientHeight },
        }),
        true,
      );
    draw();
    const link = (id: string) => {
      if (allowed && !allowed.has(id)) return null;
      return hrefFor ? hrefFor(id) : hrefBase ? `${hrefBase}${encodeURIComponent(id)}` : null;
    };
    instance.off("click");
    instance.on("click", (params) => {
      const href = link(String((params as { name?: string }).name ?? ""));
      if (href) router.push(href);
    });
    const observer = new ResizeObserver(() => {
      instance.resize();
      draw();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [state, values, currency, dark, locale, labels.noData, focus, hrefFor, hrefBase, allowed, router, iso3, levelSlug, level]);

  // Exports redraw the map off screen at a fixed size (SVG needs its own renderer), as Chart does.
  useImperativeHandle(
    ref,
    () => ({
      async exportImage(format) {
        if (typeof state === "string" || !level) throw new Error("The map is not drawn yet.");
        const width = 1200;
        const height = 800;
        const host = document.createElement("div");
        host.style.cssText = `position:fixed;left:-100000px;top:0;width:${width}px;height:${height}px;`;
        document.body.appendChild(host);
        const background = dark ? "#242424" : "#ffffff";
        const exporter = state.lib.echarts.init(host, null, { renderer: format === "svg" ? "svg" : "canvas", width, height });
        try {
          exporter.setOption({
            ...subnationalMapOption({ mapName: `subnational-${iso3}/${levelSlug}`, level, prepared: state.map, values, locale, currency, dark, noDataLabel: labels.noData, focus, size: { width, height } }),
            animation: false,
            backgroundColor: background,
          });
          if (format === "svg") return new Blob([exporter.renderToSVGString()], { type: "image/svg+xml;charset=utf-8" });
          return dataUrlBlob(exporter.getDataURL({ type: "png", pixelRatio: 2, backgroundColor: background }));
        } finally {
          exporter.dispose();
          host.remove();
        }
      },
    }),
    [state, level, dark, iso3, levelSlug, values, locale, currency, labels.noData, focus],
  );

  useEffect(
    () => () => {
      chart.current?.dispose();
      chart.current = null;
    },
    [],
  );

  if (!level?.geometry) return null;
  if (state === "failed") {
    return (
      <Alert color="gray" data-testid={`${testId}-failed`}>
        {labels.failed}
      </Alert>
    );
  }
  // How many drawn members carry a value: values keyed by ids the map does not draw would leave it grey.
  const valued = typeof state === "string" ? 0 : state.map.keys.filter((key) => values?.some((v) => v.id === key)).length;
  return (
    <Box pos="relative" data-testid={testId} data-ready={typeof state === "string" ? "false" : "true"} data-valued={valued}>
      {state === "loading" && <Skeleton pos="absolute" inset={0} h={height} />}
      <div ref={box} role="img" aria-label={labels.title} style={{ width: "100%", height }} />
    </Box>
  );
}
