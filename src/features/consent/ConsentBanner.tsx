"use client";

import { Anchor, Box, Button, Container, Group, Text } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useEffect } from "react";
import { intentProps } from "@/features/lazy/preloadable";
import { useConsent } from "./context";
import { preloadPreferences } from "./preferencesModule";
import classes from "./Consent.module.css";

/**
 * The first-visit consent dialog (spec section 2): a bar along the bottom that leaves the page
 * usable (no overlay, no focus trap); the page gets room below its end for it (the CSS variable
 * --consent-banner-space), so it never hides the footer.
 * It sits early in the document so keyboard users reach it right after the skip link.
 */
export function ConsentBanner() {
  const t = useTranslations("consent");
  const locale = useLocale();
  const { decided, decide, openPreferences, preferencesOpen } = useConsent();
  const { ref, height } = useElementSize();
  // The customise modal takes over while it is open.
  const shown = !decided && !preferencesOpen;
  useEffect(() => {
    if (!shown) return;
    const root = document.documentElement;
    // The bar's padding and border are outside the measured content.
    root.style.setProperty("--consent-banner-space", `${Math.ceil(height) + 40}px`);
    return () => {
      root.style.removeProperty("--consent-banner-space");
    };
  }, [shown, height]);
  if (!shown) return null;
  return (
    <section className={classes.banner} aria-labelledby="consent-title" aria-describedby="consent-text" data-testid="consent-banner">
      <div ref={ref}>
        <Container size="lg">
          <Group justify="space-between" align="center" gap="md" wrap="wrap">
            <Box className={classes.bannerText}>
              <Text component="h2" fw={700} size="md" id="consent-title" mb={4}>
                {t("banner.title")}
              </Text>
              <Text size="sm" id="consent-text">
                {t.rich("banner.text", {
                  link: (chunks) => (
                    <Anchor component={Link} href={`/${locale}/resources/privacy`} inherit underline="always">
                      {chunks}
                    </Anchor>
                  ),
                })}
              </Text>
            </Box>
            <Group gap="sm" className={classes.bannerActions} grow preventGrowOverflow={false}>
              <Button variant="default" onClick={openPreferences} {...intentProps(preloadPreferences)} data-testid="consent-customise">
                {t("customise")}
              </Button>
              <Button onClick={() => decide({ type: "rejectAll" })} data-testid="consent-reject-all">
                {t("rejectAll")}
              </Button>
              <Button onClick={() => decide({ type: "acceptAll" })} data-testid="consent-accept-all">
                {t("acceptAll")}
              </Button>
            </Group>
          </Group>
        </Container>
      </div>
    </section>
  );
}

/** "Cookie preferences": opens the customise modal from the footer and elsewhere. */
export function CookiePreferencesLink({ size = "sm" }: { size?: "xs" | "sm" }) {
  const t = useTranslations("consent");
  const { openPreferences } = useConsent();
  return (
    <Anchor component="button" type="button" size={size} onClick={openPreferences} {...intentProps(preloadPreferences)} ta="left" data-testid="cookie-preferences">
      {t("preferences")}
    </Anchor>
  );
}
