"use client";

import { Button, CopyButton, Group, Menu, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type RefObject } from "react";
import { toCsv, type ChartTable } from "@/domain/charts/table";
import type { ChartHandle } from "./Chart";

/**
 * The chart toolbar's menus: the Download menu (PNG, SVG, CSV) and the Share dialog (link, embed
 * code). Loaded after the page (ChartActions shows the same buttons until then), so their code
 * is not part of a page's first load.
 */

/** A button of the toolbar a visitor used before its menus had arrived. */
export type ToolbarButton = "download" | "share";

export interface ChartToolbarProps {
  chart: RefObject<ChartHandle | null>;
  table: ChartTable;
  fileName: string;
  /** Path of this view (with locale), for the share link; without it there is no Share button. */
  sharePath?: string;
  /** Path of the embeddable view (with locale); without it the share dialog offers the link only. */
  embedPath?: string;
  embedTitle?: string;
  /** Opened at once: the button was clicked while the menus were on their way. */
  asked?: ToolbarButton | null;
  /** Focused at once: the button had the focus when the menus arrived. */
  focused?: ToolbarButton | null;
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

/** The link and embed code the Share dialog offers. */
function shareOf(sharePath: string | undefined, embedPath: string | undefined, embedTitle: string | undefined): { url: string; embed: string } {
  const origin = window.location.origin;
  const title = (embedTitle ?? "").replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    url: `${origin}${sharePath}`,
    embed: embedPath ? `<iframe src="${origin}${embedPath}" title="${title}" width="100%" height="560" style="border:0" loading="lazy"></iframe>` : "",
  };
}

/** Download (PNG, SVG, CSV) and share (link, embed code) for one chart. */
export function ChartToolbar({ chart, table, fileName, sharePath, embedPath, embedTitle, asked = null, focused = null }: ChartToolbarProps) {
  const t = useTranslations("charts.actions");
  const [busy, setBusy] = useState<string | null>(null);
  const [share, setShare] = useState<{ url: string; embed: string } | null>(() => (asked === "share" && sharePath ? shareOf(sharePath, embedPath, embedTitle) : null));
  const downloadButton = useRef<HTMLButtonElement>(null);
  const shareButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // The look-alike button this toolbar replaces had the focus: keep it where the visitor was.
    if (focused) (focused === "download" ? downloadButton : shareButton).current?.focus();
  }, [focused]);

  async function download(format: "png" | "svg" | "csv") {
    setBusy(format);
    try {
      if (format === "csv") save(new Blob(["\ufeff", toCsv(table)], { type: "text/csv;charset=utf-8" }), `${fileName}.csv`);
      else if (chart.current) save(await chart.current.exportImage(format), `${fileName}.${format}`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Group gap="xs" data-testid="chart-actions" data-menus="ready">
      <Menu position="bottom-start" withinPortal defaultOpened={asked === "download"}>
        <Menu.Target>
          <Button ref={downloadButton} variant="default" size="xs" loading={busy !== null} data-testid="download-button">
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
        <Button ref={shareButton} variant="default" size="xs" onClick={() => setShare(shareOf(sharePath, embedPath, embedTitle))} data-testid="share-button">
          {t("share")}
        </Button>
      ) : null}
      <Modal opened={share !== null} onClose={() => setShare(null)} title={t("shareTitle")} size="lg">
        {share && (
          <Stack>
            <TextInput label={t("link")} value={share.url} readOnly onFocus={(e) => e.currentTarget.select()} data-testid="share-url" />
            <CopyAction value={share.url} label={t("copyLink")} copiedLabel={t("copied")} />
            {share.embed ? (
              <>
                <Textarea label={t("embedCode")} description={t("embedHelp")} value={share.embed} readOnly autosize minRows={3} onFocus={(e) => e.currentTarget.select()} data-testid="embed-code" />
                <CopyAction value={share.embed} label={t("copyEmbed")} copiedLabel={t("copied")} />
              </>
            ) : null}
          </Stack>
        )}
      </Modal>
    </Group>
  );
}

/** A button that copies `value`, saying so once it has. */
function CopyAction({ value, label, copiedLabel }: { value: string; label: string; copiedLabel: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button onClick={copy} variant="light" size="xs" w="fit-content">
          {copied ? copiedLabel : label}
        </Button>
      )}
    </CopyButton>
  );
}
