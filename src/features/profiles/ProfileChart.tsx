import { Alert } from "@mantine/core";
import { Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import type { Locale } from "@/domain/i18n/locales";
import { rowsState } from "@/domain/visualize/sharedRows";
import type { ChartType, VizState } from "@/domain/visualize/state";
import { viewApiUrl } from "@/domain/visualize/stateCodec";
import { TextLink } from "@/features/shell/AppLink";
import { planVizState, resolveVizState, type ExplainedProblem } from "@/features/visualize/resolve";
import { LazyProfileChart } from "./LazyProfileChart";

interface Props {
  locale: Locale;
  state: VizState;
  height?: number;
  bothFlows?: { title: string };
  /**
   * The render loads these rows for another section anyway (one answer per query and render,
   * server/warehouse/client): they travel with the page, loaded here, instead of from /api/view.
   */
  rowsWithPage?: boolean;
}

/**
 * A chart of a profile section, drawn by the visualisation builder from a typed view state: the
 * same chart, downloads (PNG, SVG, CSV), data table, share links and API queries as /visualize,
 * with a link to open it there. With `bothFlows` (a line chart), the state's exports and its
 * imports are drawn as two series, under the given title.
 *
 * Each chart's rows travel once: the server only plans the view (title, paths, problems) and the
 * browser loads the rows from /api/view when the chart nears the screen; or, with `rowsWithPage`,
 * the server loads them and the page carries them. Never both.
 */
export async function ProfileChart({ locale, state, height = 440, bothFlows, rowsWithPage = false }: Props) {
  const t = await getTranslations({ locale, namespace: "profiles" });
  const frame = (chart: ChartType, rows: "page" | "browser", path: string, body: ReactNode) => (
    <div data-testid="profile-chart" data-chart={chart} data-rows={rows}>
      {body}
      <Text size="xs" mt={4}>
        <TextLink href={path}>{t("openInBuilder")}</TextLink>
      </Text>
    </div>
  );
  const unavailable = (problems: ExplainedProblem[] | null) =>
    problems ? (
      <Alert variant="light" color="gray" data-testid="profile-chart-unavailable">
        {problems.map((p) => p.message).join(" ")}
      </Alert>
    ) : (
      <Text c="dimmed">{t("noData")}</Text>
    );

  if (rowsWithPage && !bothFlows) {
    const loaded = await resolveVizState(state, locale, { controls: false });
    if (loaded.kind !== "ok") return unavailable(loaded.kind === "problems" ? loaded.problems : null);
    // The rows come with the page; the view's code still loads when the chart nears the screen.
    const view = <LazyProfileChart rows={loaded.data} title={loaded.title} subtitle={loaded.subtitle} path={loaded.path} embedPath={loaded.embedPath} height={height} showSources={false} compactApi />;
    return frame(loaded.state.chart, "page", loaded.path, view);
  }

  const resolution = await planVizState(bothFlows ? { ...state, flow: "export" } : state, locale);
  if (resolution.kind !== "planned") return unavailable(resolution.kind === "problems" ? resolution.problems : null);
  // A treemap of countries draws its map twin's rows: the page loads that question once (sharedRows).
  let source: { view: string; as?: ChartType } | { exports: string; imports: string } = {
    view: viewApiUrl(rowsState(resolution.state, resolution.coverage), locale),
    as: resolution.state.chart,
  };
  let title = resolution.title;
  if (bothFlows) {
    const imports = await planVizState({ ...resolution.state, flow: "import" }, locale);
    if (imports.kind === "planned") {
      source = { exports: viewApiUrl(resolution.state, locale), imports: viewApiUrl(imports.state, locale) };
      title = bothFlows.title;
    }
  }
  const view = <LazyProfileChart source={source} title={title} subtitle={resolution.subtitle} path={resolution.path} embedPath={resolution.embedPath} height={height} showSources={false} compactApi />;
  return frame(resolution.state.chart, "browser", resolution.path, view);
}
