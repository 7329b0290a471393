"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { splitLocale } from "@/domain/i18n/locales";
import { ConsentBanner } from "@/features/consent/ConsentBanner";
import { Banner } from "./Banner";
import { BANNERS } from "./banners";
import { chromeFor } from "./chrome";
import { ErrorBoundary } from "./ErrorBoundary";
import { ExploreProvider } from "./explore";
import { RouteLoading } from "./RouteLoading";
import classes from "./Frame.module.css";

interface FrameProps {
  header: ReactNode;
  footer: ReactNode;
  proLabel: string;
  skipLabel: string;
  children: ReactNode;
}

/** Header, optional banner, main and footer; which of them show is decided per route by chromeFor. */
export function Frame({ header, footer, proLabel, skipLabel, children }: FrameProps) {
  const pathname = usePathname() ?? "/";
  const path = splitLocale(pathname).rest;
  const chrome = chromeFor(path);
  return (
    <ExploreProvider>
      <div className={classes.frame} data-pro={chrome.pro || undefined} data-home={path === "/" || undefined}>
        <a href="#main" className={classes.skip}>
          {skipLabel}
        </a>
        <ConsentBanner />
        <RouteLoading />
        {chrome.pro && <div className={classes.proBar} aria-label={proLabel} role="img" data-testid="pro-bar" />}
        {chrome.header && header}
        {chrome.banner && <Banner items={BANNERS} />}
        <main id="main" className={classes.main} tabIndex={-1}>
          <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>
        </main>
        {chrome.footer && footer}
      </div>
    </ExploreProvider>
  );
}
