"use client";

import { Group, Loader, SegmentedControl, Select, Stack, Text, Title, type ComboboxData } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { YearCoverage } from "@/domain/visualize/coverage";
import { CHARTS, revisionYear, type VizState } from "@/domain/visualize/state";
import type { Control, ControlView } from "./controlPanelModel";
import type { ControlOptions } from "./resolve";
import { useControlPanel } from "./useControlPanel";

export interface ControlPanelProps {
  state: VizState;
  coverage: YearCoverage;
  options: ControlOptions;
}

const comboboxProps = { withinPortal: true, shadow: "md" } as const;

type Change = (control: Control) => (value: string | null) => void;

/** Every choice of a visualisation; each change navigates to the canonical URL of the new state. */
export function ControlPanel({ state, coverage, options }: ControlPanelProps) {
  const { t, pending, view, change, countryData, partnerData, productData, measures, breakdowns } = useControlPanel(state, coverage, options);
  const { regional } = view;

  return (
    <Stack gap="sm" component="form" aria-labelledby="viz-controls-heading" onSubmit={(e) => e.preventDefault()} data-testid="control-panel">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h4" id="viz-controls-heading">
          {t("controls.heading")}
        </Title>
        {pending && <Loader size="xs" aria-label={t("controls.updating")} />}
      </Group>
      <Select
        label={t("controls.chart")}
        data={CHARTS.map((c) => ({ value: c, label: t(`charts.${c}`) }))}
        value={state.chart}
        allowDeselect={false}
        onChange={change("chart")}
        comboboxProps={comboboxProps}
        data-testid="control-chart"
      />
      {state.chart === "geomap" && (options.regions?.length ?? 0) > 0 && (
        <Select
          label={t("controls.map")}
          data={[{ value: "world", label: t("controls.mapCountries") }, ...(options.regions ?? []).map(([value, label]) => ({ value, label }))]}
          value={view.regionsValue ?? "world"}
          searchable
          allowDeselect={false}
          onChange={change("regions")}
          comboboxProps={comboboxProps}
          data-testid="control-regions"
        />
      )}
      {coverage.classifications.length > 1 && (
        <Select
          label={t("controls.classification")}
          data={coverage.classifications.map((c) => ({ value: c, label: t("controls.revision", { year: revisionYear(c) }) }))}
          value={state.classification}
          allowDeselect={false}
          onChange={change("classification")}
          comboboxProps={comboboxProps}
          data-testid="control-classification"
        />
      )}
      <div>
        <Text component="label" size="sm" fw={500} id="viz-flow-label">
          {t("controls.flow")}
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="viz-flow-label"
          data={[
            { value: "export", label: t("controls.export") },
            { value: "import", label: t("controls.import") },
          ]}
          value={state.flow}
          onChange={change("flow")}
          data-testid="control-flow"
        />
      </div>
      {!regional && (
        <div>
          <Text component="label" size="sm" fw={500} id="viz-show-label">
            {t("controls.show")}
          </Text>
          <SegmentedControl
            fullWidth
            orientation={breakdowns.length > 3 ? "vertical" : "horizontal"}
            aria-labelledby="viz-show-label"
            data={breakdowns}
            value={view.breakdown}
            onChange={change("breakdown")}
            data-testid="control-show"
          />
        </div>
      )}
      {view.showCountry && <MemberSelect label={t("controls.country")} data={countryData} value={view.country} onChange={change("country")} testId="control-country" />}
      {view.showPartner && <MemberSelect label={t("controls.partner")} data={partnerData} value={view.partner} onChange={change("partner")} testId="control-partner" />}
      {view.showProduct && <MemberSelect label={t("controls.product")} data={productData} value={view.productValue} onChange={change("product")} testId="control-product" />}
      {view.showDepth && (
        <div>
          <Text component="label" size="sm" fw={500} id="viz-depth-label">
            {t("controls.depth")}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="viz-depth-label"
            data={view.depths.map((d) => ({ value: d, label: t(`controls.${d}`) }))}
            value={view.depth}
            onChange={change("depth")}
            data-testid="control-depth"
          />
        </div>
      )}
      <TimeControls view={view} change={change} />
      {state.chart === "scatter" && (
        <>
          <Select label={t("controls.x")} data={measures} value={view.x} allowDeselect={false} onChange={change("x")} comboboxProps={comboboxProps} data-testid="control-x" />
          <Select label={t("controls.y")} data={measures} value={view.y} allowDeselect={false} onChange={change("y")} comboboxProps={comboboxProps} data-testid="control-y" />
        </>
      )}
    </Stack>
  );
}

/** A searchable select of countries or products. */
function MemberSelect({ label, data, value, onChange, testId }: { label: string; data: ComboboxData; value: string; onChange: (value: string | null) => void; testId: string }) {
  const t = useTranslations("visualize");
  return (
    <Select
      label={label}
      data={data}
      value={value}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t("controls.noMatch")}
      limit={80}
      onChange={onChange}
      comboboxProps={comboboxProps}
      data-testid={testId}
    />
  );
}

/** A year, or the two ends of a range on stacked and line charts. */
function TimeControls({ view, change }: { view: ControlView; change: Change }) {
  const t = useTranslations("visualize");
  if (!view.rangeChart) {
    return <Select label={t("controls.year")} data={view.years} value={view.year} allowDeselect={false} onChange={change("year")} comboboxProps={comboboxProps} data-testid="control-year" />;
  }
  return (
    <Group grow gap="xs">
      <Select label={t("controls.from")} data={view.years} value={view.from} allowDeselect={false} onChange={change("from")} comboboxProps={comboboxProps} data-testid="control-from" />
      <Select label={t("controls.to")} data={view.years} value={view.to} allowDeselect={false} onChange={change("to")} comboboxProps={comboboxProps} data-testid="control-to" />
    </Group>
  );
}
