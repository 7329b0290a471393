"use client";

import { ActionIcon, Alert, Button, Checkbox, CopyButton, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { explorerPath } from "@/domain/queryBuilder/codec";
import type { CubeInfo } from "@/domain/queryBuilder/cube";
import { defaultPivot, emptyState, stateProblems, VIEWS, type BuilderState, type View } from "@/domain/queryBuilder/state";
import type { Locale } from "@/domain/i18n/locales";
import { MemberPicker } from "./MemberPicker";
import { ApiPanel, Downloads, PivotPanel, ResultChart, ResultTable } from "./Results";

type TimeMode = "all" | "latest" | "oldest" | "year" | "range" | "custom";

function timeMode(time: string): TimeMode {
  if (!time) return "all";
  if (time === "latest" || time === "oldest") return time;
  if (/^\d{4}$/.test(time)) return "year";
  if (/^\d{4}-\d{4}$/.test(time)) return "range";
  return "custom";
}

/** A state for a newly chosen cube: its first measure, nothing else. */
function stateForCube(cube: CubeInfo | undefined): BuilderState {
  const s = emptyState(cube?.name ?? "");
  if (cube) s.measures = cube.measures.slice(0, 1).map((m) => m.name);
  return s;
}

/**
 * The query builder. `initial` is the query restored from the page URL; `cubeAsked` says the URL
 * named a cube (which may have been unknown or malformed, and then is reported).
 */
export function QueryBuilder({ cubes, initial: restored, cubeAsked, locale }: { cubes: CubeInfo[]; initial: BuilderState; cubeAsked: boolean; locale: Locale }) {
  const t = useTranslations("queryBuilder");
  const initialCube = cubes.find((c) => c.name === restored.cube);
  // A link naming only a cube gets its main measure, so it runs as it is.
  const initial = initialCube && restored.measures.length === 0 ? { ...restored, measures: initialCube.measures.slice(0, 1).map((m) => m.name) } : restored;
  const [draft, setDraft] = useState<BuilderState>(() => (initialCube ? initial : stateForCube(cubes[0])));
  const [committed, setCommitted] = useState<BuilderState | null>(() => (initialCube && stateProblems(initial, initialCube.timeLevel).length === 0 ? initial : null));
  const [problems, setProblems] = useState<string[]>(() => (cubeAsked && !initialCube ? ["unknownCube"] : []));
  const cube = cubes.find((c) => c.name === draft.cube);
  const committedCube = committed ? cubes.find((c) => c.name === committed.cube) : undefined;

  const publish = useCallback(
    (next: BuilderState | null) => {
      setCommitted(next);
      if (next) window.history.replaceState(null, "", `/${locale}${explorerPath(next)}`);
    },
    [locale],
  );

  const update = (patch: Partial<BuilderState>) => setDraft((d) => ({ ...d, ...patch }));
  /** Changes that only change how the committed answer is shown apply at once. */
  const updateShown = (patch: Partial<BuilderState>) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (committed) publish({ ...committed, ...patch });
  };

  const run = () => {
    const next = { ...draft, page: 1 };
    // An order on a measure or level no longer in the query is dropped, not sent.
    if (next.sort && !sortData.some((o) => o.value === next.sort)) next.sort = "";
    if (next.view === "pivot" && !next.pivot) next.pivot = defaultPivot(next, cube?.timeLevel ?? null, cube?.levels.map((l) => l.name));
    const found = stateProblems(next, cube?.timeLevel ?? null);
    setProblems(found);
    setDraft(next);
    if (found.length === 0) publish(next);
  };

  const levelData = useMemo(() => {
    if (!cube) return [];
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const l of cube.levels) {
      const items = groups.get(l.dimensionCaption) ?? [];
      items.push({ value: l.name, label: l.caption === l.name ? l.name : `${l.caption} (${l.name})` });
      groups.set(l.dimensionCaption, items);
    }
    return [...groups.entries()].map(([group, items]) => ({ group, items }));
  }, [cube]);
  const measureData = useMemo(() => (cube ? cube.measures.map((m) => ({ value: m.name, label: m.caption === m.name ? m.name : `${m.caption} (${m.name})` })) : []), [cube]);
  const firstMeasure = cube?.measures.find((m) => m.name === draft.measures[0]);
  const nonTimeDrills = draft.drilldowns.filter((d) => d !== cube?.timeLevel);
  const mode = timeMode(draft.time);
  const years = cube ? [...cube.years].reverse().map(String) : [];
  const [from, to] = mode === "range" ? draft.time.split("-") : [years.at(-1) ?? "", years[0] ?? ""];
  const sortData = [
    { value: "", label: t("form.sortDefault") },
    ...[...draft.measures, ...(draft.growth && draft.measures[0] ? [`${draft.measures[0]} Growth`, `${draft.measures[0]} Growth Value`] : []), ...(draft.rca && draft.measures[0] ? [`${draft.measures[0]} RCA`] : [])].flatMap((m) => [
      { value: `${m}.desc`, label: t("form.sortDesc", { name: m }) },
      { value: `${m}.asc`, label: t("form.sortAsc", { name: m }) },
    ]),
    ...draft.drilldowns.map((d) => ({ value: `${d}.asc`, label: t("form.sortAsc", { name: d }) })),
  ];

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} component="form" onSubmit={(e) => (e.preventDefault(), run())} data-testid="qb-form" aria-label={t("form.title")}>
        <Stack gap="md">
          <Select
            label={t("form.cube")}
            data={cubes.map((c) => ({ value: c.name, label: `${c.caption} (${c.name})` }))}
            value={draft.cube || null}
            onChange={(v) => setDraft(stateForCube(cubes.find((c) => c.name === v)))}
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
                  onChange={(v) => update({ drilldowns: v, rca: draft.rca && draft.rca.every((l) => v.includes(l)) ? draft.rca : null })}
                  maxValues={8}
                  searchable
                  clearable
                  data-testid="qb-drilldowns"
                />
                <MultiSelect label={t("form.measures")} data={measureData} value={draft.measures} onChange={(v) => update({ measures: v })} maxValues={20} searchable data-testid="qb-measures" />
              </SimpleGrid>

              <Stack gap="xs">
                <Group justify="space-between">
                  <Text size="sm" fw={500}>
                    {t("form.cuts")}
                  </Text>
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => {
                      const level = cube.levels.find((l) => !draft.cuts.some((c) => c.level === l.name) && l.name !== cube.timeLevel);
                      if (level) update({ cuts: [...draft.cuts, { level: level.name, ids: [] }] });
                    }}
                    disabled={draft.cuts.length >= 20}
                    data-testid="qb-add-cut"
                  >
                    {t("form.addCut")}
                  </Button>
                </Group>
                {draft.cuts.length === 0 && (
                  <Text size="xs" c="dimmed">
                    {t("form.noCuts")}
                  </Text>
                )}
                {draft.cuts.map((cut, i) => (
                  <Group key={`${cut.level}-${i}`} gap="xs" align="flex-end" wrap="nowrap" data-testid="qb-cut">
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" style={{ flex: 1 }}>
                      <Select
                        label={t("form.cutLevel")}
                        data={cube.levels.filter((l) => l.name === cut.level || !draft.cuts.some((c) => c.level === l.name)).map((l) => ({ value: l.name, label: l.caption === l.name ? l.name : `${l.caption} (${l.name})` }))}
                        value={cut.level}
                        onChange={(v) => v && update({ cuts: draft.cuts.map((c, j) => (j === i ? { level: v, ids: [] } : c)) })}
                        allowDeselect={false}
                        data-testid="qb-cut-level"
                      />
                      <MemberPicker
                        cube={cube.name}
                        level={cut.level}
                        locale={locale}
                        label={t("form.cutMembers")}
                        value={cut.ids}
                        onChange={(ids) => update({ cuts: draft.cuts.map((c, j) => (j === i ? { ...c, ids } : c)) })}
                      />
                    </SimpleGrid>
                    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("form.removeCut")} onClick={() => update({ cuts: draft.cuts.filter((_, j) => j !== i) })} mb={2}>
                      ×
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>

              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <Select
                  label={t("form.time")}
                  data={[
                    { value: "all", label: t("form.timeAll") },
                    { value: "latest", label: t("form.timeLatest") },
                    { value: "oldest", label: t("form.timeOldest") },
                    { value: "year", label: t("form.timeYear") },
                    { value: "range", label: t("form.timeRange") },
                    ...(mode === "custom" ? [{ value: "custom", label: draft.time }] : []),
                  ]}
                  value={mode}
                  onChange={(v) => {
                    if (v === "all") update({ time: "" });
                    else if (v === "latest" || v === "oldest") update({ time: v });
                    else if (v === "year") update({ time: years[0] ?? "" });
                    else if (v === "range") update({ time: years.length ? `${years.at(-1)}-${years[0]}` : "" });
                  }}
                  allowDeselect={false}
                  data-testid="qb-time"
                />
                {mode === "year" && <Select label={t("form.year")} data={years} value={draft.time} onChange={(v) => v && update({ time: v })} allowDeselect={false} searchable data-testid="qb-year" />}
                {mode === "range" && (
                  <>
                    <Select label={t("form.from")} data={years} value={from} onChange={(v) => v && update({ time: `${Math.min(Number(v), Number(to))}-${Math.max(Number(v), Number(to))}` })} allowDeselect={false} searchable />
                    <Select label={t("form.to")} data={years} value={to} onChange={(v) => v && update({ time: `${Math.min(Number(v), Number(from))}-${Math.max(Number(v), Number(from))}` })} allowDeselect={false} searchable />
                  </>
                )}
                {mode === "custom" && <TextInput label={t("form.year")} value={draft.time} readOnly />}
              </SimpleGrid>

              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Checkbox
                  label={t("form.growth")}
                  description={t("form.growthHint", { level: cube.timeLevel ?? "", measure: firstMeasure?.name ?? "" })}
                  checked={draft.growth}
                  onChange={(e) => update({ growth: e.currentTarget.checked })}
                  disabled={!cube.timeLevel}
                  data-testid="qb-growth"
                />
                <Stack gap={6}>
                  <Checkbox
                    label={t("form.rca")}
                    description={t("form.rcaHint", { measure: firstMeasure?.name ?? "" })}
                    checked={draft.rca !== null}
                    onChange={(e) => update({ rca: e.currentTarget.checked ? ([nonTimeDrills[0] ?? "", nonTimeDrills[1] ?? ""] as [string, string]) : null })}
                    disabled={!firstMeasure?.rca}
                    data-testid="qb-rca"
                  />
                  {draft.rca && (
                    <Group gap="xs" grow>
                      <Select aria-label={t("form.rcaLevelA")} placeholder={t("form.rcaLevelA")} data={nonTimeDrills} value={draft.rca[0] || null} onChange={(v) => v && update({ rca: [v, draft.rca![1]] })} allowDeselect={false} />
                      <Select aria-label={t("form.rcaLevelB")} placeholder={t("form.rcaLevelB")} data={nonTimeDrills} value={draft.rca[1] || null} onChange={(v) => v && update({ rca: [draft.rca![0], v] })} allowDeselect={false} />
                    </Group>
                  )}
                </Stack>
              </SimpleGrid>

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
            <Button
              variant="default"
              onClick={() => {
                setDraft(stateForCube(cube ?? cubes[0]));
                setProblems([]);
                setCommitted(null);
                window.history.replaceState(null, "", `/${locale}/explorer`);
              }}
            >
              {t("form.reset")}
            </Button>
          </Group>
        </Stack>
      </Paper>

      {committed && committedCube ? (
        <Stack gap="sm" data-testid="qb-results">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} size="h3">
              {t("results.title")}
            </Title>
            <Group gap="xs">
              <Downloads state={committed} cube={committedCube} locale={locale} />
              <CopyButton value={typeof window === "undefined" ? "" : `${window.location.origin}/${locale}${explorerPath(committed)}`}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" color={copied ? "teal" : undefined} onClick={copy} data-testid="qb-share">
                    {copied ? t("api.copied") : t("results.share")}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Group>
          <Tabs value={committed.view} onChange={(v) => v && (VIEWS as readonly string[]).includes(v) && updateShown({ view: v as View, ...(v === "pivot" && !committed.pivot ? { pivot: defaultPivot(committed, committedCube.timeLevel, committedCube.levels.map((l) => l.name)) } : {}) })} keepMounted={false}>
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
              <ResultTable state={committed} cube={committedCube} locale={locale} onPage={(page, pageSize) => updateShown({ page, pageSize })} />
            </Tabs.Panel>
            <Tabs.Panel value="chart" pt="md">
              <ResultChart state={committed} cube={committedCube} locale={locale} onChart={(chart) => updateShown({ chart })} />
            </Tabs.Panel>
            <Tabs.Panel value="pivot" pt="md">
              <PivotPanel state={committed} cube={committedCube} locale={locale} onPivot={(pivot) => updateShown({ pivot })} />
            </Tabs.Panel>
            <Tabs.Panel value="api" pt="md">
              <ApiPanel state={committed} cube={committedCube} locale={locale} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      ) : (
        <Text c="dimmed" size="sm" data-testid="qb-idle">
          {t("results.idle")}
        </Text>
      )}
    </Stack>
  );
}
