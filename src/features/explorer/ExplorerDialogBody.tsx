"use client";

import { Anchor } from "@mantine/core";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { reportBySlug } from "@/domain/explorer/reports";
import { RecentlyViewedLinks } from "@/features/history/RecentlyViewed";
import type { ExploreReport } from "@/features/shell/navigation";
import { Explorer } from "./LazyExplorer";

/**
 * The shell's explore dialog: the profiles viewed recently, then the explorer with page size 12
 * and the menu's preselected report.
 */
export const SHELL_EXPLORE_PAGE_SIZE = 12;

export default function ExplorerDialogBody({ initialReport, initialQuery, onSelect }: { initialReport?: ExploreReport; initialQuery?: string; onSelect: () => void }) {
  const slug = initialReport === "subnational" ? "subnational_esp" : initialReport;
  const report = slug ? (reportBySlug(slug)?.id ?? null) : null;
  const locale = useLocale();
  const t = useTranslations("subnational.explore");
  const te = useTranslations("explorer.digitalProducts");
  return (
    <div data-testid="explorer-body" data-report={initialReport ?? "all"}>
      <div style={{ marginBottom: "var(--mantine-spacing-md)" }}>
        <RecentlyViewedLinks onSelect={onSelect} />
      </div>
      {initialReport === "subnational" && (
        // Every subnational country has a landing page; the report list below holds each country's regions.
        <div style={{ marginBottom: "var(--mantine-spacing-md)" }}>
          <Anchor component={Link} href={`/${locale}/profile/subnational`} onClick={onSelect} data-testid="explore-subnational-index">
            {t("allCountries")}
          </Anchor>
        </div>
      )}
      {initialReport === "digital-product" && report === null && (
        // Registered but without members (domain/explorer/reports.ts): say so, and link what such a profile would hold.
        <div style={{ marginBottom: "var(--mantine-spacing-md)" }} data-testid="explore-digital-products">
          {te("none")}{" "}
          <Anchor component={Link} href={`/${locale}/profile/digital-product`} onClick={onSelect}>
            {te("landing")}
          </Anchor>
        </div>
      )}
      <Explorer pageSize={SHELL_EXPLORE_PAGE_SIZE} initialReport={report} initialQuery={initialQuery} onSelect={onSelect} autoFocus />
    </div>
  );
}
