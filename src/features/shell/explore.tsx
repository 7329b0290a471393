"use client";

import dynamic from "next/dynamic";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { ExploreReport } from "./navigation";
import { preloadable } from "@/features/lazy/preloadable";

interface ExploreState {
  /** Opens the dialog, optionally on a report and with a query already typed. */
  open: (report?: ExploreReport, query?: string) => void;
  close: () => void;
}

const ExploreContext = createContext<ExploreState>({ open: () => {}, close: () => {} });

export function useExplore(): ExploreState {
  return useContext(ExploreContext);
}

// The dialog (Mantine's Modal and the explorer) is loaded on first open, so it costs nothing on
// page load; what opens it calls preloadExplore on pointer enter or focus, so the open is instant.
const dialogModule = preloadable(() => import("@/features/explorer/ExploreDialog"));
const ExploreDialog = dynamic(dialogModule.load, { ssr: false });

/** Starts loading the explore dialog (on the first sign that it will be opened). */
export function preloadExplore() {
  // The dialog and the explorer it shows are two chunks: the explorer's is asked for as soon as
  // the dialog's module arrives, before the dialog renders.
  dialogModule
    .load()
    .then((dialog) => dialog.preloadExplorer())
    .catch(() => {});
}

/** The explore dialog of the shell: opened by the search button and by menu entries with a report. */
export function ExploreProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  // Mounted from the first open on, so a close animates and returns focus like any modal.
  const [used, setUsed] = useState(false);
  const [report, setReport] = useState<ExploreReport | undefined>(undefined);
  const [query, setQuery] = useState<string | undefined>(undefined);
  const open = useCallback((next?: ExploreReport, text?: string) => {
    preloadExplore();
    setReport(next);
    setQuery(text);
    setUsed(true);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  const value = useMemo(() => ({ open, close }), [open, close]);
  return (
    <ExploreContext.Provider value={value}>
      {children}
      {used && <ExploreDialog opened={opened} onClose={close} onSelect={close} report={report} query={query} />}
    </ExploreContext.Provider>
  );
}
