import { getTranslations } from "next-intl/server";
import type { TableLabels } from "@/domain/charts/table";
import type { Locale } from "@/domain/i18n/locales";

/** Column names of a chart's table and CSV, from the "charts" messages (server side), with the given measures. */
export async function chartTableLabels(locale: Locale, measures: readonly string[] = []): Promise<TableLabels> {
  const c = await getTranslations({ locale, namespace: "charts" });
  return {
    code: c("table.code"),
    name: c("table.name"),
    group: c("table.group"),
    year: c("table.year"),
    value: c("table.value"),
    share: c("table.share"),
    rca: c("table.rca"),
    worldTrade: c("worldTrade"),
    measures: Object.fromEntries(measures.map((k) => [k, c(`measures.${k}`)])),
  };
}
