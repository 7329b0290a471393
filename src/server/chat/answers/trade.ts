/** Trade composition answers: a place's top products, its top partners, and who exports a product. */
import "server-only";
import type { GoodsQuestion } from "@/domain/catalog/catalog";
import type { ChatContext } from "@/domain/chat/types";
import { firstRealRow } from "@/domain/profiles/residualProduct";
import { ALL, SHOW } from "@/domain/visualize/state";
import { dataApiUrl } from "@/server/warehouse/client";
import { BY_VALUE, choose, depthOf, placeQuery, tradeFlow } from "../sources";
import { NoData, str, value, sum, list, type Env, type Body, flowWord, withMissing, run } from "./shared";
import { geo, productSlot, builder, yearTime, productRows, sectionGroups, countryRows, continentGroups } from "./views";

export async function topProducts(ctx: ChatContext, env: Env): Promise<Body> {
  const flow = tradeFlow(ctx.flow);
  const [place, partner] = ctx.places;
  const bilateral = Boolean(partner);
  const q = (depth: "hs4" | "section"): GoodsQuestion => ({ depth, flow, ...(bilateral ? { bilateral: true } : {}) });
  let chosen = choose(env.entries, q("hs4"), ctx.year);
  const sections = choose(env.entries, q("section"), ctx.year);
  if ((!chosen || chosen.missing !== null) && sections && sections.missing === null) chosen = sections;
  if (!chosen) chosen = sections;
  if (!chosen) throw new NoData("noData");
  const { source } = chosen;
  const level = source.depth === "section" ? "Section" : "HS4";
  const query = placeQuery(source, { flow, place, partner, years: [source.year], drilldowns: [level], parents: level !== "Section", sort: BY_VALUE });
  const rows = (await run(query, env.locale)).filter((r) => value(r) > 0);
  if (rows.length === 0) throw new NoData("noData");
  const total = sum(rows);
  // Unclassified trade (HS 9999, section 99) is a line of the data, not a product: never the answer.
  const { top, residualAbove } = firstRealRow(rows, level, (r) => str(r[`${level} ID`]));
  if (!top) throw new NoData("noData");
  const f = env.figures;
  const year = source.year;
  const sentence = env.t(partner ? "topProductsPartner" : "topProducts", {
    flow: flowWord(flow),
    year: String(year),
    place: place.name,
    partner: partner?.name ?? "",
    total: f.usd(env.t("figure.total", { place: place.name, year: String(year) }), total),
    top: str(top[level]),
    topValue: f.usd(str(top[level]), value(top)),
    share: f.share(env.t("figure.share", { name: str(top[level]) }), value(top) / total),
  });
  const text = residualAbove
    ? `${sentence} ${env.t("unspecifiedLeftOut", { value: f.usd(str(residualAbove[level]), value(residualAbove)) })}`
    : sentence;
  const chartRows = productRows(rows, level, env.members);
  return {
    text: withMissing(env, text, chosen.missing !== null ? { asked: chosen.missing, used: year } : null),
    chart: {
      title: env.t("chart.products", { flow: flowWord(flow), place: place.name, year: String(year) }),
      spec: { type: "treemap", input: { rows: chartRows, groups: level === "Section" ? [] : sectionGroups(chartRows, env.members), year, dimension: level } },
      builderPath: builder(env.coverage, source, { chart: "tree_map", flow, country: geo(place), partner: partner ? geo(partner) : ALL, product: SHOW, time: yearTime(year) }),
    },
    source,
    years: String(year),
    apiUrl: dataApiUrl(query, env.locale),
    context: { ...ctx, intent: "topProducts" },
  };
}

export async function topPartners(ctx: ChatContext, env: Env): Promise<Body> {
  const flow = tradeFlow(ctx.flow);
  const [place] = ctx.places;
  const product = ctx.product;
  const chosen = choose(env.entries, { depth: depthOf(product), flow, bilateral: true }, ctx.year);
  if (!chosen) throw new NoData("noData");
  const { source } = chosen;
  const year = source.year;
  const query = placeQuery(source, { flow, place, product, years: [year], drilldowns: ["Partner"], parents: true, sort: BY_VALUE, excludeSelf: true });
  const partnerLevel = flow === "export" ? "Importer Country" : "Exporter Country";
  const rows = (await run(query, env.locale)).filter((r) => value(r) > 0 && !env.members.countries.get(str(r[`${partnerLevel} ID`]))?.aggregate);
  if (rows.length === 0) throw new NoData("noData");
  const total = sum(rows);
  const top = rows[0];
  const f = env.figures;
  const topName = str(top[partnerLevel]);
  const totalText = f.usd(env.t("figure.total", { place: place.name, year: String(year) }), total);
  f.count(env.t("figure.partners", { place: place.name }), rows.length);
  const text = env.t(product ? "topPartnersProduct" : "topPartners", {
    flow: flowWord(flow),
    year: String(year),
    place: place.name,
    product: product?.name ?? "",
    total: totalText,
    count: rows.length,
    top: topName,
    topValue: f.usd(topName, value(top)),
    share: f.share(env.t("figure.share", { name: topName }), value(top) / total),
  });
  const chartRows = countryRows(rows, partnerLevel, env.members);
  return {
    text: withMissing(env, text, chosen.missing !== null ? { asked: chosen.missing, used: year } : null),
    chart: {
      title: env.t("chart.partners", { flow: flowWord(flow), place: place.name, year: String(year) }),
      spec: { type: "treemap", input: { rows: chartRows, groups: continentGroups(chartRows, env.members), year, dimension: partnerLevel } },
      builderPath: builder(env.coverage, source, { chart: "tree_map", flow, country: geo(place), partner: SHOW, product: productSlot(product, env.members), time: yearTime(year) }),
    },
    source,
    years: String(year),
    apiUrl: dataApiUrl(query, env.locale),
    context: { ...ctx, intent: "topPartners" },
  };
}

/** Who exports a product (or, without one, the largest exporters): countries by value. */
export async function exporters(ctx: ChatContext, env: Env, intent: "whoExports" | "ranking"): Promise<Body> {
  const flow = tradeFlow(ctx.flow);
  const product = ctx.product;
  const chosen = choose(env.entries, { depth: depthOf(product), flow }, ctx.year);
  if (!chosen) throw new NoData("noData");
  const { source } = chosen;
  const year = source.year;
  const query = placeQuery(source, { flow, product, years: [year], drilldowns: ["Country"], parents: true, sort: BY_VALUE });
  const level = source.bilateral ? (flow === "export" ? "Exporter Country" : "Importer Country") : "Country";
  const rows = (await run(query, env.locale)).filter((r) => value(r) > 0 && !env.members.countries.get(str(r[`${level} ID`]))?.aggregate);
  if (rows.length === 0) throw new NoData("noData");
  const total = sum(rows);
  const f = env.figures;
  const [top, ...rest] = rows;
  const topName = str(top[level]);
  const others = rest.slice(0, 2).map((r) => str(r[level]));
  const asked = ctx.places.find((p) => p.kind === "country");
  const askedIndex = asked ? rows.findIndex((r) => str(r[`${level} ID`]) === asked.id) : -1;
  let text = env.t(product ? "whoExports" : "rankingTrade", {
    flow: flowWord(flow),
    year: String(year),
    product: product?.name ?? "",
    top: topName,
    topValue: f.usd(topName, value(top)),
    share: f.share(env.t("figure.share", { name: topName }), value(top) / total),
    others: others.length ? list(others, env.locale) : "none",
  });
  if (asked && askedIndex >= 0) {
    text += ` ${env.t("rankOf", {
      place: asked.name,
      rank: f.rank(env.t("figure.rank", { name: asked.name }), askedIndex + 1),
      count: f.count(env.t("figure.countries"), rows.length),
      value: f.usd(asked.name, value(rows[askedIndex])),
    })}`;
  }
  const chartRows = countryRows(rows, level, env.members);
  return {
    text: withMissing(env, text, chosen.missing !== null ? { asked: chosen.missing, used: year } : null),
    chart: {
      title: env.t(product ? "chart.exportersOf" : "chart.exporters", { flow: flowWord(flow), product: product?.name ?? "", year: String(year) }),
      spec: { type: "treemap", input: { rows: chartRows, groups: continentGroups(chartRows, env.members), year, dimension: level } },
      builderPath: builder(env.coverage, source, { chart: "tree_map", flow, country: SHOW, partner: ALL, product: productSlot(product, env.members), time: yearTime(year) }),
    },
    source,
    years: String(year),
    apiUrl: dataApiUrl(query, env.locale),
    context: { ...ctx, intent, index: intent === "ranking" ? "trade" : null },
  };
}
