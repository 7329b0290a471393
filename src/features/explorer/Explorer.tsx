"use client";

import { Alert, Box, Button, Center, CloseButton, Grid, Group, Loader, Pagination, ScrollArea, Stack, Text, TextInput } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { pageCount } from "@/domain/explorer/filters";
import type { ReportMetadata } from "@/domain/explorer/types";
import { shownCounts } from "@/domain/explorer/exactCounts";
import { combinedVariants } from "@/domain/explorer/variants";
import type { Locale } from "@/domain/i18n/locales";
import { searchReports } from "./api";
import { ReportSelector } from "./ReportSelector";
import { ResultTile } from "./ResultTile";
import { useExplorer } from "./useExplorer";

export const EXPLORER_PAGE_SIZE = 10;
const RESULT_HEIGHT_OFFSET = 50;

export interface ExplorerProps {
  pageSize?: number;
  initialReport?: number | null;
  initialVariant?: string | null;
  initialQuery?: string;
  onSelect?: () => void;
  autoFocus?: boolean;
}

function SearchIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}

/** The report explorer (spec sections 2, 4, 5 and 9): search box, report selector, tiles, pages. */
export function Explorer({ pageSize = EXPLORER_PAGE_SIZE, initialReport, initialVariant, initialQuery, onSelect, autoFocus }: ExplorerProps) {
  const t = useTranslations("explorer");
  const locale = useLocale() as Locale;
  const state = useExplorer({ locale, pageSize, initialReport, initialVariant, initialQuery });
  const { metadata, loadingMetadata, loadingItems, results, query, debouncedQuery } = state;
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | undefined>(undefined);
  const busy = loadingMetadata || loadingItems;

  // Focus returns to the search box once results finish loading, unless the visitor has moved on
  // to another control meanwhile (a dropdown would close under their hand).
  const wasLoading = useRef(false);
  useEffect(() => {
    const active = document.activeElement;
    const free = !active || active === document.body || active === inputRef.current;
    if (wasLoading.current && !loadingItems && free) inputRef.current?.focus({ preventScroll: true });
    wasLoading.current = loadingItems;
  }, [loadingItems]);

  // Result area height: window height minus its top offset minus 50 px.
  useLayoutEffect(() => {
    function measure() {
      const top = resultsRef.current?.getBoundingClientRect().top ?? 0;
      setHeight(Math.max(240, window.innerHeight - top - RESULT_HEIGHT_OFFSET));
    }
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [metadata]);

  // The profiles of every combined variant, as the empty search counts them (one small cached
  // request): the metadata multiplies a bilateral report's dimensions, more than the pairs that exist.
  const [browseCounts, setBrowseCounts] = useState<Record<string, number> | null>(null);
  useEffect(() => {
    if (!metadata) return;
    const controller = new AbortController();
    searchReports({ query: "", locale, limit: 1, offset: 0, report: null, variant: null }, controller.signal)
      .then((answer) => setBrowseCounts(answer.meta.variantCount))
      .catch(() => {});
    return () => controller.abort();
  }, [metadata, locale]);

  const selected: ReportMetadata | undefined = metadata?.find((r) => r.id === state.report);
  const variants = useMemo(() => {
    if (!selected) return [];
    return shownCounts(selected, combinedVariants(selected, t("all")), debouncedQuery, results?.meta.variantCount ?? null, browseCounts);
  }, [selected, t, debouncedQuery, results, browseCounts]);
  const reportCounts = useMemo(() => {
    const counts: Record<number, number> = {};
    for (const r of metadata ?? []) {
      const entries = shownCounts(r, combinedVariants(r, ""), debouncedQuery, results?.meta.variantCount ?? null, browseCounts);
      counts[r.id] = entries[0]?.members_count ?? 0;
    }
    return counts;
  }, [metadata, debouncedQuery, results, browseCounts]);
  const totalCount = Object.values(reportCounts).reduce((sum, n) => sum + n, 0);

  const error = state.metadataError || state.searchError;
  const total = results?.meta.total ?? 0;

  return (
    <Stack gap="md" data-testid="explorer">
      <TextInput
        ref={inputRef}
        size="lg"
        value={query}
        onChange={(event) => state.setQuery(event.currentTarget.value)}
        readOnly={busy}
        autoFocus={autoFocus}
        placeholder={t("searchPlaceholder")}
        aria-label={t("search")}
        aria-busy={busy}
        leftSection={<SearchIcon />}
        rightSectionWidth={query ? 80 : 48}
        rightSection={
          <Group gap={4} wrap="nowrap">
            {(busy || query !== debouncedQuery) && <Loader size="sm" data-testid="search-spinner" />}
            {query && <CloseButton aria-label={t("clear")} onClick={() => state.setQuery("")} data-testid="search-clear" />}
          </Group>
        }
        data-testid="search-input"
      />
      {metadata && metadata.length > 1 && (
        <ReportSelector
          reports={metadata}
          selectedReport={state.filters.profile}
          variants={variants}
          selectedVariant={state.filters.variant}
          totalCount={totalCount}
          reportCounts={reportCounts}
          onReport={state.chooseReport}
          onVariant={state.chooseVariant}
        />
      )}
      <Box ref={resultsRef}>
        {error ? (
          <Alert color="red" title={state.metadataError ? t("metadataFailed") : t("searchFailed")} data-testid="search-error">
            {state.errorMessage && (
              <Text size="sm" mb="xs">
                {state.errorMessage}
              </Text>
            )}
            <Button size="xs" variant="light" color="red" onClick={state.retry}>
              {t("retry")}
            </Button>
          </Alert>
        ) : !busy && results && results.results.length === 0 ? (
          <Alert title={t("noResults")} data-testid="no-results">
            {t("noResultsText")}
          </Alert>
        ) : (
          <ScrollArea h={height} type="auto" offsetScrollbars>
            <Stack gap="md">
              <Text size="sm" c="dimmed" aria-live="polite" data-testid="results-count" data-total={total}>
                {results ? t("resultsLabel", { count: total }) : "\u00a0"}
              </Text>
              <Grid>
                {(results?.results ?? []).map((profile) => (
                  <Grid.Col key={profile.id} span={{ base: 12, xs: 12, sm: 6, md: 4, lg: 4, xl: 3 }}>
                    <ResultTile profile={profile} locale={locale} onSelect={onSelect} />
                  </Grid.Col>
                ))}
              </Grid>
              {total > pageSize && (
                <Center>
                  <Pagination total={pageCount(total, pageSize)} value={state.page} onChange={state.setPage} disabled={busy} data-testid="pagination" />
                </Center>
              )}
            </Stack>
          </ScrollArea>
        )}
      </Box>
    </Stack>
  );
}
