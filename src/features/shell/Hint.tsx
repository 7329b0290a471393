import type { ReactNode } from "react";
import classes from "./Hint.module.css";

/**
 * A tooltip drawn by CSS for the header's icon buttons (search, colour scheme), so the header
 * loads no floating layer (Mantine's Tooltip brings Floating UI) before its first paint.
 */
export function Hint({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className={classes.host}>
      {children}
      <span className={classes.hint} aria-hidden="true">
        {label}
      </span>
    </span>
  );
}
