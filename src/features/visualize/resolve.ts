/**
 * Server side of a /visualize page: URL segments -> canonical state (or a redirect, or not found)
 * -> plan (or problems) -> data, title and the options of the control panel. Shared by the full
 * page and the embed route.
 */
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { productUrlId } from "@/domain/visualize/catalog";
import { DEFAULT_AXES } from "@/domain/charts/measures";
import type { ProductRef, VizState } from "@/domain/visualize/state";
import { buildVizPath, formatTime, parseVizPath, requestedVizPath, type QueryInput } from "@/domain/visualize/urlCodec";
import type { YearCoverage } from "@/domain/visualize/coverage";
import { regionsToken } from "@/domain/visualize/regions";
import { planView, type Problem, type ViewPlan } from "@/domain/visualize/views";
import type { VizData } from "@/domain/visualize/data";
import { loadView } from "@/server/visualize/view";
import { vizCatalog, vizMembers, type VizMembers } from "@/server/visualize/members";
import { isWarehouseError } from "@/server/catalog/status";

export interface ControlOptions {
  countries: [string, string][];
  sections: [string, string][];
  hs2: [string, string][];
  hs4: [string, string][];
  /** The state's product when no list holds it (an HS6 subheading): [url id, label]. */
  current?: [string, string];
  /** Maps of regions the data hold ("esp.provinces", "Spain · Provinces"). */
  regions?: [string, string][];
}

export interface ExplainedProblem {
  code: Problem["code"];
  message: string;
  /** Locale-prefixed path of the fix. */
  fix?: string;
}

interface Common {
  state: VizState;
  coverage: YearCoverage;
  title: string;
  subtitle: string;
  /** Locale-prefixed canonical path and embed path. */
  path: string;
  embedPath: string;
  options: ControlOptions;
}

export type Resolution =
  | { kind: "redirect"; to: string; permanent: boolean }
  | { kind: "notFound" }
  | { kind: "unavailable" }
  | (Common & { kind: "problems"; problems: ExplainedProblem[]; suggestion?: string })
  | (Common & { kind: "ok"; data: VizData });

type Translator = Awaited<ReturnType<typeof getTranslations>>;

function productName(members: VizMembers, product: ProductRef): string {
  const table = members[product.level === "section" ? "sections" : product.level];
  return table.get(product.code)?.name ?? product.code;
}

function countryName(members: VizMembers, id: string): string {
  return members.countries.get(id)?.name ?? id.toUpperCase();
}

/** The question the chart answers, in the page language. */
export function vizTitle(state: VizState, members: VizMembers, t: Translator): string {
  const country = state.country.kind === "country" ? countryName(members, state.country.id) : t("visualize.world");
  const countryStart = state.country.kind === "country" ? country : t("visualize.worldName");
  const partner = state.partner.kind === "country" ? countryName(members, state.partner.id) : "";
  const product = state.product.kind === "product" ? productName(members, state.product.product) : "";
  const flow = state.flow;
  if (state.chart === "geomap" && state.regions) {
    const place = countryName(members, state.regions.country);
    return product ? t(`visualize.titles.${flow}.regionsProduct`, { country: place, product }) : t(`visualize.titles.${flow}.regions`, { country: place });
  }
  if (state.chart === "scatter") {
    const entity = state.product.kind === "show" ? "product" : "country";
    const axes = { x: state.x ?? DEFAULT_AXES[entity].x, y: state.y ?? DEFAULT_AXES[entity].y };
    const names = { x: t(`charts.measures.${axes.x}`), y: t(`charts.measures.${axes.y}`) };
    return entity === "product" ? t("visualize.titles.scatterProducts", { country, ...names }) : t("visualize.titles.scatterCountries", names);
  }
  if (state.chart === "network") return t("visualize.titles.network", { country });
  if (state.product.kind === "show") {
    return partner ? t(`visualize.titles.${flow}.productsPartner`, { country, partner }) : t(`visualize.titles.${flow}.products`, { country });
  }
  if (state.partner.kind === "show") {
    return product ? t(`visualize.titles.${flow}.partnersProduct`, { country, product }) : t(`visualize.titles.${flow}.partners`, { country });
  }
  if (state.country.kind === "show") {
    if (product && partner) return t(`visualize.titles.${flow}.countriesProductPartner`, { product, partner });
    if (product) return t(`visualize.titles.${flow}.countriesProduct`, { product });
    if (partner) return t(`visualize.titles.${flow}.countriesPartner`, { partner });
    return t(`visualize.titles.${flow}.countries`);
  }
  return t(`visualize.titles.${flow}.total`, { country: countryStart });
}

function vizSubtitle(state: VizState, members: VizMembers, t: Translator, depth?: string, currency?: string): string {
  const parts = [formatTime(state.time).replace("-", "–")];
  if (state.chart === "geomap" && state.regions) {
    parts.push(t(`subnational.levels.${state.regions.level}`));
    if (state.product.kind === "product") parts.push(t("visualize.subtitle.product", { product: productName(members, state.product.product) }));
    if (currency) parts.push(currency === "USD" ? t("visualize.subtitle.units") : t("visualize.subtitle.currency", { currency }));
    return parts.join(" · ");
  }
  if (state.partner.kind === "country" && state.product.kind !== "show" && state.chart !== "scatter") {
    parts.push(t("visualize.subtitle.partner", { partner: countryName(members, state.partner.id) }));
  }
  if (state.product.kind === "product" && (state.partner.kind !== "show" || state.chart === "line")) {
    if (state.country.kind !== "show" && state.partner.kind !== "show") parts.push(t("visualize.subtitle.product", { product: productName(members, state.product.product) }));
  }
  if (depth) parts.push(t("visualize.subtitle.depth", { depth: t(`visualize.controls.${depth}`) }));
  if (state.chart !== "scatter") parts.push(t("visualize.subtitle.units"));
  return parts.join(" · ");
}

function controlOptions(members: VizMembers, locale: Locale, state: VizState, coverage: YearCoverage, t: Translator): ControlOptions {
  const collator = new Intl.Collator(locale);
  const byName = (a: [string, string], b: [string, string]) => collator.compare(a[1], b[1]);
  return {
    regions: (coverage.regions ?? [])
      .map((r): [string, string] => [regionsToken(r), t("visualize.controls.regionsOf", { country: countryName(members, r.country), level: t(`subnational.levels.${r.level}`) })])
      .sort(byName),
    countries: [...members.countries.values()].filter((c) => !c.aggregate).map((c): [string, string] => [c.id, c.name]).sort(byName),
    sections: [...members.sections.values()]
      .filter((s) => s.id !== "99")
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((s) => [s.id, s.name]),
    hs2: [...members.hs2.values()].map((m) => [productUrlId({ level: "hs2", code: m.id, section: m.parent ?? "" }), `${m.id} ${m.name}`]),
    hs4: [...members.hs4.values()].map((m) => [productUrlId({ level: "hs4", code: m.id, section: m.parent ?? "" }), `${m.id} ${m.name}`]),
    ...(state.product.kind === "product" && state.product.product.level === "hs6"
      ? { current: [productUrlId(state.product.product), `${state.product.product.code} ${productName(members, state.product.product)}`] as [string, string] }
      : {}),
  };
}

function problemMessage(problem: Problem, t: Translator): string {
  const params = { ...(problem.params ?? {}) };
  if (problem.code === "measureUnavailable" && typeof params.measure === "string") params.measure = t(`charts.measures.${params.measure}`);
  if (typeof params.depth === "string") params.depth = t(`visualize.controls.${params.depth}`);
  if (typeof params.depths === "string" && params.depths !== "–") params.depths = params.depths.split(", ").map((d) => t(`visualize.controls.${d}`)).join(", ");
  return t(`visualize.problems.${problem.code}`, params);
}

export async function resolveVisualization(segments: readonly string[], query: QueryInput, locale: Locale, options: { embed?: boolean } = {}): Promise<Resolution> {
  let catalog;
  try {
    catalog = await vizCatalog();
  } catch (error) {
    console.error(`[visualize] catalog unavailable: ${(error as Error).message}`);
    return { kind: "unavailable" };
  }
  const parsed = parseVizPath(segments, query, catalog);
  if (!parsed.ok) return { kind: "notFound" };
  const targetLocale = parsed.locale ?? locale;
  const embed = options.embed ?? false;
  const canonical = buildVizPath(parsed.state, catalog.coverage, { embed });
  const requested = `/visualize${embed ? "/embed" : ""}${requestedVizPath(segments, query).slice("/visualize".length)}`;
  if (canonical !== requested || targetLocale !== locale) {
    // A bare /visualize/{chart} opens today's default view, which may change: a temporary redirect.
    return { kind: "redirect", to: `/${targetLocale}${canonical}`, permanent: segments.length > 1 };
  }

  return resolveVizState(parsed.state, locale, { embed, catalog });
}

type Catalog = Awaited<ReturnType<typeof vizCatalog>>;
type Explained = Extract<Resolution, { kind: "problems" }>;

/** What both resolveVizState and planVizState start from: the catalogue, the names, title and paths. */
async function prepareState(state: VizState, locale: Locale, options: { embed?: boolean; catalog?: Catalog; controls?: boolean }) {
  let catalog = options.catalog;
  try {
    catalog ??= await vizCatalog();
  } catch (error) {
    console.error(`[visualize] catalog unavailable: ${(error as Error).message}`);
    return null;
  }
  const embed = options.embed ?? false;
  const [members, t] = await Promise.all([vizMembers(locale), getTranslations({ locale })]);
  const coverage = catalog.coverage;
  const common = {
    state,
    coverage,
    title: vizTitle(state, members, t),
    path: `/${locale}${buildVizPath(state, coverage)}`,
    embedPath: `/${locale}${buildVizPath(state, coverage, { embed: true })}`,
    // The control panel's lists (sorted names of every country and product): only where drawn.
    options: embed || options.controls === false ? { countries: [], sections: [], hs2: [], hs4: [] } : controlOptions(members, locale, state, coverage, t),
  };
  const explain = (problems: readonly Problem[], suggestion: VizState | undefined): Explained => ({
    ...common,
    kind: "problems",
    subtitle: vizSubtitle(state, members, t),
    problems: problems.map((p) => ({
      code: p.code,
      message: problemMessage(p, t),
      ...(p.fix ? { fix: `/${locale}${buildVizPath(p.fix, coverage)}` } : {}),
    })),
    ...(suggestion ? { suggestion: `/${locale}${buildVizPath(suggestion, coverage)}` } : {}),
  });
  /** The subtitle of a planned view; the currency of a regions map is known once its rows are. */
  const subtitle = (plan: ViewPlan, currency?: string) => {
    const showsDepth = plan.breakdown === "product" && state.chart !== "network" && state.chart !== "scatter";
    return vizSubtitle(state, members, t, showsDepth ? plan.depth : undefined, currency);
  };
  return { common, explain, subtitle };
}

/**
 * A typed view state (as profile sections build them: never a path string) -> title, plan and
 * data. The state is taken as given: callers build canonical states.
 */
export async function resolveVizState(
  state: VizState,
  locale: Locale,
  options: { embed?: boolean; catalog?: Catalog; controls?: boolean } = {},
): Promise<Exclude<Resolution, { kind: "redirect" } | { kind: "notFound" }>> {
  const prepared = await prepareState(state, locale, options);
  if (!prepared) return { kind: "unavailable" };
  let view;
  try {
    view = await loadView(state, locale);
  } catch (error) {
    if (isWarehouseError(error)) {
      console.error(`[visualize] ${error.code}: ${error.message}`);
      return { kind: "unavailable" };
    }
    throw error;
  }
  if (view.kind === "problems") return prepared.explain(view.problems, view.suggestion);
  return { ...prepared.common, kind: "ok", subtitle: prepared.subtitle(view.plan, view.data.regionMap?.currency), data: view.data };
}

export type Planning = { kind: "unavailable" } | Explained | (Common & { kind: "planned"; plan: ViewPlan });

/**
 * A typed view state -> title, subtitle, paths and plan, or the problems of planning it, without
 * loading its rows: for charts whose rows the browser loads once from /api/view (profile
 * sections). A regions map's subtitle leaves out its currency (known with the rows).
 */
export async function planVizState(state: VizState, locale: Locale, options: { catalog?: Catalog } = {}): Promise<Planning> {
  const prepared = await prepareState(state, locale, { ...options, controls: false });
  if (!prepared) return { kind: "unavailable" };
  const planned = planView(state, prepared.common.coverage);
  if (!planned.ok) return prepared.explain(planned.problems, planned.suggestion);
  return { ...prepared.common, kind: "planned", subtitle: prepared.subtitle(planned.plan), plan: planned.plan };
}
