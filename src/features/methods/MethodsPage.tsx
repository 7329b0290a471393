import "katex/dist/katex.min.css";
import { ScrollArea } from "@mantine/core";
import { Anchor, Box, Container, List, ListItem, Paper, Stack, Table, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { periodLabel, setLabel, setPath } from "@/features/rankings/ComplexityRankingPage";
import { decimalSeparator, formatPercent } from "@/domain/format";
import { integer, localised, usd } from "@/features/rankings/parts";
import { TextLink } from "@/features/shell/AppLink";
import { complexityExclusions, complexityRuns, getComplexitySet, type ComplexityRun } from "@/server/catalog/complexity";
import { isWarehouseError } from "@/server/catalog/status";
import { FORMULAS, MEASURE_IDS, renderFormula, type MeasureId } from "./formulas";

/** How our engine compares with the two reference packages, as measured by the fixture tests. */
type Agreement = { kind: "exact" } | { kind: "within"; bound: string; measured?: string } | { kind: "correlation"; value: string };

export const COMPARISONS: readonly { id: string; reference: "r" | "py" | "both"; agreement: Agreement }[] = [
  { id: "binary", reference: "r", agreement: { kind: "exact" } },
  { id: "proximity", reference: "r", agreement: { kind: "exact" } },
  { id: "fitness", reference: "r", agreement: { kind: "within", bound: "1 × 10⁻⁹", measured: "1.6 × 10⁻¹⁵" } },
  { id: "rca", reference: "py", agreement: { kind: "within", bound: "1 × 10⁻⁹" } },
  { id: "relatedness", reference: "py", agreement: { kind: "within", bound: "1 × 10⁻⁹" } },
  { id: "opportunityGain", reference: "py", agreement: { kind: "within", bound: "1 × 10⁻⁹" } },
  { id: "reflections", reference: "py", agreement: { kind: "within", bound: "5 × 10⁻⁸", measured: "2.0 × 10⁻⁸" } },
  { id: "eigenvector", reference: "py", agreement: { kind: "correlation", value: "0.9999" } },
];

const REFERENCES = {
  r: "economiccomplexity 2.0.0 (R)",
  py: "py-economic-complexity 0.3.0 (Python)",
  both: "economiccomplexity 2.0.0, py-economic-complexity 0.3.0",
};

function Formula({ tex }: { tex: string }) {
  return <Box className="formula" style={{ overflowX: "auto", overflowY: "hidden" }} dangerouslySetInnerHTML={{ __html: renderFormula(tex) }} />;
}

async function loadRuns(): Promise<{ run: ComplexityRun; reasons: Map<string, number> }[] | null> {
  try {
    const runs = (await complexityRuns()).filter((r) => r.status !== "failed" || r.inputCountries > 0);
    return await Promise.all(
      runs.map(async (run) => {
        const reasons = new Map<string, number>();
        for (const e of await complexityExclusions(run.set, run.year)) reasons.set(`${e.kind}:${e.reason}`, (reasons.get(`${e.kind}:${e.reason}`) ?? 0) + 1);
        return { run, reasons };
      }),
    );
  } catch (error) {
    if (isWarehouseError(error) && error.code === "warehouse_unavailable") return null;
    throw error;
  }
}

/**
 * /resources/methods: what each measure means, its formula (KaTeX, rendered on the server), the
 * filters and what they left out in this warehouse, and how the engine compares with the
 * reference packages.
 */
export async function MethodsPage({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "methods" });
  const tr = await getTranslations({ locale, namespace: "rankings" });
  const runs = await loadRuns();
  const reasonLabel = (key: string) => (t.has(`filters.reasons.${key.replace(":", ".")}`) ? t(`filters.reasons.${key.replace(":", ".")}`) : key);

  return (
    <Container size="md" py={48}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{t("title")}</Title>
          <Text size="lg">{t("intro")}</Text>
          <Text>{t("notation")}</Text>
          <nav aria-label={t("contents")}>
            <List size="sm" spacing={2}>
              {MEASURE_IDS.map((id) => (
                <ListItem key={id}>
                  <Anchor href={`#${id}`}>{t(`measures.${id}.title`)}</Anchor>
                </ListItem>
              ))}
              <ListItem>
                <Anchor href="#filters">{t("filters.title")}</Anchor>
              </ListItem>
              <ListItem>
                <Anchor href="#comparison">{t("comparison.title")}</Anchor>
              </ListItem>
            </List>
          </nav>
        </Stack>

        <Stack gap="lg" data-testid="measures">
          {MEASURE_IDS.map((id: MeasureId) => (
            <Stack key={id} gap={6} id={id} style={{ scrollMarginTop: 90 }}>
              <Title order={2} size="h3">
                {t(`measures.${id}.title`)}
              </Title>
              <Text>{t(`measures.${id}.text`)}</Text>
              {FORMULAS[id].map((tex) => (
                <Formula key={tex} tex={tex} />
              ))}
              {t.has(`measures.${id}.note`) ? (
                <Text size="sm" c="dimmed">
                  {t(`measures.${id}.note`)}
                </Text>
              ) : null}
            </Stack>
          ))}
        </Stack>

        <Stack gap="sm" id="filters" style={{ scrollMarginTop: 90 }}>
          <Title order={2}>{t("filters.title")}</Title>
          <Text>{t("filters.text")}</Text>
          <List spacing={4}>
            <ListItem>{t("filters.population")}</ListItem>
            <ListItem>{t("filters.exports")}</ListItem>
            <ListItem>{t("filters.products")}</ListItem>
            <ListItem>{t("filters.unspecified")}</ListItem>
            <ListItem>{t("filters.engine")}</ListItem>
          </List>
          <Text>{t("filters.sitc")}</Text>
          <Text>{t("filters.sample")}</Text>
          {runs === null ? (
            <Text c="dimmed">{t("filters.noWarehouse")}</Text>
          ) : runs.length === 0 ? (
            <Text c="dimmed">{t("filters.noRuns")}</Text>
          ) : (
            <Paper withBorder radius="md">
              <ScrollArea type="auto">
                <Table striped verticalSpacing="xs" miw={680} data-testid="filters-table">
                  <TableThead>
                    <TableTr>
                      <TableTh>{t("filters.columns.ranking")}</TableTh>
                      <TableTh>{t("filters.columns.thresholds")}</TableTh>
                      <TableTh ta="right">{t("filters.columns.countries")}</TableTh>
                      <TableTh ta="right">{t("filters.columns.products")}</TableTh>
                      <TableTh>{t("filters.columns.excluded")}</TableTh>
                    </TableTr>
                  </TableThead>
                  <TableTbody>
                    {runs.map(({ run, reasons }) => {
                      const set = getComplexitySet(run.set);
                      const name = set ? `${setLabel(tr, set)}, ${periodLabel(tr, run)}` : `${run.set}, ${run.period}`;
                      const f = run.filters;
                      const thresholds = [
                        f.minPopulation !== null ? t("filters.minPopulation", { value: integer(locale, f.minPopulation) }) : null,
                        f.minCountryExports !== null ? t("filters.minExports", { value: usd(locale, f.minCountryExports) }) : null,
                        f.minProductTrade !== null ? t("filters.minTrade", { value: usd(locale, f.minProductTrade) }) : null,
                      ].filter(Boolean);
                      return (
                        <TableTr key={`${run.set}-${run.year}`}>
                          <TableTd>
                            {set && run.status === "computed" ? <TextLink href={localised(locale, setPath("eci", set, set.depth === "sitc4" ? null : run.year))}>{name}</TextLink> : name}
                            {run.status !== "computed" ? (
                              <Text size="xs" c="dimmed">
                                {t("filters.notRanked", { message: run.message })}
                              </Text>
                            ) : null}
                          </TableTd>
                          <TableTd>
                            <Text size="sm">{thresholds.join("; ")}</Text>
                            {f.thresholdScale > 0 && f.thresholdScale < 1 ? (
                              <Text size="xs" c="dimmed">
                                {t("filters.scaled", { share: formatPercent(f.thresholdScale, locale, { significant: 3 }) })}
                              </Text>
                            ) : null}
                          </TableTd>
                          <TableTd ta="right">{t("filters.keptOf", { kept: run.countries, input: run.inputCountries })}</TableTd>
                          <TableTd ta="right">{t("filters.keptOf", { kept: run.products, input: run.inputProducts })}</TableTd>
                          <TableTd>
                            <Text size="sm">
                              {[...reasons.entries()].map(([key, count]) => `${reasonLabel(key)}: ${count}`).join("; ") || "–"}
                            </Text>
                          </TableTd>
                        </TableTr>
                      );
                    })}
                  </TableTbody>
                </Table>
              </ScrollArea>
            </Paper>
          )}
          <Text size="sm" c="dimmed">
            {t("filters.details")}
          </Text>
        </Stack>

        <ComparisonSection locale={locale} />

        <Stack gap="xs">
          <Title order={2}>{t("rankingsTitle")}</Title>
          <List spacing={4}>
            <ListItem>
              <TextLink href={localised(locale, "/rankings/eci/hs4/hs92")}>{tr("eci.title")}</TextLink>
            </ListItem>
            <ListItem>
              <TextLink href={localised(locale, "/rankings/pci/hs4/hs92")}>{tr("pci.title")}</TextLink>
            </ListItem>
            <ListItem>
              <TextLink href={localised(locale, "/rankings/legacy/eci")}>{tr("legacy.title")}</TextLink>
            </ListItem>
          </List>
        </Stack>
      </Stack>
    </Container>
  );
}

/** How the engine compares with the reference packages (REFERENCES), as the fixture tests measured. */
async function ComparisonSection({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "methods" });
  // The figures are written "1.6 × 10⁻¹⁵"; Spanish writes the decimal point as a comma.
  const separator = decimalSeparator(locale);
  const figure = (v: string) => v.replace(".", separator);
  const agreementText = (a: Agreement) => {
    if (a.kind === "exact") return t("comparison.exact");
    if (a.kind === "correlation") return t("comparison.correlation", { value: figure(a.value) });
    return a.measured ? t("comparison.withinMeasured", { bound: figure(a.bound), measured: figure(a.measured) }) : t("comparison.within", { bound: figure(a.bound) });
  };
  return (
    <Stack gap="sm" id="comparison" style={{ scrollMarginTop: 90 }}>
      <Title order={2}>{t("comparison.title")}</Title>
      <Text>{t("comparison.text")}</Text>
      <Paper withBorder radius="md">
        <ScrollArea type="auto">
          <Table striped verticalSpacing="xs" miw={640} data-testid="comparison-table">
            <TableThead>
              <TableTr>
                <TableTh>{t("comparison.columns.measure")}</TableTh>
                <TableTh>{t("comparison.columns.reference")}</TableTh>
                <TableTh>{t("comparison.columns.agreement")}</TableTh>
              </TableTr>
            </TableThead>
            <TableTbody>
              {COMPARISONS.map((c) => (
                <TableTr key={c.id}>
                  <TableTd>
                    <Text size="sm" fw={500}>
                      {t(`comparison.rows.${c.id}.measure`)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`comparison.rows.${c.id}.note`)}
                    </Text>
                  </TableTd>
                  <TableTd>
                    <Text size="sm">{REFERENCES[c.reference]}</Text>
                  </TableTd>
                  <TableTd>
                    <Text size="sm">{agreementText(c.agreement)}</Text>
                  </TableTd>
                </TableTr>
              ))}
            </TableTbody>
          </Table>
        </ScrollArea>
      </Paper>
      <Text>{t("comparison.resolution")}</Text>
      <Text>{t("comparison.eigenvector")}</Text>
      <Text size="sm" c="dimmed">
        {t("comparison.fixture")}
      </Text>
    </Stack>
  );
}
