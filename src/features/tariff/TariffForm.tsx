"use client";

import { Button, Fieldset, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useMemo, useState, useTransition, type FormEvent } from "react";
import type { ProductDepth } from "@/domain/catalog/catalog";
import { DEFAULT_ELASTICITIES } from "@/domain/tariff/model";
import { ELASTICITY_LIMITS, MAX_TARIFF_PERCENT, tariffSearch, type TariffParams } from "@/domain/tariff/params";

export interface FormOptions {
  depths: ProductDepth[];
  years: { year: number; partial: boolean }[];
  importers: { id: string; name: string }[];
  products: { id: string; name: string }[];
  tariffTable: boolean;
}

type Num = number | string;

interface State {
  importer: string | null;
  depth: ProductDepth;
  product: string | null;
  year: string | null;
  current: Num;
  next: Num;
  scope: "all" | "one";
  partner: string | null;
  em: Num;
  sigma: Num;
  ex: Num;
  base: "imported" | "manual";
}

type Errors = Partial<Record<keyof State, string>>;

const asNumber = (v: Num): number | null => {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  const text = v.trim().replace(",", ".");
  if (text === "" || !/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  return Number(text);
};

/** Initial state from the URL's raw values (kept even when invalid, so the page can show the message next to them). */
function initialState(raw: Record<string, string>, depth: ProductDepth): State {
  // Numbers as numbers, so the inputs show them with the page's decimal separator; anything else as typed.
  const n = (text: string | undefined, fallback: Num): Num => (text === undefined ? fallback : (asNumber(text) ?? text));
  return {
    importer: raw.importer?.toLowerCase() ?? null,
    depth,
    product: raw.product ?? null,
    year: raw.year ?? null,
    current: n(raw.current, 0),
    next: n(raw.new, ""),
    scope: raw.partner ? "one" : "all",
    partner: raw.partner?.toLowerCase() ?? null,
    em: n(raw.em, DEFAULT_ELASTICITIES.importDemand),
    sigma: n(raw.sigma, DEFAULT_ELASTICITIES.substitution),
    ex: n(raw.ex, DEFAULT_ELASTICITIES.exportSupply),
    base: raw.base === "manual" ? "manual" : "imported",
  };
}

/** The simulation parameters a form state asks for (the URL the server page reads). */
function params(s: State): Partial<TariffParams> {
  return {
    importer: s.importer ?? undefined,
    depth: s.depth,
    product: s.product ?? undefined,
    year: s.year ? Number(s.year) : undefined,
    current: asNumber(s.current) ?? undefined,
    next: asNumber(s.next) ?? undefined,
    partner: s.scope === "one" ? (s.partner ?? undefined) : undefined,
    em: asNumber(s.em) ?? undefined,
    sigma: asNumber(s.sigma) ?? undefined,
    ex: asNumber(s.ex) ?? undefined,
    base: s.base,
  };
}

/** What is wrong with a form state, per field (empty when it can be simulated). */
function validate(s: State, t: ReturnType<typeof useTranslations>): Errors {
  const e: Errors = {};
  if (!s.importer) e.importer = t("required");
  if (!s.product) e.product = t("required");
  for (const key of ["current", "next"] as const) {
    const v = asNumber(s[key]);
    if (v === null) e[key] = key === "next" && String(s[key]).trim() === "" ? t("required") : t("invalidNumber");
    else if (v < 0) e[key] = t("negative");
    else if (v > MAX_TARIFF_PERCENT) e[key] = t("tooHigh", { max: MAX_TARIFF_PERCENT });
  }
  const em = asNumber(s.em);
  if (em === null || em < ELASTICITY_LIMITS.importDemand[0] || em > 0) e.em = t("emRange", { min: ELASTICITY_LIMITS.importDemand[0] });
  const sigma = asNumber(s.sigma);
  if (sigma === null || sigma < 0 || sigma > ELASTICITY_LIMITS.substitution[1]) e.sigma = t("sigmaRange", { max: ELASTICITY_LIMITS.substitution[1] });
  const ex = asNumber(s.ex);
  if (ex === null || ex < ELASTICITY_LIMITS.exportSupply[0] || ex > ELASTICITY_LIMITS.exportSupply[1]) e.ex = t("exRange", { max: ELASTICITY_LIMITS.exportSupply[1] });
  if (s.scope === "one" && !s.partner) e.partner = t("required");
  if (s.scope === "one" && s.partner && s.partner === s.importer) e.partner = t("samePartner");
  return e;
}

/** The scenario form. Submitting puts the whole form in the URL; the server page simulates from it. */
export function TariffForm({ options, raw, depth, path }: { options: FormOptions; raw: Record<string, string>; depth: ProductDepth; path: string }) {
  const t = useTranslations("tariff.form");
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [state, setState] = useState<State>(() => initialState(raw, depth));
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof State>(key: K, value: State[K]) => {
    setState((s) => ({ ...s, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const decimal = locale === "es" ? "," : ".";

  const countries = useMemo(() => options.importers.map((c) => ({ value: c.id, label: c.name })), [options.importers]);
  const products = useMemo(
    () => options.products.map((p) => ({ value: p.id, label: state.depth === "section" ? p.name : `${p.id} ${p.name}` })),
    [options.products, state.depth],
  );
  const years = useMemo(
    () => [...options.years].reverse().map((y) => ({ value: String(y.year), label: y.partial ? t("yearPartial", { year: String(y.year) }) : String(y.year) })),
    [options.years, t],
  );

  function go(p: Partial<TariffParams>) {
    startTransition(() => router.push(`${path}?${tariffSearch(p)}`, { scroll: false }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(state, t);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    go(params(state));
  }

  /** A new depth needs the server's product list and years: navigate with the product cleared. */
  function changeDepth(value: string) {
    const next = { ...state, depth: value as ProductDepth, product: null, year: null };
    setState(next);
    go(params(next));
  }

  const numberProps = { decimalSeparator: decimal, clampBehavior: "none" as const, allowNegative: true, hideControls: true };

  return (
    <form onSubmit={submit} noValidate data-testid="tariff-form" aria-label={t("heading")}>
      <Stack gap="md">
        {options.depths.length > 1 && <DepthControl depths={options.depths} value={state.depth} onChange={changeDepth} />}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t("importer")}
            placeholder={t("importerPlaceholder")}
            data={countries}
            value={state.importer}
            onChange={(v) => set("importer", v)}
            searchable
            limit={100}
            error={errors.importer}
            data-testid="tariff-importer"
            nothingFoundMessage="—"
          />
          <Select
            label={t("product")}
            placeholder={t("productPlaceholder")}
            data={products}
            value={state.product}
            onChange={(v) => set("product", v)}
            searchable
            limit={100}
            error={errors.product}
            data-testid="tariff-product"
            nothingFoundMessage="—"
          />
          <Select
            label={t("year")}
            data={years}
            value={state.year ?? years[0]?.value ?? null}
            onChange={(v) => set("year", v)}
            allowDeselect={false}
            data-testid="tariff-year"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={6}>
            <NumberInput label={t("current")} description={t("currentHint")} value={state.current} onChange={(v) => set("current", v)} error={errors.current} data-testid="tariff-current" {...numberProps} />
            {options.tariffTable ? (
              <Switch
                checked={state.base === "imported"}
                onChange={(e) => set("base", e.currentTarget.checked ? "imported" : "manual")}
                label={t("useImported")}
                description={t("useImportedHint")}
                data-testid="tariff-base"
              />
            ) : (
              <Text size="xs" c="dimmed">
                {t("noTable")}
              </Text>
            )}
          </Stack>
          <Stack gap={6}>
            <NumberInput label={t("next")} value={state.next} onChange={(v) => set("next", v)} error={errors.next} data-testid="tariff-new" {...numberProps} />
            <Text size="sm" fw={500} id="tariff-scope-label">
              {t("scope")}
            </Text>
            <SegmentedControl
              aria-labelledby="tariff-scope-label"
              value={state.scope}
              onChange={(v) => set("scope", v as State["scope"])}
              data={[
                { value: "all", label: t("scopeAll") },
                { value: "one", label: t("scopeOne") },
              ]}
              data-testid="tariff-scope"
            />
            {state.scope === "one" && (
              <Select
                label={t("partner")}
                placeholder={t("partnerPlaceholder")}
                data={countries.filter((c) => c.value !== state.importer)}
                value={state.partner}
                onChange={(v) => set("partner", v)}
                searchable
                limit={100}
                error={errors.partner}
                data-testid="tariff-partner"
                nothingFoundMessage="—"
              />
            )}
          </Stack>
        </SimpleGrid>
        <ElasticityFields state={state} errors={errors} set={set} numberProps={numberProps} />
        <Group>
          <Button type="submit" loading={pending} data-testid="tariff-submit">
            {t("submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The three elasticities of the simulation, with a reset to the defaults. */
function ElasticityFields({ state, errors, set, numberProps }: {
  state: State;
  errors: Errors;
  set: <K extends keyof State>(key: K, value: State[K]) => void;
  numberProps: { decimalSeparator: string; clampBehavior: "none"; allowNegative: boolean; hideControls: boolean };
}) {
  const t = useTranslations("tariff.form");
  return (
    <Fieldset legend={t("elasticities")} data-testid="tariff-elasticities">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput label={t("importDemand")} description={t("importDemandHint")} value={state.em} onChange={(v) => set("em", v)} error={errors.em} step={0.1} data-testid="tariff-em" {...numberProps} />
        <NumberInput label={t("substitution")} description={t("substitutionHint")} value={state.sigma} onChange={(v) => set("sigma", v)} error={errors.sigma} step={0.1} data-testid="tariff-sigma" {...numberProps} />
        <NumberInput label={t("exportSupply")} description={t("exportSupplyHint")} value={state.ex} onChange={(v) => set("ex", v)} error={errors.ex} data-testid="tariff-ex" {...numberProps} />
      </SimpleGrid>
      <Group justify="flex-end" mt="xs">
        <Button
          variant="subtle"
          size="xs"
          onClick={() => {
            set("em", DEFAULT_ELASTICITIES.importDemand);
            set("sigma", DEFAULT_ELASTICITIES.substitution);
            set("ex", DEFAULT_ELASTICITIES.exportSupply);
          }}
        >
          {t("resetElasticities")}
        </Button>
      </Group>
    </Fieldset>
  );
}

/** The product depth of the simulation, where the data offers more than one. */
function DepthControl({ depths, value, onChange }: { depths: readonly ProductDepth[]; value: ProductDepth; onChange: (value: string) => void }) {
  const t = useTranslations("tariff.form");
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="tariff-depth-label">
        {t("depth")}
      </Text>
      <SegmentedControl
        aria-labelledby="tariff-depth-label"
        data-testid="tariff-depth"
        value={value}
        onChange={onChange}
        data={depths.map((d) => ({ value: d, label: t(`depths.${d}`) }))}
      />
    </Stack>
  );
}
