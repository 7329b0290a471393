"use client";

import { ActionIcon, Modal, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslations } from "next-intl";
import { cloneElement, isValidElement, type MouseEvent, type ReactElement } from "react";
import { intentProps } from "@/features/lazy/preloadable";
import type { ExplorerProps } from "./Explorer";
import { Explorer, preloadExplorer } from "./LazyExplorer";

/**
 * The explorer in a full-screen modal, opened by an icon or by a wrapped child element
 * (tooltip 'Click to Explore'); it closes on close or when a tile is selected.
 */
export function ExplorerModal({ children, tooltip, ...explorer }: ExplorerProps & { children?: ReactElement<{ onClick?: (e: MouseEvent) => void } & Partial<ReturnType<typeof intentProps>>>; tooltip?: string }) {
  const t = useTranslations("explorer");
  const [opened, { open, close }] = useDisclosure(false);
  const trigger =
    children && isValidElement(children) ? (
      cloneElement(children, { onClick: open, ...intentProps(preloadExplorer) })
    ) : (
      <ActionIcon variant="default" size="lg" aria-label={tooltip ?? t("clickToExplore")} onClick={open} {...intentProps(preloadExplorer)} data-testid="explorer-modal-trigger">
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5" />
        </svg>
      </ActionIcon>
    );
  return (
    <>
      <Tooltip label={tooltip ?? t("clickToExplore")}>{trigger}</Tooltip>
      <Modal opened={opened} onClose={close} fullScreen title={t("search")} closeButtonProps={{ "aria-label": t("close") }}>
        {opened && (
          <Explorer
            {...explorer}
            autoFocus
            onSelect={() => {
              close();
              explorer.onSelect?.();
            }}
          />
        )}
      </Modal>
    </>
  );
}
