"use client";

import { Center, Loader, Text } from "@mantine/core";
import { useLocale } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import type { Locale } from "@/domain/i18n/locales";
import { CHART_ASSETS } from "@/domain/visualize/assets";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { clampGeometry, eciMapOption, type ChartTheme, type MapDatum, type MapLabels } from "./charts";
import { EChart, echarts } from "./EChart";

const MAP_URL = `/api/assets/${CHART_ASSETS.worldMap}`;
const MAP_NAME = "world-110m";
let registering: Promise<void> | null = null;

/** Fetches the world TopoJSON once per page load and registers it, keyed by M49 (Antarctica left out). */
function registerWorld(): Promise<void> {
  registering ??= fetch(MAP_URL)
    .then((res) => {
      if (!res.ok) throw new Error(`map ${res.status}`);
      return res.json() as Promise<Topology>;
    })
    .then((topology) => {
      const object = Object.values(topology.objects)[0] as GeometryCollection;
      const collection = feature(topology, object) as unknown as GeoJSON.FeatureCollection;
      const features = collection.features
        .filter((f) => f.id !== "010")
        .map((f) => ({ ...f, geometry: clampGeometry(f.geometry), properties: { ...f.properties, m49: String(f.id ?? "") } }));
      echarts.registerMap(MAP_NAME, { type: "FeatureCollection", features } as Parameters<typeof echarts.registerMap>[1]);
    })
    .catch((error) => {
      registering = null;
      throw error;
    });
  return registering;
}

export function EciMap({
  data,
  labels,
  label,
  downloadName,
  downloadLabel,
  failedLabel,
}: {
  data: MapDatum[];
  labels: MapLabels;
  label: string;
  downloadName: string;
  downloadLabel: string;
  failedLabel: string;
}) {
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  useEffect(() => {
    let live = true;
    registerWorld().then(
      () => live && setState("ready"),
      () => live && setState("failed"),
    );
    return () => {
      live = false;
    };
  }, []);
  const locale = useLocale() as Locale;
  const build = useCallback((theme: ChartTheme) => eciMapOption(data, labels, theme, locale, MAP_NAME), [data, labels, locale]);
  if (state === "failed") return <Text c="dimmed">{failedLabel}</Text>;
  if (state === "loading") {
    return (
      <Center style={{ aspectRatio: "16 / 10" }}>
        <Loader size="sm" />
      </Center>
    );
  }
  return <EChart build={build} aspectRatio="16 / 10" label={label} downloadName={downloadName} downloadLabel={downloadLabel} />;
}
