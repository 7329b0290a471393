import { Alert, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import type { VizState } from "@/domain/visualize/state";
import { TextLink } from "@/features/shell/AppLink";
import { resolveVizState } from "@/features/visualize/resolve";
import { VisualizeView } from "@/features/visualize/VisualizeView";

/**
 * A chart of a profile section, drawn by the visualisation builder from a typed view state: the
 * same chart, downloads (PNG, SVG, CSV), data table, share links and API queries as /visualize,
 * with a link to open it there.
 */
export async function ProfileChart({ locale, state, height = 440 }: { locale: Locale; state: VizState; height?: number }) {
  const t = await getTranslations({ locale, namespace: "profiles" });
  const resolution = await resolveVizState(state, locale);
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
  return <Text c="dimmed">{t("noData")}</Text>;
}
