import { Stack, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { QUALITY_RULES, type DescribedFlag } from "@/domain/catalog/quality";
import type { Locale } from "@/domain/i18n/locales";
import { buildProfilePath } from "@/domain/profiles/path";
import { qualitySentence } from "@/features/profiles/QualityNote";
import { TextLink } from "@/features/shell/AppLink";
import classes from "./DataAvailability.module.css";

/** The profile page showing the flagged figure: the product or section view of that year. */
function profileHref(d: DescribedFlag, locale: Locale): string | null {
  const { flag } = d;
  if (!flag.reporter || !d.reporterIsCountry) return null;
  const path = `/${locale}/profile${buildProfilePath({ report: "country", kind: "country", id: flag.reporter })}`;
  if (flag.flow !== "export") return path;
  if (d.depth === "hs4" || d.depth === "hs6") return `${path}?productYear=${flag.year}#exports-by-product`;
  if (d.depth === "section") return `${path}?year=${flag.year}#exports-by-section`;
  return path;
}

interface Group {
  dataset: string;
  year: number;
  flags: DescribedFlag[];
}

function groups(flags: readonly DescribedFlag[]): Group[] {
  const out = new Map<string, Group>();
  for (const d of flags) {
    const key = `${d.flag.dataset}|${d.flag.year}`;
    const group = out.get(key) ?? { dataset: d.flag.dataset, year: d.flag.year, flags: [] };
    group.flags.push(d);
    out.set(key, group);
  }
  return [...out.values()];
}

/**
 * Every data-quality flag of the warehouse, by rule, then by dataset and year (each group folds
 * open), each in words with a link to the profile showing the figure.
 */
export async function QualityFlags({ flags, labels, locale }: { flags: readonly DescribedFlag[]; labels: Readonly<Record<string, string>>; locale: Locale }) {
  const [t, tq] = await Promise.all([getTranslations({ locale, namespace: "dataAvailability.quality" }), getTranslations({ locale, namespace: "quality" })]);
  return (
    <Stack gap="sm" data-testid="quality-flags">
      <Title order={2} id="quality">
        {t("title")}
      </Title>
      <Text maw={900}>{t("lead")}</Text>
      {flags.length === 0 && <Text data-testid="quality-none">{t("none")}</Text>}
      {QUALITY_RULES.map((rule) => {
        const ofRule = flags.filter((d) => d.flag.rule === rule);
        if (ofRule.length === 0) return null;
        return (
          <Stack key={rule} gap={6} data-testid="quality-rule" data-rule={rule}>
            <Title order={3} size="h4">
              {tq(`rules.${rule}.title`)} <Text span c="dimmed" size="sm">({t("count", { count: ofRule.length })})</Text>
            </Title>
            <Text size="sm" maw={900}>
              {tq(`rules.${rule}.explain`)}
            </Text>
            {groups(ofRule).map((g) => (
              <details key={`${g.dataset}|${g.year}`} className={classes.qualityGroup} data-testid="quality-group" data-rule={rule} data-dataset={g.dataset} data-year={g.year}>
                <summary>
                  <Text span size="sm" fw={600}>
                    {t("group", { dataset: labels[g.dataset] ?? g.dataset, year: String(g.year), count: g.flags.length })}
                  </Text>
                </summary>
                <ul className={classes.qualityList}>
                  {g.flags.map((d) => {
                    const href = profileHref(d, locale);
                    const who = d.reporterName ?? t("wholeDataset");
                    return (
                      <li key={`${d.flag.reporter}|${d.flag.flow}|${d.flag.products.join(",")}`} data-testid="quality-flag" data-reporter={d.flag.reporter ?? ""} data-products={d.flag.products.join(" ")}>
                        {/* Plain elements: a warehouse may hold a thousand flags, and each line stays light. */}
                        <strong>{href ? <TextLink href={href}>{who}</TextLink> : who}</strong>: {qualitySentence(d, tq, locale)}
                      </li>
                    );
                  })}
                </ul>
              </details>
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
