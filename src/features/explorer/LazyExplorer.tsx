"use client";

import { Center, Loader } from "@mantine/core";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { preloadable } from "@/features/lazy/preloadable";
import type { ExplorerProps } from "./Explorer";

function ExplorerLoading() {
  const t = useTranslations("common");
  return (
    <Center py="xl">
      <Loader size="md" role="status" aria-label={t("loading")} />
    </Center>
  );
}

// One import expression for rendering and preloading, so both reach the same chunk.
const explorerModule = preloadable(() => import("./Explorer"));

/**
 * The report explorer as its own chunk, the one way every page and dialog reaches it: the search
 * box, selector and tiles then exist once in the build instead of once per entry that used them
 * (a profile page and its not-found boundary each carried a copy in their first load). Rendered
 * on the server where a page shows it at once (the profile landings, the profile 404).
 */
export const Explorer = dynamic<ExplorerProps>(() => explorerModule.load().then((m) => m.Explorer), { loading: () => <ExplorerLoading /> });

/** Starts loading the explorer (on the first sign that a dialog holding it will open). */
export function preloadExplorer() {
  explorerModule.preload();
}
