"use client";

import { Button } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useState } from "react";

/** Copies the page URL, which holds the whole scenario. */
export function ShareLink() {
  const t = useTranslations("tariff.results");
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="default"
      size="xs"
      data-testid="tariff-share"
      onClick={() => {
        void navigator.clipboard?.writeText(window.location.href).then(
          () => {
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          },
          () => setCopied(false),
        );
      }}
    >
      {copied ? t("copied") : t("share")}
    </Button>
  );
}
