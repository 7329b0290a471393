"use client";

import { Modal } from "@mantine/core";
import dynamic from "next/dynamic";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { ExploreReport } from "./navigation";

interface ExploreState {
  /** Opens the dialog, optionally on a report and with a query already typed. */
  open: (report?: ExploreReport, query?: string) => void;
  close: () => void;
}

const ExploreContext = createContext<ExploreState>({ open: () => {}, close: () => {} });

export function useExplore(): ExploreState {
  return useContext(ExploreContext);
}

// The dialog body is loaded when first opened, so the search UI costs nothing on page load.
const ExplorerDialogBody = dynamic(() => import("@/features/explorer/ExplorerDialogBody"), { ssr: false });

/** The explore dialog of the shell: opened by the search button and by menu entries with a report. */
export function ExploreProvider({ children }: { children: ReactNode }) {
  const t = useTranslations("nav");
  const te = useTranslations("explorer");
  const [opened, setOpened] = useState(false);
  const [report, setReport] = useState<ExploreReport | undefined>(undefined);
  const [query, setQuery] = useState<string | undefined>(undefined);
  const open = useCallback((next?: ExploreReport, text?: string) => {
    setReport(next);
    setQuery(text);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  const value = useMemo(() => ({ open, close }), [open, close]);
  return (
    <ExploreContext.Provider value={value}>
      {children}
      <Modal opened={opened} onClose={close} fullScreen title={t("search")} data-testid="explore-dialog" keepMounted={false} closeButtonProps={{ "aria-label": te("close") }}>
        {opened && <ExplorerDialogBody initialReport={report} initialQuery={query} onSelect={close} />}
      </Modal>
    </ExploreContext.Provider>
  );
}
