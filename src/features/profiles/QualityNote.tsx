import { Alert } from "@mantine/core";
import { List, ListItem, Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { isUnspecified, type DescribedFlag } from "@/domain/catalog/quality";
import { formatGrowth, formatNumber, formatPercent, formatUsd, formatList } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import { formatShare } from "./format";

export type QualityTranslator = Awaited<ReturnType<typeof getTranslations<"quality">>>;

/** Money in the flag's currency: compact, or in full where two near-equal figures must stay apart. */
function money(value: number, d: DescribedFlag, locale: Locale, compact: boolean): string {
  return formatUsd(value, locale, { compact, ...(d.currency !== "USD" ? { currency: d.currency } : {}) });
}

/** A product as "Platinum (7110)"; the code alone where the name is the code. */
function productLabel(name: string, code: string): string {
  return name === code ? code : `${name} (${code})`;
}

/** One flag in words, in the page's language, its figures formatted by src/domain/format. */
export function qualitySentence(d: DescribedFlag, t: QualityTranslator, locale: Locale): string {
  const { flag } = d;
  const flow = t(`flows.${flag.flow ?? "export"}`);
  // "Unspecified" is a line of the data with an English-only name in the nomenclature: said in the page's language.
  const products = flag.products.map((code, i) => productLabel(isUnspecified(code) ? t("unspecifiedName") : (d.productNames[i] ?? code), code));
  switch (flag.rule) {
    case "sibling_duplicate":
      return t("sentence.sibling_duplicate", {
        products: formatList(products, locale),
        year: String(flag.year),
        flow,
        values: formatList(flag.values.map((v) => money(v, d, locale, false)), locale),
        difference: formatPercent(flag.params.difference, locale, { significant: 2 }),
      });
    case "unspecified_top":
      return t("sentence.unspecified_top", {
        product: products[0] ?? "",
        rank: flag.params.rank,
        year: String(flag.year),
        flow,
        value: money(flag.values[0] ?? 0, d, locale, true),
        share: formatShare(flag.params.share, locale),
      });
    case "total_jump":
      return t("sentence.total_jump", {
        flow,
        change: formatGrowth(flag.params.change, locale),
        previousYear: String(flag.params.previousYear),
        year: String(flag.year),
        previousValue: money(flag.values[0] ?? 0, d, locale, true),
        value: money(flag.values[1] ?? 0, d, locale, true),
        withReporters: flag.params.reporters > 0 ? "yes" : "no",
        previousReporters: formatNumber(flag.params.previousReporters, locale),
        reporters: formatNumber(flag.params.reporters, locale),
      });
    case "partial_year":
      return flag.params.kind === "one_flow"
        ? t("sentence.partial_one_flow", { flow: t(`flows.${flag.params.missing}`), year: String(flag.year) })
        : t("sentence.partial_few_products", {
            year: String(flag.year),
            flow,
            products: formatNumber(flag.params.products, locale),
            neighbourProducts: formatNumber(flag.params.neighbourProducts, locale),
            neighbourYear: String(flag.params.neighbourYear),
          });
  }
}

/**
 * A short note beside a flagged figure: what the importer found in the data behind it. Renders
 * nothing without flags; the section passes only flags of the dataset and year it shows.
 */
export async function QualityNote({ flags, locale }: { flags: readonly DescribedFlag[]; locale: Locale }) {
  if (flags.length === 0) return null;
  const t = await getTranslations({ locale, namespace: "quality" });
  const sentences = flags.map((d) => ({ key: `${d.flag.rule}|${d.flag.flow}|${d.flag.products.join(",")}|${d.flag.year}`, text: qualitySentence(d, t, locale), rule: d.flag.rule }));
  return (
    <Alert variant="light" color="yellow" title={t("noteLabel")} data-testid="quality-note" role="note" my="xs" p="xs">
      {sentences.length === 1 ? (
        <Text size="sm" data-rule={sentences[0].rule}>
          {sentences[0].text}
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {sentences.map((s) => (
            <ListItem key={s.key} data-rule={s.rule}>
              {s.text}
            </ListItem>
          ))}
        </List>
      )}
    </Alert>
  );
}
