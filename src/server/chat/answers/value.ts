/** Value answers: what a place trades (a year or a series), its trade balance, and two places compared. */
import "server-only";
import type { ChartRow } from "@/domain/charts/types";
import { SERIES_COLORS } from "@/domain/charts/presentation";
import type { GoodsQuestion, YearSource } from "@/domain/catalog/catalog";
import type { ChatChart, ChatContext, ChatEntity } from "@/domain/chat/types";
import { ALL, SHOW } from "@/domain/visualize/state";
import { dataApiUrl, type DataQuery, type DataRecord } from "@/server/warehouse/client";
import { BY_VALUE, choose, datasetYears, depthOf, placeQuery, tradeFlow } from "../sources";
import { NoData, value, sum, type Env, type Body, flowWord, withMissing, run } from "./shared";
import { geo, productSlot, builder, yearTime, rangeTime, productRows } from "./views";

/** The dataset answering a value question and its years (series for a line chart). */
function valueSource(ctx: ChatContext, env: Env, flow: "export" | "import") {
  const partner = ctx.places[1];
  const question: GoodsQuestion = { depth: depthOf(ctx.product), flow, ...(partner ? { bilateral: true } : {}) };
  const chosen = choose(env.entries, question, ctx.year);
  if (!chosen) throw new NoData("noData");
  return { chosen, question, years: datasetYears(env.entries, question, chosen.source) };
}

interface Series {
  query: DataQuery;
  byYear: Map<number, number>;
  breakdown?: { rows: DataRecord[]; level: string };
}

/** One place's value by year over a dataset's years (one query), or its product breakdown when the dataset has one year. */
async function series(env: Env, source: YearSource, years: number[], flow: "export" | "import", place: ChatEntity | undefined, partner: ChatEntity | undefined, product: ChatEntity | null): Promise<Series> {
  if (years.length >= 2) {
    const query = placeQuery(source, { flow, place, partner, product, years, drilldowns: ["Year"] });
    const rows = await run(query, env.locale);
    return { query, byYear: new Map(rows.map((r) => [Number(r.Year), value(r)])) };
  }
  const level = product ? ({ section: "Section", hs2: "HS2", hs4: "HS4", hs6: "HS6" } as Record<string, string>)[product.kind] : source.depth === "section" ? "Section" : "HS4";
  const query = placeQuery(source, { flow, place, partner, product, years, drilldowns: [level], parents: level !== "Section", sort: BY_VALUE });
  const rows = (await run(query, env.locale)).filter((r) => value(r) > 0);
  return { query, byYear: new Map([[source.year, sum(rows)]]), breakdown: { rows, level } };
}

export function lineRows(id: string, name: string, color: string, byYear: Map<number, number>): ChartRow[] {
  return [...byYear].sort((a, b) => a[0] - b[0]).map(([year, v]) => ({ id, name, kind: "country" as const, color, value: v, year }));
}

export async function valueOf(ctx: ChatContext, env: Env): Promise<Body> {
  const [place, partner] = ctx.places;
  const product = ctx.product;
  const subject = place ?? ({ kind: "world", id: "wld", name: env.t("world") } as ChatEntity);
  if (ctx.flow === "balance") return balanceOf(ctx, env, subject);
  const flow = tradeFlow(ctx.flow);
  const { chosen, years } = valueSource(ctx, env, flow);
  const { source } = chosen;
  const s = await series(env, source, years, flow, place, partner, product);
  const year = source.year;
  const v = s.byYear.get(year) ?? 0;
  if (v <= 0) throw new NoData("noData");
  const f = env.figures;
  const key = product && partner ? "valueProductPartner" : product ? "valueProduct" : partner ? "valuePartner" : "value";
  const text = env.t(key, {
    flow: flowWord(flow),
    year: String(year),
    place: subject.name,
    partner: partner?.name ?? "",
    product: product?.name ?? "",
    value: f.usd(env.t("figure.value", { place: subject.name, year: String(year) }), v),
  });
  const time = s.breakdown ? yearTime(year) : rangeTime(years[0], years.at(-1)!);
  const chart: ChatChart = s.breakdown
    ? {
        title: env.t("chart.products", { flow: flowWord(flow), place: subject.name, year: String(year) }),
        spec: { type: "treemap", input: { rows: productRows(s.breakdown.rows, s.breakdown.level, env.members), groups: [], year, dimension: s.breakdown.level } },
        builderPath: builder(env.coverage, source, { chart: "tree_map", flow, country: geo(place), partner: partner ? geo(partner) : ALL, product: SHOW, time }),
      }
    : {
        title: env.t("chart.series", { flow: flowWord(flow), place: subject.name, from: String(years[0]), to: String(years.at(-1)) }),
        spec: { type: "line", input: { rows: lineRows(subject.id, subject.name, SERIES_COLORS[0], s.byYear), years, dimension: "Country" } },
        builderPath: builder(env.coverage, source, { chart: "line", flow, country: geo(place), partner: partner ? geo(partner) : ALL, product: productSlot(product, env.members), time }),
      };
  return {
    text: withMissing(env, text, chosen.missing !== null ? { asked: chosen.missing, used: year } : null),
    chart,
    source,
    years: String(year),
    apiUrl: dataApiUrl(s.query, env.locale),
    context: { ...ctx, intent: "value" },
  };
}

async function balanceOf(ctx: ChatContext, env: Env, subject: ChatEntity): Promise<Body> {
  const [place, partner] = ctx.places;
  const product = ctx.product;
  // Both flows from one dataset: the datasets holding imports hold exports too.
  const { chosen, years } = valueSource(ctx, env, "import");
  const { source } = chosen;
  const [exp, imp] = await Promise.all([
    series(env, source, years, "export", place, partner, product),
    series(env, source, years, "import", place, partner, product),
  ]);
  const year = source.year;
  const e = exp.byYear.get(year) ?? 0;
  const i = imp.byYear.get(year) ?? 0;
  if (e <= 0 && i <= 0) throw new NoData("noData");
  const f = env.figures;
  const text = env.t("balance", {
    year: String(year),
    place: subject.name,
    exports: f.usd(env.t("figure.exports", { place: subject.name, year: String(year) }), e),
    imports: f.usd(env.t("figure.imports", { place: subject.name, year: String(year) }), i),
    kind: e >= i ? "surplus" : "deficit",
    balance: f.usd(env.t("figure.balance", { place: subject.name, year: String(year) }), Math.abs(e - i)),
  });
  const multi = years.length >= 2;
  const balance = new Map([...exp.byYear].map(([y, v]) => [y, v - (imp.byYear.get(y) ?? 0)]));
  const rows = [
    ...lineRows("export", env.t("chart.exportsLabel"), SERIES_COLORS[0], exp.byYear),
    ...lineRows("import", env.t("chart.importsLabel"), SERIES_COLORS[1], imp.byYear),
    ...lineRows("balance", env.t("chart.balanceLabel"), SERIES_COLORS[2], balance),
  ];
  return {
    text: withMissing(env, text, chosen.missing !== null ? { asked: chosen.missing, used: year } : null),
    chart: {
      title: env.t("chart.balance", { place: subject.name }),
      spec: { type: "line", input: { rows, years: multi ? years : [year], dimension: "Trade Flow" } },
      builderPath: builder(env.coverage, source, { chart: "line", flow: "export", country: geo(place), partner: partner ? geo(partner) : ALL, product: productSlot(product, env.members), time: multi ? rangeTime(years[0], years.at(-1)!) : yearTime(year) }),
    },
    source,
    years: String(year),
    apiUrl: dataApiUrl(exp.query, env.locale),
    context: { ...ctx, intent: "value" },
  };
}

export async function compare(ctx: ChatContext, env: Env): Promise<Body> {
  const [a, b] = ctx.places;
  const flow = tradeFlow(ctx.flow);
  const product = ctx.product;
  const { chosen, years } = valueSource({ ...ctx, places: [a] }, env, flow);
  const { source } = chosen;
  const [sa, sb] = await Promise.all([series(env, source, years, flow, a, undefined, product), series(env, source, years, flow, b, undefined, product)]);
  const year = source.year;
  const va = sa.byYear.get(year) ?? 0;
  const vb = sb.byYear.get(year) ?? 0;
  if (va <= 0 && vb <= 0) throw new NoData("noData");
  const f = env.figures;
  const text = env.t(product ? "compareProduct" : "compare", {
    flow: flowWord(flow),
    year: String(year),
    product: product?.name ?? "",
    a: a.name,
    b: b.name,
    aValue: f.usd(env.t("figure.value", { place: a.name, year: String(year) }), va),
    bValue: f.usd(env.t("figure.value", { place: b.name, year: String(year) }), vb),
  });
  const multi = years.length >= 2;
  const chart: ChatChart = multi
    ? {
        title: env.t("chart.compare", { flow: flowWord(flow), a: a.name, b: b.name }),
        spec: { type: "line", input: { rows: [...lineRows(a.id, a.name, SERIES_COLORS[0], sa.byYear), ...lineRows(b.id, b.name, SERIES_COLORS[1], sb.byYear)], years, dimension: "Country" } },
        builderPath: builder(env.coverage, source, { chart: "line", flow, country: geo(a), partner: ALL, product: productSlot(product, env.members), time: rangeTime(years[0], years.at(-1)!) }),
      }
    : {
        title: env.t("chart.compare", { flow: flowWord(flow), a: a.name, b: b.name }),
        spec: {
          type: "treemap",
          input: {
            rows: [
              { id: a.id, name: a.name, kind: "country", color: SERIES_COLORS[0], value: va },
              { id: b.id, name: b.name, kind: "country", color: SERIES_COLORS[1], value: vb },
            ],
            groups: [],
            year,
            dimension: "Country",
          },
        },
        builderPath: builder(env.coverage, source, { chart: "tree_map", flow, country: SHOW, partner: ALL, product: productSlot(product, env.members), time: yearTime(year) }),
      };
  return {
    text: withMissing(env, text, chosen.missing !== null ? { asked: chosen.missing, used: year } : null),
    chart,
    source,
    years: String(year),
    apiUrl: dataApiUrl(sa.query, env.locale),
    context: { ...ctx, intent: "compare" },
  };
}
