import { Alert, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import type { VizState } from "@/domain/visualize/state";
import { flowSeriesData } from "@/domain/visualize/flows";
import { TextLink } from "@/features/shell/AppLink";
import { resolveVizState } from "@/features/visualize/resolve";
import { VisualizeView } from "@/features/visualize/VisualizeView";
import { loadView } from "@/server/visualize/view";

/**
 * A chart of a profile section, drawn by the visualisation builder from a typed view state: the
 * same chart, downloads (PNG, SVG, CSV), data table, share links and API queries as /visualize,
 * with a link to open it there. With `bothFlows` (a line chart), the state's exports and its
 * imports are drawn as two series, under the given title.
 */
export async function ProfileChart({ locale, state, height = 440, bothFlows }: { locale: Locale; state: VizState; height?: number; bothFlows?: { title: string } }) {
  const t = await getTranslations({ locale, namespace: "profiles" });
  const resolution = await resolveVizState(bothFlows ? { ...state, flow: "export" } : state, locale);
  if (resolution.kind === "ok") {
    let { data, title } = resolution;
    if (bothFlows) {
      const imports = await loadView({ ...state, flow: "import" }, locale);
      if (imports.kind === "ok") {
        data = flowSeriesData({ export: resolution.data, import: imports.data }, { export: t("exports"), import: t("imports") });
        title = bothFlows.title;
      }
    }
    return (
      <div data-testid="profile-chart" data-chart={resolution.state.chart}>
        <VisualizeView data={data} title={title} subtitle={resolution.subtitle} path={resolution.path} embedPath={resolution.embedPath} height={height} showSources={false} />
        <Text size="xs" mt={4}>
          <TextLink href={resolution.path}>{t("openInBuilder")}</TextLink>
        </Text>
      </div>
    );
  }
  if (resolution.kind === "problems") {
    return (
      <Alert variant="light" color="gray" data-testid="profile-chart-unavailable">
        {resolution.problems.map((p) => p.message).join(" ")}
      </Alert>
    );
  }
  return <Text c="dimmed">{t("noData")}</Text>;
}
