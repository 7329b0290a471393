"use client";

import { Group, Loader, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useMemo, useTransition } from "react";
import type { Locale } from "@/domain/i18n/locales";
import { parseProductUrlId, productUrlId } from "@/domain/visualize/catalog";
import { DEFAULT_AXES, scatterMeasures } from "@/domain/charts/measures";
import { allYears, coveredDepths, type YearCoverage } from "@/domain/visualize/coverage";
import { ALL, CHARTS, DEFAULT_COUNTRY, SHOW, revisionYear, type ChartType, type Classification, type Depth, type GeoSlot, type ProductSlot, type VizState } from "@/domain/visualize/state";
import { parseRegionsToken, regionDataset, regionsToken, withRegions } from "@/domain/visualize/regions";
import { buildVizPath, defaultDepth } from "@/domain/visualize/urlCodec";
import { switchChart } from "@/domain/visualize/views";
import type { ControlOptions } from "./resolve";

type Breakdown = "product" | "partner" | "country" | "total";

function breakdownOf(state: VizState): Breakdown {
  if (state.product.kind === "show") return "product";
  if (state.partner.kind === "show") return "partner";
  if (state.country.kind === "show") return "country";
  return "total";
}

/** "Every country" broken down by product falls back to the domain's default country. */
const CHILE = DEFAULT_COUNTRY;

/** The state after choosing what to break down, keeping every filter that still applies. */
export function withBreakdown(current: VizState, breakdown: Breakdown): VizState {
  // Scatter axes belong to what is broken down (countries or products): start from the defaults.
  const state: VizState = { ...current };
  delete state.x;
  delete state.y;
  const member = (slot: GeoSlot): GeoSlot => (slot.kind === "show" ? ALL : slot);
  const product = (slot: ProductSlot): ProductSlot => (slot.kind === "show" ? ALL : slot);
  const country = state.country.kind === "show" ? CHILE : state.country;
  switch (breakdown) {
    case "product":
      return { ...state, country, partner: member(state.partner), product: SHOW };
    case "partner":
      return { ...state, country, partner: SHOW, product: product(state.product) };
    case "country":
      return { ...state, country: SHOW, partner: member(state.partner), product: product(state.product) };
    case "total":
      return { ...state, country, partner: member(state.partner), product: product(state.product) };
  }
}

const geoValue = (slot: GeoSlot) => (slot.kind === "country" ? slot.id : "all");
const geoSlot = (value: string | null): GeoSlot => (!value || value === "all" ? ALL : { kind: "country", id: value });

export interface ControlPanelProps {
  state: VizState;
  coverage: YearCoverage;
  options: ControlOptions;
}

/** Every choice of a visualisation; each change navigates to the canonical URL of the new state. */
export function ControlPanel({ state, coverage, options }: ControlPanelProps) {
  const currentProduct = options.current;
  const t = useTranslations("visualize");
  const tm = useTranslations("charts.measures");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const breakdown = breakdownOf(state);

  function go(next: VizState) {
    startTransition(() => router.push(`/${locale}${buildVizPath(next, coverage)}`, { scroll: false }));
  }

  const countryData = useMemo(() => [{ value: "all", label: t("controls.world") }, ...options.countries.map(([value, label]) => ({ value, label }))], [options.countries, t]);
  const partnerData = useMemo(() => [{ value: "all", label: t("controls.allPartners") }, ...options.countries.map(([value, label]) => ({ value, label }))], [options.countries, t]);
  const productData = useMemo(
    () => [
      { group: t("controls.product"), items: [{ value: "all", label: t("controls.allProducts") }] },
      { group: t("controls.sections"), items: options.sections.map(([value, label]) => ({ value, label })) },
      { group: t("controls.chapters"), items: options.hs2.map(([value, label]) => ({ value, label })) },
      { group: t("controls.headings"), items: options.hs4.map(([value, label]) => ({ value, label })) },
      // An HS6 product chosen elsewhere (a profile, a URL): listed so the select shows it.
      ...(currentProduct ? [{ group: t("controls.subheadings"), items: [{ value: currentProduct[0], label: currentProduct[1] }] }] : []),
    ],
    [options.sections, options.hs2, options.hs4, currentProduct, t],
  );
  // Every year some view of this revision can draw, and the depths it holds (the catalogue's answer).
  // A map of regions: the years its dataset holds, newest first.
  const regional = state.chart === "geomap" ? regionDataset(coverage.regions, state.regions) : undefined;
  const years = useMemo(
    () => (regional ? [...regional.years].reverse() : allYears(coverage, state.classification)).map(String),
    [coverage, state.classification, regional],
  );
  const depths = useMemo(() => coveredDepths(coverage, state.classification), [coverage, state.classification]);

  const rangeChart = state.chart === "stacked" || state.chart === "line";
  const productValue = state.product.kind === "product" ? productUrlId(state.product.product) : "all";
  const depth: Depth = state.depth ?? defaultDepth(state, coverage);
  const entity = breakdown === "product" ? "product" : "country";
  const measures = scatterMeasures(entity).map((m) => ({
    value: m.key,
    label: m.available ? tm(m.key) : t("controls.notAvailable", { name: tm(m.key) }),
    disabled: !m.available,
  }));
  const breakdowns: { value: Breakdown; label: string }[] = [
    { value: "product", label: t("controls.showProducts") },
    { value: "partner", label: t("controls.showPartners") },
    { value: "country", label: t("controls.showCountries") },
    ...(state.chart === "line" || breakdown === "total" ? [{ value: "total" as const, label: t("controls.showTotal") }] : []),
  ];
  const comboboxProps = { withinPortal: true, shadow: "md" } as const;

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
        onChange={(value) => value && go(switchChart(state, value as ChartType, coverage))}
        comboboxProps={comboboxProps}
        data-testid="control-chart"
      />
      {state.chart === "geomap" && (options.regions?.length ?? 0) > 0 && (
        <Select
          label={t("controls.map")}
          data={[{ value: "world", label: t("controls.mapCountries") }, ...(options.regions ?? []).map(([value, label]) => ({ value, label }))]}
          value={state.regions ? regionsToken(state.regions) : "world"}
          searchable
          allowDeselect={false}
          onChange={(value) => go(withRegions(state, value && value !== "world" ? parseRegionsToken(value) : null, coverage.regions))}
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
          onChange={(value) => value && go({ ...state, classification: value as Classification, depth: undefined })}
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
          onChange={(value) => go({ ...state, flow: value as VizState["flow"] })}
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
            value={breakdown}
            onChange={(value) => go(withBreakdown(state, value as Breakdown))}
            data-testid="control-show"
          />
        </div>
      )}
      {!regional && breakdown !== "country" && (
        <Select
          label={t("controls.country")}
          data={countryData}
          value={geoValue(state.country)}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t("controls.noMatch")}
          limit={80}
          onChange={(value) => go({ ...state, country: geoSlot(value) })}
          comboboxProps={comboboxProps}
          data-testid="control-country"
        />
      )}
      {!regional && breakdown !== "partner" && (
        <Select
          label={t("controls.partner")}
          data={partnerData}
          value={geoValue(state.partner)}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t("controls.noMatch")}
          limit={80}
          onChange={(value) => go({ ...state, partner: geoSlot(value) })}
          comboboxProps={comboboxProps}
          data-testid="control-partner"
        />
      )}
      {breakdown !== "product" && (
        <Select
          label={t("controls.product")}
          data={productData}
          value={productValue}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t("controls.noMatch")}
          limit={80}
          onChange={(value) => {
            const product = value && value !== "all" ? parseProductUrlId(value) : null;
            go({ ...state, product: product ? { kind: "product", product } : ALL });
          }}
          comboboxProps={comboboxProps}
          data-testid="control-product"
        />
      )}
      {breakdown === "product" && state.chart !== "network" && state.chart !== "scatter" && (
        <div>
          <Text component="label" size="sm" fw={500} id="viz-depth-label">
            {t("controls.depth")}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="viz-depth-label"
            data={depths.map((d) => ({ value: d, label: t(`controls.${d}`) }))}
            value={depth}
            onChange={(value) => go({ ...state, depth: value as Depth })}
            data-testid="control-depth"
          />
        </div>
      )}
      {rangeChart ? (
        <Group grow gap="xs">
          <Select
            label={t("controls.from")}
            data={years}
            value={String(state.time.kind === "range" ? state.time.from : state.time.year)}
            allowDeselect={false}
            onChange={(value) => {
              const from = Number(value);
              const to = state.time.kind === "range" ? state.time.to : state.time.year;
              go({ ...state, time: from < to ? { kind: "range", from, to } : { kind: "range", from: Math.min(from, to - 1), to: Math.max(from, to) } });
            }}
            comboboxProps={comboboxProps}
            data-testid="control-from"
          />
          <Select
            label={t("controls.to")}
            data={years}
            value={String(state.time.kind === "range" ? state.time.to : state.time.year)}
            allowDeselect={false}
            onChange={(value) => {
              const to = Number(value);
              const from = state.time.kind === "range" ? state.time.from : state.time.year;
              go({ ...state, time: from < to ? { kind: "range", from, to } : { kind: "range", from: Math.min(to, from), to: Math.max(to, from + 1) } });
            }}
            comboboxProps={comboboxProps}
            data-testid="control-to"
          />
        </Group>
      ) : (
        <Select
          label={t("controls.year")}
          data={years}
          value={String(state.time.kind === "year" ? state.time.year : state.time.to)}
          allowDeselect={false}
          onChange={(value) => go({ ...state, time: { kind: "year", year: Number(value) } })}
          comboboxProps={comboboxProps}
          data-testid="control-year"
        />
      )}
      {state.chart === "scatter" && (
        <>
          <Select
            label={t("controls.x")}
            data={measures}
            value={state.x ?? DEFAULT_AXES[entity].x}
            allowDeselect={false}
            onChange={(value) => value && go({ ...state, x: value })}
            comboboxProps={comboboxProps}
            data-testid="control-x"
          />
          <Select
            label={t("controls.y")}
            data={measures}
            value={state.y ?? DEFAULT_AXES[entity].y}
            allowDeselect={false}
            onChange={(value) => value && go({ ...state, y: value })}
            comboboxProps={comboboxProps}
            data-testid="control-y"
          />
        </>
      )}
    </Stack>
  );
}
