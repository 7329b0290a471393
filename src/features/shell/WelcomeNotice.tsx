"use client";

import { Box, Notification } from "@mantine/core";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { takeSignupMarker } from "@/features/history/adopt";
import { useSessionUser } from "@/features/session/useSessionUser";

/**
 * The word a new account gets on the page sign-up leads to: welcome, what the free account does,
 * and that the profiles viewed as a guest are kept. Shown once, until closed.
 */
export function WelcomeNotice() {
  const t = useTranslations("auth.welcome");
  const { user, known } = useSessionUser();
  const [viewed, setViewed] = useState<number | null>(null);
  // Sign-up signs in, then navigates: look again when the page changes.
  const pathname = usePathname();
  useEffect(() => {
    if (!known || !user) return;
    const marker = takeSignupMarker();
    // Taken once: shown after this commit (not cancelled by a re-run, which finds no marker).
    if (marker !== null) void Promise.resolve().then(() => setViewed(marker));
  }, [known, user, pathname]);
  if (viewed === null || !user) return null;
  return (
    <Box pos="fixed" top={76} left={0} right={0} px="md" style={{ zIndex: 250, display: "flex", justifyContent: "center", pointerEvents: "none" }}>
      <Notification
        color="teal"
        title={user.name ? t("title", { name: user.name }) : t("titleNoName")}
        onClose={() => setViewed(null)}
        closeButtonProps={{ "aria-label": t("close") }}
        maw={520}
        w="100%"
        style={{ pointerEvents: "auto" }}
        data-testid="welcome"
        data-viewed={viewed}
        role="status"
      >
        {t("body")}
        {viewed > 0 ? ` ${t("historyKept", { count: viewed })}` : ""}
      </Notification>
    </Box>
  );
}
