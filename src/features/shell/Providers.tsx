"use client";

import { MantineProvider, useMantineColorScheme } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import type { Session } from "next-auth";
import { usePathname } from "next/navigation";
import { useMemo, type ReactNode } from "react";
import type { Consent } from "@/domain/consent/consent";
import { splitLocale } from "@/domain/i18n/locales";
import { ConsentProvider } from "@/features/consent/ConsentProvider";
import { SessionStoreProvider } from "@/features/session/SessionStore";
import { HistorySync } from "@/features/history/HistorySync";
import { cookieColorSchemeManager, type ResolvedScheme } from "./colorScheme";
import { sessionRefetchFor } from "./session";
import { WelcomeNotice } from "./WelcomeNotice";
import { cssVariablesResolver, theme } from "./theme";

function ColorSchemeHotkey() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  // Spec section 2: mod+J toggles the colour scheme on every page, header shown or not.
  useHotkeys([["mod+J", () => setColorScheme(colorScheme === "dark" ? "light" : "dark")]]);
  return null;
}

interface ProvidersProps {
  scheme: ResolvedScheme;
  /** The server's session; undefined on cached public pages (the client asks for it). */
  session: Session | null | undefined;
  consent: Consent;
  /** The analytics tag's container id; null loads no tag at all. */
  tagId: string | null;
  children: ReactNode;
}

export function Providers({ scheme, session, consent, tagId, children }: ProvidersProps) {
  const manager = useMemo(() => cookieColorSchemeManager(), []);
  const refetch = sessionRefetchFor(splitLocale(usePathname() ?? "/").rest);
  return (
    // The server's session seeds the provider, so the header renders signed in without a flash.
    <SessionStoreProvider session={session} refetchInterval={refetch.refetchInterval} refetchOnWindowFocus={refetch.refetchOnWindowFocus}>
      <MantineProvider theme={theme} defaultColorScheme={scheme} colorSchemeManager={manager} cssVariablesResolver={cssVariablesResolver}>
        <ColorSchemeHotkey />
        <ConsentProvider initialConsent={consent} tagId={tagId}>
          <HistorySync />
          <WelcomeNotice />
          {children}
        </ConsentProvider>
      </MantineProvider>
    </SessionStoreProvider>
  );
}
