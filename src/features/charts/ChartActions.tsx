"use client";

import { Anchor, Button, CopyButton, Group, Menu, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useState, type RefObject } from "react";
import { toCsv, type ChartTable } from "@/domain/charts/table";
import type { ChartHandle } from "./Chart";

/** One query behind a chart: what it is, and its /api/data URLs. */
export interface ChartQuery {
  label: string;
  api: string;
  csv: string;
}

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
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

export interface ChartActionsProps {
  chart: RefObject<ChartHandle | null>;
  table: ChartTable;
  fileName: string;
  /** Path of this view (with locale), for the share link; without it there is no Share button. */
  sharePath?: string;
  /** Path of the embeddable view (with locale); without it the share dialog offers the link only. */
  embedPath?: string;
  embedTitle?: string;
}

/** Download (PNG, SVG, CSV) and share (link, embed code) for one chart. */
export function ChartActions({ chart, table, fileName, sharePath, embedPath, embedTitle }: ChartActionsProps) {
  const t = useTranslations("charts.actions");
  const [busy, setBusy] = useState<string | null>(null);
  const [share, setShare] = useState<{ url: string; embed: string } | null>(null);

  async function download(format: "png" | "svg" | "csv") {
    setBusy(format);
    try {
      if (format === "csv") save(new Blob(["\ufeff", toCsv(table)], { type: "text/csv;charset=utf-8" }), `${fileName}.csv`);
      else if (chart.current) save(await chart.current.exportImage(format), `${fileName}.${format}`);
    } finally {
      setBusy(null);
    }
  }

  function openShare() {
    const origin = window.location.origin;
    const title = (embedTitle ?? "").replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
    setShare({
      url: `${origin}${sharePath}`,
      embed: embedPath ? `<iframe src="${origin}${embedPath}" title="${title}" width="100%" height="560" style="border:0" loading="lazy"></iframe>` : "",
    });
  }

  return (
    <Group gap="xs" data-testid="chart-actions">
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="default" size="xs" loading={busy !== null} data-testid="download-button">
            {t("download")}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => download("png")} data-testid="download-png">
            {t("png")}
          </Menu.Item>
          <Menu.Item onClick={() => download("svg")} data-testid="download-svg">
            {t("svg")}
          </Menu.Item>
          <Menu.Item onClick={() => download("csv")} data-testid="download-csv">
            {t("csv")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {sharePath ? (
        <Button variant="default" size="xs" onClick={openShare} data-testid="share-button">
          {t("share")}
        </Button>
      ) : null}
      <Modal opened={share !== null} onClose={() => setShare(null)} title={t("shareTitle")} size="lg">
        {share && (
          <Stack>
            <TextInput label={t("link")} value={share.url} readOnly onFocus={(e) => e.currentTarget.select()} data-testid="share-url" />
            <CopyButton value={share.url}>
              {({ copied, copy }) => (
                <Button onClick={copy} variant="light" size="xs" w="fit-content">
                  {copied ? t("copied") : t("copyLink")}
                </Button>
              )}
            </CopyButton>
            {share.embed ? (
              <>
                <Textarea label={t("embedCode")} description={t("embedHelp")} value={share.embed} readOnly autosize minRows={3} onFocus={(e) => e.currentTarget.select()} data-testid="embed-code" />
                <CopyButton value={share.embed}>
                  {({ copied, copy }) => (
                    <Button onClick={copy} variant="light" size="xs" w="fit-content">
                      {copied ? t("copied") : t("copyEmbed")}
                    </Button>
                  )}
                </CopyButton>
              </>
            ) : null}
          </Stack>
        )}
      </Modal>
    </Group>
  );
}

/** The /api/data queries behind a chart, each as JSON and CSV links. */
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
        <Group key={q.api} gap={8} wrap="nowrap" align="baseline">
          <Text size="xs" fw={500} style={{ flex: "none" }}>
            {q.label}
          </Text>
          <Anchor href={q.api} size="xs" ff="monospace" style={{ wordBreak: "break-all" }} data-testid="api-query-link">
            {decodeURIComponent(q.api.replace(/\+/g, " "))}
          </Anchor>
          <Anchor href={q.csv} size="xs" style={{ flex: "none" }}>
            {t("csv")}
          </Anchor>
        </Group>
      ))}
    </Stack>
  );
}
