import "katex/dist/katex.min.css";
import { Anchor, Box, List, ListItem, Stack, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { renderFormula } from "@/features/methods/formulas";
import { TextLink } from "@/features/shell/AppLink";
import { TARIFF_FORMULAS, TARIFF_NOTATION, TARIFF_REFERENCES } from "./formulas";

export const TARIFF_PATH = "/tariff-simulator-report";
export const TARIFF_METHOD_PATH = "/resources/methods/tariff-simulator";

function Formula({ tex }: { tex: string }) {
  return <Box className="formula" style={{ overflowX: "auto", overflowY: "hidden" }} dangerouslySetInnerHTML={{ __html: renderFormula(tex) }} />;
}

/** The model, its equations, defaults and sources; on the simulator page and on its methods page. */
export async function TariffMethod({ locale, headingOrder = 2, link }: { locale: Locale; headingOrder?: 2 | 3; link: "simulator" | "method" }) {
  const t = await getTranslations({ locale, namespace: "tariff.method" });
  const sub = (headingOrder + 1) as 3 | 4;
  return (
    <Stack gap="sm" data-testid="tariff-method">
      <Title order={headingOrder} id="method">
        {t("heading")}
      </Title>
      <Text>{t("intro")}</Text>
      <Title order={sub}>{t("creationTitle")}</Title>
      <Text>{t("creation")}</Text>
      {TARIFF_FORMULAS.creation.map((tex) => (
        <Formula key={tex} tex={tex} />
      ))}
      <Title order={sub}>{t("diversionTitle")}</Title>
      <Text>{t("diversion")}</Text>
      {TARIFF_FORMULAS.diversion.map((tex) => (
        <Formula key={tex} tex={tex} />
      ))}
      <Title order={sub}>{t("revenueTitle")}</Title>
      <Text>{t("revenue")}</Text>
      {TARIFF_FORMULAS.revenue.map((tex) => (
        <Formula key={tex} tex={tex} />
      ))}
      <Formula tex={TARIFF_NOTATION} />
      <Title order={sub}>{t("elasticitiesTitle")}</Title>
      <Text>{t("elasticities")}</Text>
      <Title order={sub}>{t("baselineTitle")}</Title>
      <Text>{t("baseline")}</Text>
      <Title order={sub}>{t("referencesTitle")}</Title>
      <List size="sm" spacing={4}>
        {TARIFF_REFERENCES.map((r) => (
          // A cited work keeps its own title and language.
          <ListItem key={r.text} lang="en">
            {r.url ? (
              <Anchor href={r.url} target="_blank" rel="noreferrer">
                {r.text}
              </Anchor>
            ) : (
              r.text
            )}
          </ListItem>
        ))}
      </List>
      <TextLink href={`/${locale}${link === "simulator" ? TARIFF_PATH : TARIFF_METHOD_PATH}`} data-testid={`tariff-link-${link}`}>
        {link === "simulator" ? t("backToSimulator") : t("readMore")}
      </TextLink>
    </Stack>
  );
}
