"use client";

import { Alert, Button, Skeleton, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { VizData } from "@/domain/visualize/data";
import { flowSeriesData } from "@/domain/visualize/flows";
import { asChart } from "@/domain/visualize/sharedRows";
import type { ChartType } from "@/domain/visualize/state";
import { preloadCharts } from "@/features/charts/chartLibrary";
import { lazyModule, useLazyModule } from "@/features/lazy/lazyModule";
import { useNearScreen } from "@/features/lazy/useNearScreen";
import type { VisualizeViewProps } from "@/features/visualize/VisualizeView";
import { viewRowsLoader } from "./viewRows";

type Source = { view: string; as?: ChartType } | { exports: string; imports: string };

type Props = Omit<VisualizeViewProps, "data"> &
  (
    | {
        /**
         * /api/view URLs of the rows: one view (drawn `as` another chart when its rows are its map
         * twin's, domain/visualize/sharedRows), or the exports and imports drawn as two series.
         */
        source: Source;
        rows?: undefined;
      }
    | {
        /** Rows that came with the page (ProfileChart's rowsWithPage): nothing is fetched, only the view's code waits. */
        rows: VizData;
        source?: undefined;
      }
  );

/** Each chart's rows once per tab: two charts of one view, or a chart mounted again, share a request. */
const fetchView = viewRowsLoader((url) => fetch(url));

/**
 * The view (chart, tabs, table, toolbar) and ECharts come with the chart, not with the page: asked
 * for once the browser is idle after the chart came near the screen (not in the observer's task),
 * in parallel with its rows.
 */
const viewModule = lazyModule(() => {
  preloadCharts();
  return import("@/features/visualize/VisualizeView");
});

/**
 * A profile section's chart whose rows arrive after the page: the page's HTML carries the view's
 * address, not its thousands of rows (the server only planned the view; it never loads them). The
 * rows come from /api/view, once, when the chart comes near the screen, so a phone loads only the
 * charts it shows; meanwhile a placeholder of the chart's size keeps the page from jumping. The
 * view's code and ECharts load with the first chart that comes near, never with the page; so does
 * a chart whose `rows` came with the page (only its code waits then).
 */
export function LazyProfileChart({ source, rows, height = 440, ...view }: Props) {
  const t = useTranslations("profileChart");
  const tc = useTranslations("charts");
  const box = useRef<HTMLDivElement>(null);
  const near = useNearScreen(box);
  const [fetched, setData] = useState<VizData | null>(null);
  const data = rows ?? fetched;
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const { module: viewCode, failed: codeFailed, load: loadCode } = useLazyModule(viewModule, near);
  // The source's URLs, not the object, decide when to fetch again.
  const key = source ? JSON.stringify(source) : "";

  useEffect(() => {
    if (!near || !key) return;
    const current = JSON.parse(key) as Source;
    const work =
      "view" in current
        ? fetchView(current.view).then((rows) => (current.as ? asChart(rows, current.as) : rows))
        : Promise.all([fetchView(current.exports), fetchView(current.imports)]).then(([exports, imports]) =>
            flowSeriesData({ export: exports, import: imports }, { export: t("exports"), import: t("imports") }),
          );
    let live = true;
    work.then((rows) => live && setData(rows)).catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [key, t, attempt, near]);

  const retry = () => {
    if (failed) {
      setFailed(false);
      setAttempt((n) => n + 1);
    }
    if (codeFailed) loadCode();
  };

  let content;
  if (failed || codeFailed) {
    content = (
      <Alert variant="light" color="red" data-testid="profile-chart-failed">
        <Text size="sm">{failed ? t("failed") : tc("loadFailed")}</Text>
        <Button size="xs" variant="default" mt="xs" onClick={retry}>
          {t("retry")}
        </Button>
      </Alert>
    );
  } else if (!data || !viewCode) {
    // Waiting for the screen to come near ("pending"), then for the rows and the view's code ("loading"): the same size.
    content = <Skeleton height={height} radius="md" data-testid={near ? "profile-chart-loading" : "profile-chart-pending"} role="status" aria-label={t("loading")} />;
  } else {
    content = <viewCode.VisualizeView data={data} height={height} {...view} />;
  }
  return <div ref={box}>{content}</div>;
}
