"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useMemo, useTransition } from "react";
import type { Locale } from "@/domain/i18n/locales";
import { scatterMeasures } from "@/domain/charts/measures";
import type { YearCoverage } from "@/domain/visualize/coverage";
import type { VizState } from "@/domain/visualize/state";
import { buildVizPath } from "@/domain/visualize/urlCodec";
import { applyControl, controlView, type Control } from "./controlPanelModel";
import type { ControlOptions } from "./resolve";

/**
 * The control panel's behaviour: what it shows (controlView), the translated choices of its
 * selects, and `change(control)`, which applies a choice and navigates to the new state's URL.
 */
export function useControlPanel(state: VizState, coverage: YearCoverage, options: ControlOptions) {
  const currentProduct = options.current;
  const t = useTranslations("visualize");
  const tm = useTranslations("charts.measures");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  const change = (control: Control) => (value: string | null) => {
    const next = applyControl(state, { control, value }, coverage);
    if (next) startTransition(() => router.push(`/${locale}${buildVizPath(next, coverage)}`, { scroll: false }));
  };

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
  const view = useMemo(() => controlView(state, coverage), [state, coverage]);
  const measures = scatterMeasures(view.entity).map((m) => ({
    value: m.key,
    label: m.available ? tm(m.key) : t("controls.notAvailable", { name: tm(m.key) }),
    disabled: !m.available,
  }));
  const showLabels = { product: "showProducts", partner: "showPartners", country: "showCountries", total: "showTotal" } as const;
  const breakdowns = view.breakdowns.map((value) => ({ value, label: t(`controls.${showLabels[value]}`) }));
  return { t, pending, view, change, countryData, partnerData, productData, measures, breakdowns };
}
