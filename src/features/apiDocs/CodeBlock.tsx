import { Code, type MantineSpacing } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A code block that may scroll sideways: focusable, so a keyboard can scroll it (axe
 * "scrollable-region-focusable"), and a named region, so a screen reader says what it holds.
 * Labels must differ between the blocks of one page (each is a landmark).
 */
export function CodeBlock({ label, children, mb, testId }: { label: string; children: ReactNode; mb?: MantineSpacing; testId?: string }) {
  return (
    <Code block tabIndex={0} role="region" aria-label={label} mb={mb} data-testid={testId}>
      {children}
    </Code>
  );
}
