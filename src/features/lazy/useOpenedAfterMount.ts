"use client";

import { useEffect, useState } from "react";

/**
 * For a dialog or drawer whose module loads on first open: it mounts closed and opens one frame
 * later. Mantine's modals note the element to give focus back to when `opened` changes, not on
 * mount, so a modal mounted already open would leave focus on the page's body when it closes.
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return opened && mounted;
}
