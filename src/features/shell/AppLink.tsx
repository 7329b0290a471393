"use client";

import { Anchor, Button, Card, type AnchorProps, type ButtonProps, type CardProps } from "@mantine/core";
import Link from "next/link";
import type { ReactNode } from "react";

// Mantine components rendered as next/link, for server components (which cannot pass
// `component={Link}` across the client boundary). In-app links then navigate without a reload.

/** A link inside running text: underlined, so it is told apart from the text by more than colour (WCAG 1.4.1). */
export function TextLink({ href, children, underline = "always", ...props }: AnchorProps & { href: string; children: ReactNode }) {
  return (
    <Anchor component={Link} href={href} underline={underline} {...props}>
      {children}
    </Anchor>
  );
}

export function ButtonLink({ href, children, ...props }: ButtonProps & { href: string; children: ReactNode }) {
  return (
    <Button component={Link} href={href} {...props}>
      {children}
    </Button>
  );
}

/** A card that is one link as a whole (featured profiles, the home page's ways in). */
export function CardLink({ href, children, ...props }: CardProps & { href: string; children: ReactNode; "data-featured"?: string; "data-feature"?: string }) {
  return (
    <Card component={Link} href={href} {...props}>
      {children}
    </Card>
  );
}
