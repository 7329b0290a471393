"use client";

import { MantineProvider, useMantineColorScheme } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { useMemo, type ReactNode } from "react";
import { cookieColorSchemeManager, type ResolvedScheme } from "./colorScheme";
import { cssVariablesResolver, theme } from "./theme";

function ColorSchemeHotkey() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  // Spec section 2: mod+J toggles the colour scheme on every page, header shown or not.
  useHotkeys([["mod+J", () => setColorScheme(colorScheme === "dark" ? "light" : "dark")]]);
  return null;
}

export function Providers({ scheme, children }: { scheme: ResolvedScheme; children: ReactNode }) {
  const manager = useMemo(() => cookieColorSchemeManager(), []);
  return (
    <MantineProvider theme={theme} defaultColorScheme={scheme} colorSchemeManager={manager} cssVariablesResolver={cssVariablesResolver}>
      <ColorSchemeHotkey />
      {children}
    </MantineProvider>
  );
}
