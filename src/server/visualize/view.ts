/**
 * The view service: the one way a page gets chart data. A typed view state (never a path string)
 * is planned against the catalogue's years and loaded once per render: React's request cache,
 * keyed by the state's canonical JSON, hands the same loaded rows to every component that asks
 * (the chart, its table, the section's prose), so each number is fetched once.
 */
import "server-only";
import { cache } from "react";
import type { Locale } from "@/domain/i18n/locales";
import type { VizData } from "@/domain/visualize/data";
import type { VizState } from "@/domain/visualize/state";
import { decodeVizState, encodeVizState } from "@/domain/visualize/stateCodec";
import { planView, type Problem, type ViewPlan } from "@/domain/visualize/views";
import { loadVisualization } from "./load";
import { vizCatalog } from "./members";

export type ViewResult = { kind: "ok"; plan: ViewPlan; data: VizData } | { kind: "problems"; problems: Problem[]; suggestion?: VizState };

/** The state's canonical text (domain/visualize/stateCodec: the fields in a fixed order), so equal states share one cache entry. */
export function viewKey(state: VizState): string {
  return encodeVizState(state);
}

const loadByKey = cache(async (key: string, locale: Locale): Promise<ViewResult> => {
  const decoded = decodeVizState(key);
  if (!decoded.ok) throw new Error(`[visualize] not a view key: ${decoded.message}`);
  const viz = decoded.state;
  const catalog = await vizCatalog();
  const planned = planView(viz, catalog.coverage);
  if (!planned.ok) return { kind: "problems", problems: planned.problems, ...(planned.suggestion ? { suggestion: planned.suggestion } : {}) };
  return { kind: "ok", plan: planned.plan, data: await loadVisualization(planned.plan, locale) };
});

/** Plans and loads a view. Throws WarehouseError when the warehouse cannot answer. */
export function loadView(state: VizState, locale: Locale): Promise<ViewResult> {
  return loadByKey(viewKey(state), locale);
}
