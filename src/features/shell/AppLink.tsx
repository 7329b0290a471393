"use client";

import { Anchor, Button, type AnchorProps, type ButtonProps } from "@mantine/core";
import Link from "next/link";
import type { ReactNode } from "react";

// Mantine components rendered as next/link, for server components (which cannot pass
// `component={Link}` across the client boundary). In-app links then navigate without a reload.

export function TextLink({ href, children, ...props }: AnchorProps & { href: string; children: ReactNode }) {
  return (
    <Anchor component={Link} href={href} {...props}>
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
