/** Growth answers: the change between two years of one series (never across datasets or releases). */
import "server-only";
import { SERIES_COLORS } from "@/domain/charts/presentation";
import type { GoodsQuestion, YearSource } from "@/domain/catalog/catalog";
import { goodsYears, nearestYear, seriesKey } from "@/domain/catalog/catalog";
import { changeOf, figure, provenanceOf } from "@/domain/catalog/figure";
import type { PlanContext } from "@/domain/chat/plan";
import type { ChatEntity } from "@/domain/chat/types";
import { ALL } from "@/domain/visualize/state";
import { dataApiUrl } from "@/server/warehouse/client";
import { depthOf, placeQuery, tradeFlow } from "../sources";
import { NoData, value, type Env, type Body, flowWord, run } from "./shared";
import { geo, productSlot, builder, rangeTime } from "./views";
import { lineRows } from "./value";

export async function growthOf(ctx: PlanContext, env: Env): Promise<Body> {
  const [place, partner] = ctx.places;
  const product = ctx.product;
  const subject = place ?? ({ kind: "world", id: "wld", name: env.t("world") } as ChatEntity);
  const flow = tradeFlow(ctx.flow);
  const question: GoodsQuestion = { depth: depthOf(product), flow, ...(partner ? { bilateral: true } : {}) };
  const all = goodsYears(env.entries, question);
  if (all.length === 0) throw new NoData("noData");
  // Growth compares two years of one series: one dataset in one release (OTS HS4 holds two
  // releases, 1962/1980/2017 and 2018; comparing across them would count the cleaning as trade).
  const groups = new Map<string, YearSource[]>();
  for (const y of all) groups.set(seriesKey(y), [...(groups.get(seriesKey(y)) ?? []), y]);
  const wantTo = ctx.range?.to ?? ctx.year ?? null;
  let best: { years: YearSource[]; from: YearSource; to: YearSource; score: number } | null = null;
  for (const years of groups.values()) {
    if (years.length < 2) continue;
    const to = wantTo === null ? years.at(-1)! : nearestYear(years, wantTo)!;
    const wantFrom = ctx.range?.from ?? to.year - 10;
    const from = nearestYear(years.filter((y) => y.year < to.year), wantFrom);
    if (!from) continue;
    const score = (from.year === wantFrom ? 2 : 0) + (wantTo === null || to.year === wantTo ? 2 : 0) - Math.abs(from.year - wantFrom) / 100 + years.length / 10_000;
    if (!best || score > best.score) best = { years, from, to, score };
  }
  if (!best) throw new NoData("noData");
  const { from, to } = best;
  const years = best.years.map((y) => y.year).filter((y) => y >= from.year && y <= to.year);
  const query = placeQuery(to, { flow, place, partner, product, years, drilldowns: ["Year"] });
  const rows = await run(query, env.locale);
  const byYear = new Map(rows.map((r) => [Number(r.Year), value(r)]));
  const a = byYear.get(from.year) ?? 0;
  const b = byYear.get(to.year) ?? 0;
  if (a <= 0 || b <= 0) throw new NoData("noData");
  const f = env.figures;
  // Through the one rule (changeOf): a change across two series would throw, never print.
  const change = changeOf(figure(a, provenanceOf(from)), figure(b, provenanceOf(to)))!;
  const cagr = Math.pow(b / a, 1 / (to.year - from.year)) - 1;
  const text = env.t(product ? "growthProduct" : partner ? "growthPartner" : "growth", {
    flow: flowWord(flow),
    place: subject.name,
    partner: partner?.name ?? "",
    product: product?.name ?? "",
    fromYear: String(from.year),
    toYear: String(to.year),
    from: f.usd(env.t("figure.value", { place: subject.name, year: String(from.year) }), a),
    to: f.usd(env.t("figure.value", { place: subject.name, year: String(to.year) }), b),
    direction: b >= a ? "up" : "down",
    change: f.growth(env.t("figure.change", { from: String(from.year), to: String(to.year) }), change),
    cagr: f.growth(env.t("figure.cagr"), cagr),
  });
  const notes: string[] = [];
  // An asked year the data holds, but only in another series than any later year: say so, not "no data".
  const held = (year: number) => all.some((y) => y.year === year);
  if (ctx.range && ctx.range.from !== from.year && held(ctx.range.from)) notes.push(env.t("seriesBreak", { asked: String(ctx.range.from), from: String(from.year), to: String(to.year) }));
  else if (ctx.range && ctx.range.from !== from.year) notes.push(env.t("yearMissing", { asked: String(ctx.range.from), used: String(from.year) }));
  else if (ctx.range?.to && ctx.range.to !== to.year) notes.push(env.t("yearMissing", { asked: String(ctx.range.to), used: String(to.year) }));
  return {
    text: [text, ...notes].join(" "),
    chart: {
      title: env.t("chart.series", { flow: flowWord(flow), place: subject.name, from: String(from.year), to: String(to.year) }),
      spec: { type: "line", input: { rows: lineRows(subject.id, subject.name, SERIES_COLORS[0], byYear), years, dimension: "Country" } },
      builderPath: builder(env.coverage, to, { chart: "line", flow, country: geo(place), partner: partner ? geo(partner) : ALL, product: productSlot(product, env.members), time: rangeTime(from.year, to.year) }),
    },
    source: to,
    years: `${from.year}–${to.year}`,
    apiUrl: dataApiUrl(query, env.locale),
    context: { ...ctx, intent: "growth", year: null, range: { from: from.year, to: to.year } },
  };
}
