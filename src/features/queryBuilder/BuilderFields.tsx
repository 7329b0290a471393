"use client";

import { ActionIcon, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { CubeInfo } from "@/domain/queryBuilder/cube";
import type { BuilderState } from "@/domain/queryBuilder/state";
import type { Locale } from "@/domain/i18n/locales";
import { MemberPicker } from "./MemberPicker";
import { addCut, canAddCut, cutLevelChoices, rangeOf, rcaLevels, rcaToggled, timeControls, timeForMode, withCutIds, withCutLevel, withoutCut } from "./queryBuilderModel";

/** The parts of the query builder's form below the cube, drilldowns and measures. */
interface FieldProps {
  draft: BuilderState;
  cube: CubeInfo;
  update: (patch: Partial<BuilderState>) => void;
}

/** Cuts: each a level and the members kept. */
export function CutFields({ draft, cube, update, locale }: FieldProps & { locale: Locale }) {
  const t = useTranslations("queryBuilder");
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {t("form.cuts")}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            const patch = addCut(draft, cube);
            if (patch) update(patch);
          }}
          disabled={!canAddCut(draft)}
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
              data={cutLevelChoices(cube, draft.cuts, cut)}
              value={cut.level}
              onChange={(v) => v && update({ cuts: withCutLevel(draft.cuts, i, v) })}
              allowDeselect={false}
              data-testid="qb-cut-level"
            />
            <MemberPicker cube={cube.name} level={cut.level} locale={locale} label={t("form.cutMembers")} value={cut.ids} onChange={(ids) => update({ cuts: withCutIds(draft.cuts, i, ids) })} />
          </SimpleGrid>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("form.removeCut")} onClick={() => update({ cuts: withoutCut(draft.cuts, i) })} mb={2}>
            ×
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}

/** The time filter: every year, the latest or oldest, one year, a range, or a custom list from a link. */
export function TimeFields({ draft, cube, update }: FieldProps) {
  const t = useTranslations("queryBuilder");
  const { mode, years, from, to } = timeControls(draft, cube);
  return (
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
          const time = timeForMode(v, years);
          if (time !== null) update({ time });
        }}
        allowDeselect={false}
        data-testid="qb-time"
      />
      {mode === "year" && <Select label={t("form.year")} data={years} value={draft.time} onChange={(v) => v && update({ time: v })} allowDeselect={false} searchable data-testid="qb-year" />}
      {mode === "range" && (
        <>
          <Select label={t("form.from")} data={years} value={from} onChange={(v) => v && update({ time: rangeOf(v, to) })} allowDeselect={false} searchable />
          <Select label={t("form.to")} data={years} value={to} onChange={(v) => v && update({ time: rangeOf(v, from) })} allowDeselect={false} searchable />
        </>
      )}
      {mode === "custom" && <TextInput label={t("form.year")} value={draft.time} readOnly />}
    </SimpleGrid>
  );
}

/** Growth over time and RCA between two drilled levels, both of the first measure. */
export function DerivedFields({ draft, cube, update }: FieldProps) {
  const t = useTranslations("queryBuilder");
  const firstMeasure = cube.measures.find((m) => m.name === draft.measures[0]);
  const levels = rcaLevels(draft, cube);
  const rca = draft.rca;
  return (
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
          checked={rca !== null}
          onChange={(e) => update({ rca: rcaToggled(e.currentTarget.checked, levels) })}
          disabled={!firstMeasure?.rca}
          data-testid="qb-rca"
        />
        {rca && (
          <Group gap="xs" grow>
            <Select aria-label={t("form.rcaLevelA")} placeholder={t("form.rcaLevelA")} data={levels} value={rca[0] || null} onChange={(v) => v && update({ rca: [v, rca[1]] })} allowDeselect={false} />
            <Select aria-label={t("form.rcaLevelB")} placeholder={t("form.rcaLevelB")} data={levels} value={rca[1] || null} onChange={(v) => v && update({ rca: [rca[0], v] })} allowDeselect={false} />
          </Group>
        )}
      </Stack>
    </SimpleGrid>
  );
}
