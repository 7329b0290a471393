"use client";

import { Button, Group } from "@mantine/core";
import { Anchor, Group as StaticGroup, Stack, Text } from "@/features/ui/static";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { ChartToolbarProps, ToolbarButton } from "./ChartActionsMenus";
import { lazyModule, useLazyModule } from "@/features/lazy/lazyModule";

/** One query behind a chart: what it is, and its /api/data URLs. */
export interface ChartQuery {
  label: string;
  api: string;
  csv: string;
}

/** "What does Chile export? (2018)" -> "what-does-chile-export-2018". */
export function fileSlug(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return slug || "chart";
}

export type ChartActionsProps = Omit<ChartToolbarProps, "asked" | "focused">;

/** The toolbar's menus, loaded after the page. */
const toolbar = lazyModule(() => import("./ChartActionsMenus"));

/**
 * Download (PNG, SVG, CSV) and share (link, embed code) for one chart. The page carries only the
 * buttons; their menus and dialog (ChartActionsMenus) load when a visitor reaches for a button
 * (the pointer over it, or focus), so they are usually there by the click, and otherwise at the
 * click; then they open as asked, the focus kept where it was. Not when the browser is idle: on a
 * phone that was a long task (the menus' code and their positioning) for every chart on the page,
 * used or not (issue 37).
 */
export function ChartActions(props: ChartActionsProps) {
  const t = useTranslations("charts.actions");
  const { module: menus, failed, load } = useLazyModule(toolbar, false);
  const [asked, setAsked] = useState<ToolbarButton | null>(null);
  const [focused, setFocused] = useState<ToolbarButton | null>(null);
  if (menus) return <menus.ChartToolbar {...props} asked={asked} focused={focused} />;
  const look = (button: ToolbarButton) => ({
    variant: "default" as const,
    size: "xs" as const,
    loading: asked === button && !failed,
    onClick: () => {
      setAsked(button);
      load();
    },
    onPointerEnter: load,
    onFocus: () => {
      setFocused(button);
      load();
    },
    onBlur: () => setFocused(null),
    "data-testid": `${button}-button`,
  });
  return (
    <Group gap="xs" data-testid="chart-actions" data-menus="pending">
      <Button {...look("download")} aria-haspopup="menu" aria-expanded={false}>
        {t("download")}
      </Button>
      {props.sharePath ? <Button {...look("share")}>{t("share")}</Button> : null}
    </Group>
  );
}

/** The /api/data queries behind a chart, each as JSON and CSV links (static primitives: nothing here to hydrate). */
export function ApiQueryLinks({ queries }: { queries: readonly ChartQuery[] }) {
  const t = useTranslations("charts.api");
  if (queries.length === 0) return null;
  return (
    <Stack gap={4} data-testid="api-queries">
      <Text size="sm" fw={600}>
        {t("title")}
      </Text>
      <Text size="xs" c="dimmed">
        {t("help")}
      </Text>
      {queries.map((q) => (
        <StaticGroup key={q.api} gap={8} wrap="nowrap" align="baseline">
          <Text size="xs" fw={500} style={{ flex: "none" }}>
            {q.label}
          </Text>
          <Anchor href={q.api} size="xs" ff="monospace" style={{ wordBreak: "break-all" }} data-testid="api-query-link">
            {decodeURIComponent(q.api.replace(/\+/g, " "))}
          </Anchor>
          <Anchor href={q.csv} size="xs" style={{ flex: "none" }}>
            {t("csv")}
          </Anchor>
        </StaticGroup>
      ))}
    </Stack>
  );
}
