"use client";

import { useEffect, useState, type RefObject } from "react";

/** How far below (and above) the screen a chart starts loading: about half a phone screen ahead. */
export const NEAR_MARGIN = "400px 0px";

/**
 * Whether the element has come near the screen (and stays true once it has): charts load their
 * code and rows then, not with the page. Without IntersectionObserver (old browsers, tests), at once.
 */
export function useNearScreen(element: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    const target = element.current;
    if (!target || typeof IntersectionObserver === "undefined") {
      // Nothing to watch with: load at once (after this render, as an observer would call back).
      const now = setTimeout(() => setNear(true), 0);
      return () => clearTimeout(now);
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: NEAR_MARGIN });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}
