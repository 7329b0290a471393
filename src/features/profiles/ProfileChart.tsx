import { Alert, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { TextLink } from "@/features/shell/AppLink";
import { resolveVisualization } from "@/features/visualize/resolve";
import { VisualizeView } from "@/features/visualize/VisualizeView";

function request(path: string): [string[], Record<string, string>] {
  const [segments, query = ""] = path.split("?");
  return [segments.split("/").filter(Boolean), Object.fromEntries(new URLSearchParams(query))];
}

/**
 * A chart of a profile section, drawn by the visualisation builder from its canonical path
 * (e.g. "tree_map/hs92/export/chl/all/show/2018"): the same chart, downloads (PNG, SVG, CSV),
 * data table, share links and API queries as /visualize, with a link to open it there.
 */
export async function ProfileChart({ locale, path, height = 440 }: { locale: Locale; path: string; height?: number }) {
  const t = await getTranslations({ locale, namespace: "profiles" });
  let resolution = await resolveVisualization(...request(path), locale);
  // The builder's canonical form may drop a redundant parameter: follow it once.
  if (resolution.kind === "redirect") resolution = await resolveVisualization(...request(resolution.to.replace(/^\/[a-z]{2}\/visualize\//, "")), locale);
  if (resolution.kind === "ok") {
    return (
      <div data-testid="profile-chart" data-chart={resolution.state.chart}>
        <VisualizeView data={resolution.data} title={resolution.title} subtitle={resolution.subtitle} path={resolution.path} embedPath={resolution.embedPath} height={height} showSources={false} />
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
  // A redirect means the path was not canonical: a bug in the caller, shown as plain missing data.
  if (resolution.kind === "redirect") console.error(`[profiles] chart path not canonical: ${path} -> ${resolution.to}`);
  return <Text c="dimmed">{t("noData")}</Text>;
}
