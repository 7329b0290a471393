"use client";

import { ThemeIcon, Tooltip } from "@mantine/core";
import { useTranslations } from "next-intl";
import { ACADEMIC_DISCOUNT_PERCENT } from "@/domain/billing/plans";
import { AcademicIcon } from "./icons";

/** The academic icon with its discount tooltip (spec sections 1 and 6). */
export function AcademicBadge({ size = "md" }: { size?: "sm" | "md" | "lg" }) {
  const t = useTranslations("account.academic");
  const label = t("tooltip", { percent: ACADEMIC_DISCOUNT_PERCENT });
  return (
    <Tooltip label={label} multiline w={240} withArrow events={{ hover: true, focus: true, touch: true }}>
      <ThemeIcon variant="light" color="teal" radius="xl" size={size} tabIndex={0} role="img" aria-label={label} data-testid="academic-badge">
        <AcademicIcon size={size === "sm" ? 14 : 18} />
      </ThemeIcon>
    </Tooltip>
  );
}
