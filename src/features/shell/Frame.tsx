"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { splitLocale } from "@/domain/i18n/locales";
import { chromeFor } from "./chrome";
import classes from "./Frame.module.css";

interface FrameProps {
  header: ReactNode;
  banner?: ReactNode;
  footer: ReactNode;
  proLabel: string;
  skipLabel: string;
  children: ReactNode;
}

/** Header, optional banner, main and footer; which of them show is decided per route by chromeFor. */
export function Frame({ header, banner, footer, proLabel, skipLabel, children }: FrameProps) {
  const pathname = usePathname() ?? "/";
  const chrome = chromeFor(splitLocale(pathname).rest);
  return (
    <div className={classes.frame} data-pro={chrome.pro || undefined}>
      <a href="#main" className={classes.skip}>
        {skipLabel}
      </a>
      {chrome.pro && <div className={classes.proBar} role="presentation" aria-label={proLabel} data-testid="pro-bar" />}
      {chrome.header && header}
      {chrome.banner && banner}
      <main id="main" className={classes.main} tabIndex={-1}>
        {children}
      </main>
      {chrome.footer && footer}
    </div>
  );
}
