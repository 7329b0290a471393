/** Complexity answers: ECI and PCI rankings, and a country's diversification opportunities. */
import "server-only";
import type { ChartRow } from "@/domain/charts/types";
import { colorOrGrey } from "@/domain/charts/presentation";
import type { GoodsQuestion } from "@/domain/catalog/catalog";
import { nearestYear } from "@/domain/catalog/catalog";
import type { ChatContext } from "@/domain/chat/types";
import { ALL, SHOW } from "@/domain/visualize/state";
import { latestRanking, rankedYears } from "@/server/catalog/catalog";
import { dataApiUrl, type DataQuery } from "@/server/warehouse/client";
import { getComplexitySet } from "@/server/warehouse/registry";
import { choose } from "../sources";
import { NoData, num, str, value, list, type Env, type Body, withMissing, run } from "./shared";
import { geo, builder, yearTime, sectionGroups, countryRows, sectionOf, productKind } from "./views";

/** Complexity answers name the trade data they were computed from (the year's goods dataset). */
function complexitySource(env: Env, depth: string, year: number): { source: string; complexity: true } {
  const question: GoodsQuestion = { depth: depth === "hs6" ? "hs6" : "hs4", flow: "export" };
  return { source: choose(env.entries, question, year)?.source.source ?? "ots", complexity: true };
}

/** The complexity set of the newest ranking, its ranked years, and the year to answer. */
async function complexityYear(ctx: ChatContext) {
  const latest = await latestRanking();
  if (!latest) throw new NoData("noRanking");
  const setKey = latest.dataset.replace(/^complexity_/, "");
  const set = getComplexitySet(setKey);
  if (!set) throw new NoData("noRanking");
  const years = (await rankedYears(setKey)).filter((e) => !e.partial).map((e) => e.year);
  if (years.length === 0) throw new NoData("noRanking");
  const year = ctx.year === null ? years.at(-1)! : (nearestYear(years.map((y) => ({ year: y })), ctx.year)?.year ?? years.at(-1)!);
  return { set, years, year, missing: ctx.year !== null && ctx.year !== year ? { asked: ctx.year, used: year } : null };
}

export async function rankingComplexity(ctx: ChatContext, env: Env): Promise<Body> {
  const { set, years, year, missing } = await complexityYear(ctx);
  const f = env.figures;
  if (ctx.index === "pci") {
    const level = set.productLevel;
    // The answered year's ranking (every product, one year: a page holds it even at HS6), then the
    // series of the products shown only: every product over every year would overrun a page.
    const query: DataQuery = { cube: set.cubes.pci, drilldowns: ["Year", level], measures: ["PCI", "PCI Rank"], time: { kind: "list", years: [year] } };
    const inYear = (await run(query, env.locale)).filter((r) => num(r["PCI Rank"]) !== null).sort((x, y) => value(x, "PCI Rank") - value(y, "PCI Rank"));
    if (inYear.length === 0) throw new NoData("noRanking");
    const [top, ...rest] = inYear;
    let text = env.t("rankingPci", {
      year: String(year),
      top: str(top[level]),
      topValue: f.index(env.t("figure.pci", { name: str(top[level]) }), value(top, "PCI")),
      others: rest.length ? list(rest.slice(0, 2).map((r) => str(r[level])), env.locale) : "none",
    });
    const asked = ctx.product && ctx.product.kind === level.toLowerCase() ? inYear.find((r) => str(r[`${level} ID`]) === ctx.product!.id) : undefined;
    if (ctx.product && asked) {
      text += ` ${env.t("rankPci", {
        product: ctx.product.name,
        rank: f.rank(env.t("figure.rank", { name: ctx.product.name }), value(asked, "PCI Rank")),
        count: f.count(env.t("figure.products"), inYear.length),
        value: f.index(env.t("figure.pci", { name: ctx.product.name }), value(asked, "PCI")),
      })}`;
    }
    const shown = new Set([...(asked ? [str(asked[`${level} ID`])] : []), ...inYear.slice(0, 5).map((r) => str(r[`${level} ID`]))]);
    const series = await run({ ...query, cuts: [{ level, ids: [...shown] }], time: { kind: "list", years } }, env.locale);
    const chartRows: ChartRow[] = series
      .filter((r) => shown.has(str(r[`${level} ID`])))
      .map((r) => {
        const id = str(r[`${level} ID`]);
        const section = sectionOf(env.members, level, id);
        return { id, name: str(r[level]), kind: productKind(level), color: colorOrGrey(env.members.sections.get(section)?.color), value: num(r.PCI), year: Number(r.Year), code: id };
      });
    return {
      text: withMissing(env, text, missing),
      chart: {
        title: env.t("chart.pci", { from: String(years[0]), to: String(years.at(-1)) }),
        spec: { type: "line", input: { rows: chartRows, years, dimension: level, values: "index" } },
        builderPath: builder(env.coverage, null, { classification: set.revision, chart: "tree_map", flow: "export", country: ALL, partner: ALL, product: SHOW, time: yearTime(year) }),
      },
      source: complexitySource(env, set.depth, year),
      years: String(year),
      apiUrl: dataApiUrl(query, env.locale),
      context: { ...ctx, intent: "ranking", index: "pci" },
    };
  }
  const query: DataQuery = { cube: set.cubes.eci, drilldowns: ["Year", "Country"], measures: ["ECI", "ECI Rank"], time: { kind: "list", years } };
  const rows = await run(query, env.locale);
  const inYear = rows.filter((r) => Number(r.Year) === year && num(r["ECI Rank"]) !== null).sort((x, y) => value(x, "ECI Rank") - value(y, "ECI Rank"));
  if (inYear.length === 0) throw new NoData("noRanking");
  const [top, ...rest] = inYear;
  const place = ctx.places.find((p) => p.kind === "country");
  const asked = place ? inYear.find((r) => str(r["Country ID"]) === place.id) : undefined;
  if (place && !asked) throw new NoData("notRanked");
  let text: string;
  if (place && asked) {
    text = env.t("rankEci", {
      year: String(year),
      place: place.name,
      rank: f.rank(env.t("figure.rank", { name: place.name }), value(asked, "ECI Rank")),
      count: f.count(env.t("figure.countries"), inYear.length),
      value: f.index(env.t("figure.eci", { name: place.name }), value(asked, "ECI")),
    });
  } else {
    text = env.t("rankingEci", {
      year: String(year),
      top: str(top.Country),
      topValue: f.index(env.t("figure.eci", { name: str(top.Country) }), value(top, "ECI")),
      others: rest.length ? list(rest.slice(0, 2).map((r) => str(r.Country)), env.locale) : "none",
    });
  }
  const shown = new Set([...(asked ? [str(asked["Country ID"])] : []), ...inYear.slice(0, asked ? 3 : 5).map((r) => str(r["Country ID"]))]);
  const chartRows = countryRows(rows.filter((r) => shown.has(str(r["Country ID"]))), "Country", env.members, "ECI");
  return {
    text: withMissing(env, text, missing),
    chart: {
      title: env.t("chart.eci", { from: String(years[0]), to: String(years.at(-1)) }),
      spec: { type: "line", input: { rows: chartRows, years, dimension: "Country", values: "index" } },
      builderPath: builder(env.coverage, null, { classification: set.revision, chart: "scatter", flow: "export", country: SHOW, partner: ALL, product: ALL, time: yearTime(year) }),
    },
    source: complexitySource(env, set.depth, year),
    years: String(year),
    apiUrl: dataApiUrl(query, env.locale),
    context: { ...ctx, intent: "ranking", index: "eci" },
  };
}

export async function opportunities(ctx: ChatContext, env: Env): Promise<Body> {
  const place = ctx.places[0];
  const { set, year, missing } = await complexityYear(ctx);
  const level = set.productLevel;
  const query: DataQuery = {
    cube: set.cubes.rca,
    drilldowns: [level],
    measures: ["Opportunity Gain", "RCA"],
    cuts: [{ level: "Country", ids: [place.id] }],
    time: { kind: "list", years: [year] },
    sort: [{ key: "Opportunity Gain", direction: "desc" }],
  };
  const rows = (await run(query, env.locale)).filter((r) => (num(r.RCA) ?? 0) < 1 && (num(r["Opportunity Gain"]) ?? 0) > 0);
  if (rows.length === 0) throw new NoData("notRanked");
  const top = rows.slice(0, 10);
  const f = env.figures;
  const names = top.slice(0, 3).map((r) => str(r[level]));
  const text = env.t("opportunities", {
    year: String(year),
    place: place.name,
    first: names[0],
    value: f.index(env.t("figure.gain", { name: names[0] }), value(top[0], "Opportunity Gain")),
    others: names.length > 1 ? list(names.slice(1), env.locale) : "none",
  });
  const chartRows: ChartRow[] = top.map((r) => {
    const id = str(r[`${level} ID`]);
    const section = sectionOf(env.members, level, id);
    return { id, name: str(r[level]), kind: productKind(level), color: colorOrGrey(env.members.sections.get(section)?.color), group: section, value: num(r["Opportunity Gain"]), code: id };
  });
  return {
    text: withMissing(env, text, missing),
    chart: {
      title: env.t("chart.opportunities", { place: place.name, year: String(year) }),
      spec: { type: "treemap", input: { rows: chartRows, groups: sectionGroups(chartRows, env.members), year, dimension: level } },
      builderPath: builder(env.coverage, null, { classification: set.revision, chart: "network", flow: "export", country: geo(place), partner: ALL, product: SHOW, time: yearTime(year) }),
    },
    source: complexitySource(env, set.depth, year),
    years: String(year),
    apiUrl: dataApiUrl(query, env.locale),
    context: { ...ctx, intent: "opportunities" },
  };
}
