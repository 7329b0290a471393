"use client";

import { Loader, Stack, Text } from "@mantine/core";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { LOADING_BAR_SPEED_MS, loadingFor, opensInPlace, type RouteLoading as Mode } from "./routeLoading";
import classes from "./RouteLoading.module.css";

/**
 * The top loading bar and the full-page loading state. Starts on a click on a same-site link to a
 * different path; ends when the path changes (navigation done) or after a timeout (it failed).
 * Links handled in place (`opensInPlace`: the explore dialog's menu items) never start it.
 */
export function RouteLoading() {
  const t = useTranslations("common");
  const pathname = usePathname();
  // The path the navigation started from: once the current path differs, it has completed.
  const [loading, setLoading] = useState<{ mode: Mode; from: string | null }>({ mode: "none", from: null });
  const failsafe = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!anchor || anchor.target === "_blank" || anchor.hasAttribute("download")) return;
      // A menu item that opens the explore dialog keeps its href for crawlers but never navigates:
      // no overlay for it (the overlay would stay until the failsafe).
      const next = loadingFor(new URL(window.location.href), new URL(anchor.href, window.location.href), opensInPlace(anchor));
      if (next === "none") return;
      setLoading({ mode: next, from: window.location.pathname });
      if (failsafe.current) clearTimeout(failsafe.current);
      failsafe.current = setTimeout(() => setLoading({ mode: "none", from: null }), 15_000);
    }
    // Capture phase: next/link cancels the browser's navigation (preventDefault) to route itself.
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  const done = loading.from !== null && loading.from !== pathname;
  useEffect(() => {
    if (!done) return;
    if (failsafe.current) clearTimeout(failsafe.current);
    const timer = setTimeout(() => setLoading({ mode: "none", from: null }), 300);
    return () => clearTimeout(timer);
  }, [done]);

  const mode = loading.mode;
  if (mode === "none") return null;
  return (
    <>
      <div
        className={classes.bar}
        data-done={done || undefined}
        style={{ ["--speed" as string]: `${LOADING_BAR_SPEED_MS}ms` }}
        role="progressbar"
        aria-label={t("loading")}
        data-testid="loading-bar"
      />
      {mode === "full-page" && !done && (
        <div className={classes.overlay} data-testid="full-page-loading">
          <Stack align="center" gap="sm">
            <Loader size="lg" />
            <Text>{t("loading")}</Text>
          </Stack>
        </div>
      )}
    </>
  );
}
