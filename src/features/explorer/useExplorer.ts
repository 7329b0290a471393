"use client";

import { useDebouncedValue } from "@mantine/hooks";
import { useCallback, useEffect, useMemo, useState } from "react";
import { effectiveReport, pageOffset, toggleReport, toggleVariant, type ExplorerFilters } from "@/domain/explorer/filters";
import type { ReportMetadata, SearchResponse } from "@/domain/explorer/types";
import { fetchMetadata, searchReports } from "./api";

export const EXPLORER_DEBOUNCE_MS = 750;

export interface ExplorerOptions {
  locale: string;
  pageSize: number;
  initialReport?: number | null;
  initialVariant?: string | null;
  initialQuery?: string;
}

/** The explorer's state machine (spec section 4, "Explorer"). */
export function useExplorer({ locale, pageSize, initialReport = null, initialVariant = null, initialQuery = "" }: ExplorerOptions) {
  const [metadata, setMetadata] = useState<ReportMetadata[] | null>(null);
  const [metadataError, setMetadataError] = useState(false);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [metadataAttempt, setMetadataAttempt] = useState(0);
  const [filters, setFilters] = useState<ExplorerFilters>({ profile: initialReport, variant: initialReport ? initialVariant : null });
  const [query, setQuery] = useState(initialQuery);
  const [debouncedQuery] = useDebouncedValue(query, EXPLORER_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  // Each answer remembers the request it answers: loading is "the latest answer is for another request".
  const [answer, setAnswer] = useState<{ key: string; data: SearchResponse } | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const [searchAttempt, setSearchAttempt] = useState(0);
  const loadingMetadata = metadata === null && !metadataError;

  // Metadata is fetched once (again only on an explicit retry).
  useEffect(() => {
    const controller = new AbortController();
    fetchMetadata(locale, controller.signal)
      .then((data) => {
        setMetadata(data);
        setMetadataError(false);
      })
      .catch((error: Error) => {
        if (error.name === "AbortError") return;
        console.error(error);
        setErrorMessage(error.message);
        setMetadataError(true);
      });
    return () => controller.abort();
  }, [locale, metadataAttempt]);

  const reportIds = useMemo(() => (metadata ?? []).map((r) => r.id), [metadata]);
  const report = effectiveReport(filters, reportIds);

  // A change of debounced query or filters starts again from page 1.
  const [lastKey, setLastKey] = useState("");
  const searchKey = `${debouncedQuery}\u0000${report}\u0000${filters.variant}`;
  if (metadata && searchKey !== lastKey) {
    setLastKey(searchKey);
    setPage(1);
  }

  const requestKey = `${searchKey}\u0000${page}\u0000${searchAttempt}`;
  useEffect(() => {
    if (!metadata) return;
    const controller = new AbortController();
    searchReports(
      { query: debouncedQuery, locale, limit: pageSize, offset: pageOffset(page, pageSize), report, variant: filters.variant },
      controller.signal,
    )
      .then((data) => setAnswer({ key: requestKey, data }))
      .catch((error: Error) => {
        if (error.name === "AbortError") return;
        console.error(error);
        setErrorMessage(error.message);
        setFailedKey(requestKey);
      });
    return () => controller.abort();
  }, [metadata, debouncedQuery, locale, pageSize, page, report, filters.variant, requestKey]);

  const searchError = failedKey === requestKey;
  const loadingItems = metadata !== null && answer?.key !== requestKey && !searchError;
  const results = answer?.data ?? null;

  const chooseReport = useCallback((id: number | null) => setFilters((f) => toggleReport(f, id)), []);
  const chooseVariant = useCallback((id: string | null) => setFilters((f) => toggleVariant(f, id)), []);
  const retry = useCallback(() => {
    if (metadataError) {
      setMetadataError(false);
      setMetadataAttempt((n) => n + 1);
    } else {
      setSearchAttempt((n) => n + 1);
    }
  }, [metadataError]);

  return {
    metadata,
    metadataError,
    errorMessage,
    loadingMetadata,
    loadingItems,
    searchError,
    query,
    setQuery,
    debouncedQuery,
    filters,
    report,
    chooseReport,
    chooseVariant,
    page,
    setPage,
    results,
    retry,
  };
}
