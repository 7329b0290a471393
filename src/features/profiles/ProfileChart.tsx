import { Alert, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import type { VizState } from "@/domain/visualize/state";
import { TextLink } from "@/features/shell/AppLink";
import { resolveVizState } from "@/features/visualize/resolve";
import { LazyProfileChart } from "./LazyProfileChart";

/**
 * A chart of a profile section, drawn by the visualisation builder from a typed view state: the
 * same chart, downloads (PNG, SVG, CSV), data table, share links and API queries as /visualize,
 * with a link to open it there. With `bothFlows` (a line chart), the state's exports and its
 * imports are drawn as two series, under the given title.
 */
export async function ProfileChart({ locale, state, height = 440, bothFlows }: { locale: Locale; state: VizState; height?: number; bothFlows?: { title: string } }) {
  const t = await getTranslations({ locale, namespace: "profiles" });
  const resolution = await resolveVizState(bothFlows ? { ...state, flow: "export" } : state, locale, { controls: false });
  if (resolution.kind === "ok") {
    // The rows load in the browser from /api/view (the page carries only their address); the
    // server has already checked there is something to draw.
    const viewUrl = (path: string) => `/api/view?path=${encodeURIComponent(path)}`;
    let source: { view: string } | { exports: string; imports: string } = { view: viewUrl(resolution.path) };
    let title = resolution.title;
    if (bothFlows) {
      const importState = { ...resolution.state, flow: "import" as const };
      const imports = await resolveVizState(importState, locale, { controls: false });
      if (imports.kind === "ok") {
        source = { exports: viewUrl(resolution.path), imports: viewUrl(imports.path) };
        title = bothFlows.title;
      }
    }
    return (
      <div data-testid="profile-chart" data-chart={resolution.state.chart}>
        <LazyProfileChart source={source} title={title} subtitle={resolution.subtitle} path={resolution.path} embedPath={resolution.embedPath} height={height} showSources={false} compactApi />
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
