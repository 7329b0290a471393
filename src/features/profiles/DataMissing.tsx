import { Alert } from "@mantine/core";
import { Container } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { warehouseStatus } from "@/server/catalog/status";

/** What data pages show when the server has no warehouse: where it looked, and how to fix it. */
export async function DataMissing({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "dataStatus" });
  const status = warehouseStatus();
  return (
    <Container size="md" py="xl">
      <Alert color="yellow" title={t("missingTitle")} data-testid="data-missing">
        {t("missingBody", { places: [status.path, ...status.lookedIn].join(", ") })}
      </Alert>
    </Container>
  );
}
