"use client";

import { Box, Notification } from "@mantine/core";
import { useTranslations } from "next-intl";

interface WelcomeToastProps {
  /** The new account's name, when it gave one. */
  name: string | null;
  /** Profiles viewed as a guest and kept in the new account. */
  viewed: number;
  onClose: () => void;
}

/** The welcome note itself; WelcomeNotice loads it only for a new account, never with the page. */
export default function WelcomeToast({ name, viewed, onClose }: WelcomeToastProps) {
  const t = useTranslations("auth.welcome");
  return (
    <Box pos="fixed" top={76} left={0} right={0} px="md" style={{ zIndex: 250, display: "flex", justifyContent: "center", pointerEvents: "none" }}>
      <Notification
        color="teal"
        title={name ? t("title", { name }) : t("titleNoName")}
        onClose={onClose}
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
