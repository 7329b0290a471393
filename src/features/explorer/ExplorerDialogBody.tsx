"use client";

import { Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { ExploreReport } from "@/features/shell/navigation";

/** The explore dialog's content. */
export default function ExplorerDialogBody({ initialReport }: { initialReport?: ExploreReport; onSelect: () => void }) {
  const t = useTranslations("planned");
  return (
    <Text data-report={initialReport ?? "all"} data-testid="explorer-body">
      {t("badge")}
    </Text>
  );
}
