"use client";

import { Alert, Button, CopyButton, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Tabs, Text, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { explorerPath } from "@/domain/queryBuilder/codec";
import type { CubeInfo } from "@/domain/queryBuilder/cube";
import type { BuilderState } from "@/domain/queryBuilder/state";
import type { Locale } from "@/domain/i18n/locales";
import { CutFields, DerivedFields, TimeFields } from "./BuilderFields";
import { captioned, levelGroups, sortChoices, viewPatch, withDrilldowns } from "./queryBuilderModel";
import { ApiPanel, Downloads, PivotPanel, ResultChart, ResultTable } from "./Results";
import { useQueryBuilder } from "./useQueryBuilder";

/**
 * The query builder. `initial` is the query restored from the page URL; `cubeAsked` says the URL
 * named a cube (which may have been unknown or malformed, and then is reported).
 */
export function QueryBuilder({ cubes, initial: restored, cubeAsked, locale }: { cubes: CubeInfo[]; initial: BuilderState; cubeAsked: boolean; locale: Locale }) {
  const t = useTranslations("queryBuilder");
  const { draft, committed, problems, cube, committedCube, update, updateShown, chooseCube, run, reset } = useQueryBuilder(cubes, restored, cubeAsked, locale);

  const levelData = useMemo(() => levelGroups(cube), [cube]);
  const measureData = useMemo(() => (cube ? cube.measures.map((m) => ({ value: m.name, label: captioned(m) })) : []), [cube]);
  const sortData = [{ value: "", label: t("form.sortDefault") }, ...sortChoices(draft).map(({ value, direction, name }) => ({ value, label: direction === "desc" ? t("form.sortDesc", { name }) : t("form.sortAsc", { name }) }))];

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} component="form" onSubmit={(e) => (e.preventDefault(), run())} data-testid="qb-form" aria-label={t("form.title")}>
        <Stack gap="md">
          <Select
            label={t("form.cube")}
            data={cubes.map((c) => ({ value: c.name, label: `${c.caption} (${c.name})` }))}
            value={draft.cube || null}
            onChange={chooseCube}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t("form.nothingFound")}
            data-testid="qb-cube"
            description={cube ? `${cube.description} · ${t("form.years", { from: cube.years[0], to: cube.years.at(-1) ?? cube.years[0], count: cube.years.length })}` : undefined}
          />
          {cube && (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <MultiSelect
                  label={t("form.drilldowns")}
                  description={t("form.drilldownsHint")}
                  data={levelData}
                  value={draft.drilldowns}
                  onChange={(v) => update(withDrilldowns(draft, v))}
                  maxValues={8}
                  searchable
                  clearable
                  data-testid="qb-drilldowns"
                />
                <MultiSelect label={t("form.measures")} data={measureData} value={draft.measures} onChange={(v) => update({ measures: v })} maxValues={20} searchable data-testid="qb-measures" />
              </SimpleGrid>
              <CutFields draft={draft} cube={cube} update={update} locale={locale} />
              <TimeFields draft={draft} cube={cube} update={update} />
              <DerivedFields draft={draft} cube={cube} update={update} />
              <Select label={t("form.sort")} data={sortData} value={draft.sort} onChange={(v) => update({ sort: v ?? "" })} allowDeselect={false} w={{ base: "100%", sm: 360 }} data-testid="qb-sort" />
            </>
          )}
          {problems.length > 0 && (
            <Alert color="orange" data-testid="qb-problems" title={t("errors.title")}>
              <Stack gap={2}>
                {problems.map((p) => (
                  <Text key={p} size="sm">
                    {t(`errors.${p}`)}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" data-testid="qb-run" disabled={!cube}>
              {t("form.run")}
            </Button>
            <Button variant="default" onClick={reset}>
              {t("form.reset")}
            </Button>
          </Group>
        </Stack>
      </Paper>

      {committed && committedCube ? (
        <CommittedResults committed={committed} cube={committedCube} locale={locale} updateShown={updateShown} />
      ) : (
        <Text c="dimmed" size="sm" data-testid="qb-idle">
          {t("results.idle")}
        </Text>
      )}
    </Stack>
  );
}

/** The answer to the committed query: table, chart, pivot and API tabs, downloads and a share link. */
function CommittedResults({ committed, cube, locale, updateShown }: { committed: BuilderState; cube: CubeInfo; locale: Locale; updateShown: (patch: Partial<BuilderState>) => void }) {
  const t = useTranslations("queryBuilder");
  return (
    <Stack gap="sm" data-testid="qb-results">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h3">
          {t("results.title")}
        </Title>
        <Group gap="xs">
          <Downloads state={committed} cube={cube} locale={locale} />
          <CopyButton value={typeof window === "undefined" ? "" : `${window.location.origin}/${locale}${explorerPath(committed)}`}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" color={copied ? "teal" : undefined} onClick={copy} data-testid="qb-share">
                {copied ? t("api.copied") : t("results.share")}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Group>
      <Tabs
        value={committed.view}
        onChange={(v) => {
          const patch = viewPatch(committed, cube, v);
          if (patch) updateShown(patch);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="table" data-testid="qb-tab-table">
            {t("tabs.table")}
          </Tabs.Tab>
          <Tabs.Tab value="chart" data-testid="qb-tab-chart">
            {t("tabs.chart")}
          </Tabs.Tab>
          <Tabs.Tab value="pivot" data-testid="qb-tab-pivot">
            {t("tabs.pivot")}
          </Tabs.Tab>
          <Tabs.Tab value="api" data-testid="qb-tab-api">
            {t("tabs.api")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="table" pt="md">
          <ResultTable state={committed} cube={cube} locale={locale} onPage={(page, pageSize) => updateShown({ page, pageSize })} />
        </Tabs.Panel>
        <Tabs.Panel value="chart" pt="md">
          <ResultChart state={committed} cube={cube} locale={locale} onChart={(chart) => updateShown({ chart })} />
        </Tabs.Panel>
        <Tabs.Panel value="pivot" pt="md">
          <PivotPanel state={committed} cube={cube} locale={locale} onPivot={(pivot) => updateShown({ pivot })} />
        </Tabs.Panel>
        <Tabs.Panel value="api" pt="md">
          <ApiPanel state={committed} cube={cube} locale={locale} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
