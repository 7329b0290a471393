"use client";

import { Modal } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useOpenedAfterMount } from "@/features/lazy/useOpenedAfterMount";
import type { ExploreReport } from "@/features/shell/navigation";
import ExplorerDialogBody from "./ExplorerDialogBody";

export { preloadExplorer } from "./LazyExplorer";

interface ExploreDialogProps {
  opened: boolean;
  onClose: () => void;
  /** A tile was chosen (its link navigates): the dialog closes. */
  onSelect: () => void;
  report?: ExploreReport;
  query?: string;
}

/**
 * The shell's explore dialog (a full-screen modal with the explorer). The shell loads this module
 * on first use (shell/explore.tsx), so the modal and the search UI cost nothing on page load.
 */
export default function ExploreDialog({ opened: wanted, onClose, onSelect, report, query }: ExploreDialogProps) {
  const opened = useOpenedAfterMount(wanted);
  const t = useTranslations("nav");
  const te = useTranslations("explorer");
  return (
    <Modal opened={opened} onClose={onClose} fullScreen title={t("search")} data-testid="explore-dialog" keepMounted={false} closeButtonProps={{ "aria-label": te("close") }}>
      {opened && <ExplorerDialogBody initialReport={report} initialQuery={query} onSelect={onSelect} />}
    </Modal>
  );
}
