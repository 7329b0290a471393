"use client";

import { Alert, Button, Skeleton, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { VizData } from "@/domain/visualize/data";
import { flowSeriesData } from "@/domain/visualize/flows";
import { VisualizeView, type VisualizeViewProps } from "@/features/visualize/VisualizeView";

type Props = Omit<VisualizeViewProps, "data"> & {
  /** /api/view URLs of the rows: one view, or the exports and imports drawn as two series. */
  source: { view: string } | { exports: string; imports: string };
};

async function fetchView(url: string): Promise<VizData> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status}`);
  return ((await response.json()) as { data: VizData }).data;
}

/**
 * A profile section's chart whose rows arrive after the page: the page's HTML carries the view's
 * address, not its thousands of rows (the server checked that the view has data). The rows come
 * from /api/view, cached like every public answer; meanwhile a placeholder of the chart's size
 * keeps the page from jumping.
 */
export function LazyProfileChart({ source, height = 440, ...view }: Props) {
  const t = useTranslations("profileChart");
  const [data, setData] = useState<VizData | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The source's URLs, not the object, decide when to fetch again.
  const key = JSON.stringify(source);

  useEffect(() => {
    const current = JSON.parse(key) as Props["source"];
    const work =
      "view" in current
        ? fetchView(current.view)
        : Promise.all([fetchView(current.exports), fetchView(current.imports)]).then(([exports, imports]) =>
            flowSeriesData({ export: exports, import: imports }, { export: t("exports"), import: t("imports") }),
          );
    let live = true;
    work.then((rows) => live && setData(rows)).catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [key, t, attempt]);

  const retry = () => {
    setFailed(false);
    setAttempt((n) => n + 1);
  };

  if (failed) {
    return (
      <Alert variant="light" color="red" data-testid="profile-chart-failed">
        <Text size="sm">{t("failed")}</Text>
        <Button size="xs" variant="default" mt="xs" onClick={retry}>
          {t("retry")}
        </Button>
      </Alert>
    );
  }
  if (!data) return <Skeleton height={height} radius="md" data-testid="profile-chart-loading" aria-label={t("loading")} />;
  return <VisualizeView data={data} height={height} {...view} />;
}
