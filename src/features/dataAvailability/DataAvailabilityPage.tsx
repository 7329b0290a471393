import { VisuallyHidden } from "@mantine/core";
import { Anchor, Container, Group, Stack, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { availabilityMatrix, type AvailabilityRow } from "@/domain/catalog/availability";
import { formatNumber, formatUsd } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import { dataCatalog } from "@/server/catalog/catalog";
import { describeQualityFlags, qualityFlags } from "@/server/catalog/quality";
import { catalogBody } from "@/server/catalog/http";
import { cubeLicence } from "@/server/catalog/cubes";
import { sourceLine, sourceNames } from "@/features/profiles/sourceNames";
import classes from "./DataAvailability.module.css";
import { QualityFlags } from "./QualityFlags";
import { datasetLabel, licenceKey } from "./licences";

/** /data-availability: the data catalogue drawn as a matrix, generated from the warehouse. */
export async function DataAvailabilityPage({ locale }: { locale: Locale }) {
  const [t, catalog, names, flags] = await Promise.all([
    getTranslations({ locale, namespace: "dataAvailability" }),
    dataCatalog(),
    sourceNames(locale),
    qualityFlags().then((list) => describeQualityFlags(list, locale)),
  ]);
  const matrix = availabilityMatrix(catalog.entries);
  const apis = new Map(catalogBody(catalog.entries, catalog.builtAt).datasets.map((d) => [d.dataset, d.api]));

  const label = (row: AvailabilityRow) => {
    const { key, values } = datasetLabel(row.dataset);
    // Every catalogued dataset has a title in words (a test keeps it so); an unknown one is named
    // by its kind, never by its id.
    return t.has(`datasets.${key}`) ? t(`datasets.${key}`, values) : t("datasets.other", { kind: t.has(`kinds.${row.first.kind}`) ? t(`kinds.${row.first.kind}`) : t("kinds.other") });
  };
  // Licence lines are written for operators in English; visitors read them in their language.
  const licenceText = (text: string) => {
    const key = licenceKey(text);
    return key ? t(`licences.${key}`) : text;
  };
  const first = (row: AvailabilityRow) => row.years[0];
  const last = (row: AvailabilityRow) => row.years.at(-1)!;
  const tip = (row: AvailabilityRow, year: number) => {
    const e = row.cells.find((c) => c.year === year)?.entry;
    if (!e) return t("cell.none", { year });
    return t("cell.some", {
      period: e.period,
      reporters: formatNumber(e.reporters, locale),
      rows: formatNumber(e.rows, locale),
      total: e.total === null ? "–" : formatUsd(e.total, locale, { compact: true }),
    });
  };

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t("title")}</Title>
          <Text maw={900}>{t("lead")}</Text>
          {catalog.builtAt && (
            <Text size="sm" c="dimmed">
              {t("builtAt", { date: new Date(catalog.builtAt).toLocaleDateString(locale, { year: "numeric", month: "long", day: "numeric" }) })}{" "}
              <Anchor href="/api/catalog" size="sm" underline="always">
                {t("catalogApi")}
              </Anchor>
            </Text>
          )}
        </Stack>
        {matrix.rows.length === 0 ? (
          <Text data-testid="no-data">{t("empty")}</Text>
        ) : (
          <>
            <Group gap={0} aria-hidden="true">
              {([0, 1, 2, 3, 4] as const).map((level) => (
                <span key={level} className={classes.legend}>
                  <span className={`${classes.cell} ${classes[`level${level}`]}`} />
                  <Text span size="xs">
                    {t(`legend.level${level}`)}
                  </Text>
                </span>
              ))}
            </Group>
            <Text size="xs" c="dimmed" hiddenFrom="sm">
              {t("scrollHint")}
            </Text>
            <div className={classes.scroller} data-testid="availability-matrix" tabIndex={0} role="region" aria-label={t("title")}>
              <table className={classes.matrix}>
                <caption style={{ position: "absolute", left: -10000 }}>{t("caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={classes.name}>
                      {t("dataset")}
                    </th>
                    {matrix.years.map((year) => (
                      <th key={year} scope="col" className={classes.yearHead}>
                        {year % 10 === 0 || year === matrix.years.at(-1) ? <span className={classes.yearLabel}>{year}</span> : <VisuallyHidden>{year}</VisuallyHidden>}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {matrix.rows.map((row) => {
                    const e = row.first;
                    const licence = cubeLicence(e.cube);
                    const depth = e.depth ? t(`depths.${e.depth}`) : t("depths.none");
                    const api = apis.get(row.dataset);
                    return (
                      <tr key={row.dataset} data-dataset={row.dataset}>
                        <th scope="row" className={classes.name}>
                          <Text size="sm" fw={600}>
                            {label(row)}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {[depth, e.kind === "goods" ? t(e.bilateral ? "bilateral" : "withWorld") : null, first(row) === last(row) ? String(first(row)) : `${first(row)}–${last(row)}`, e.partial ? t("partial") : null]
                              .filter(Boolean)
                              .join(" · ")}
                          </Text>
                          <Text size="xs">{sourceLine(names, [e.source])}</Text>
                          {licence && (
                            <Text size="xs" c="dimmed">
                              {t("licence", { licence: licenceText(licence) })}
                            </Text>
                          )}
                          {api && (
                            <Anchor href={api} size="xs" data-testid="dataset-api">
                              {t("apiQuery")}
                            </Anchor>
                          )}
                        </th>
                        {row.cells.map((cell) => (
                          <td key={cell.year} className={classes.cellTd} title={tip(row, cell.year)} data-year={cell.year} data-level={cell.level}>
                            <span className={`${classes.cell} ${classes[`level${cell.level}`]}`} />
                          </td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Text size="sm" c="dimmed" maw={900}>
              {t("note")}
            </Text>
            <QualityFlags flags={flags} labels={Object.fromEntries(matrix.rows.map((row) => [row.dataset, label(row)]))} locale={locale} />
          </>
        )}
      </Stack>
    </Container>
  );
}
