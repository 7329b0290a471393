"use client";

import { useEffect, useState, type ReactNode } from "react";
import { loadSvg } from "@/domain/svgSource";

export type SvgLoaderState = "loading" | "ok" | "failed";

/**
 * Loads an SVG source and shows it, or its children when it fails (spec sections 5 and 8): only an
 * svg or plain-text answer is accepted, a status above 299 counts as not found, and a failure
 * renders `children` (or nothing). The checked source is drawn by an <img>, never inlined, so a
 * hostile SVG cannot run script in the page; the browser takes it from its cache.
 */
export function SvgLoader({ src, alt, className, children }: { src: string; alt: string; className?: string; children?: ReactNode }) {
  // The outcome is kept with the source it is of: a new `src` is "loading" until its own answer.
  const [result, setResult] = useState<{ src: string; state: SvgLoaderState } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void loadSvg(src, (input, init) => fetch(input, init), controller.signal).then((outcome) => {
      if (!controller.signal.aborted) setResult({ src, state: outcome.ok ? "ok" : "failed" });
    });
    return () => controller.abort();
  }, [src]);
  const state = result?.src === src ? result.state : "loading";
  return (
    <SvgLoaderView state={state} src={src} alt={alt} className={className} onError={() => setResult({ src, state: "failed" })}>
      {children}
    </SvgLoaderView>
  );
}

/** What the loader shows in each state: a sized placeholder, the image, or the children (or nothing). */
export function SvgLoaderView({ state, src, alt, className, onError, children }: { state: SvgLoaderState; src: string; alt: string; className?: string; onError?: () => void; children?: ReactNode }) {
  if (state === "failed") return <>{children ?? null}</>;
  if (state === "loading") return <span className={className} aria-busy="true" data-svg-loader="loading" />;
  // eslint-disable-next-line @next/next/no-img-element -- a checked SVG; the optimiser adds nothing
  return <img src={src} alt={alt} className={className} loading="lazy" onError={onError} />;
}
