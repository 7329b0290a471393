"use client";

import { ActionIcon } from "@mantine/core";
import { useTranslations } from "next-intl";
import { preloadExplore, useExplore } from "./explore";
import { Hint } from "./Hint";
import { intentProps } from "@/features/lazy/preloadable";

export function SearchButton() {
  const t = useTranslations("nav");
  const explore = useExplore();
  return (
    <Hint label={t("search")}>
      <ActionIcon variant="default" size="lg" aria-label={t("search")} onClick={() => explore.open()} {...intentProps(preloadExplore)} data-testid="search-button">
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5" />
        </svg>
      </ActionIcon>
    </Hint>
  );
}
