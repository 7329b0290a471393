/**
 * Runs a settled chat question against the warehouse and phrases the answer: one or two sentences
 * whose every number is listed in `figures`, a chart (the builder's own input types), the same view
 * in the visualisation builder, the /api/data query behind it, the source and years, and links to
 * the profiles. One or two warehouse queries per answer; datasets and years from the catalogue.
 *
 * One file per intent family (trade, value, growth, complexity); what they share is in shared.ts
 * (environment, body, figures) and views.ts (links, builder paths, chart rows). Colours come from
 * the domain palette (domain/charts/presentation) and the members' section/continent colours.
 */
import "server-only";
import type { PlanContext } from "@/domain/chat/plan";
import type { ChatAnswer, ChatContext } from "@/domain/chat/types";
import { vizCoverage } from "@/domain/visualize/coverage";
import { dataCatalog } from "@/server/catalog/catalog";
import { vizMembers } from "@/server/visualize/members";
import { NoData, Figures, type AnswerEnv, type Env, type Body } from "./shared";
import { linksFor } from "./views";
import { valueOf, compare } from "./value";
import { topProducts, topPartners, exporters } from "./trade";
import { growthOf } from "./growth";
import { rankingComplexity, opportunities } from "./complexity";

export { NoData, type AnswerEnv, type Translate } from "./shared";

/** Fixes an open range ("since 2000") at run time: growth works it out from the data. */
function closed(ctx: PlanContext): ChatContext {
  return { ...ctx, range: ctx.range ? { from: ctx.range.from, to: ctx.range.to ?? ctx.range.from } : null };
}

export async function answerPlan(ctx: PlanContext, base: AnswerEnv): Promise<ChatAnswer> {
  const [catalog, members] = await Promise.all([dataCatalog(), vizMembers(base.locale)]);
  const env: Env = { ...base, entries: catalog.entries, coverage: vizCoverage(catalog.entries), members, figures: new Figures(base.locale) };
  let body: Body;
  switch (ctx.intent) {
    case "topProducts":
      body = await topProducts(closed(ctx), env);
      break;
    case "topPartners":
      body = await topPartners(closed(ctx), env);
      break;
    case "whoExports":
      body = await exporters(closed(ctx), env, "whoExports");
      break;
    case "ranking":
      body = ctx.index === "eci" || ctx.index === "pci" ? await rankingComplexity(closed(ctx), env) : await exporters(closed(ctx), env, "ranking");
      break;
    case "value":
      body = await valueOf(closed(ctx), env);
      break;
    case "growth":
      body = await growthOf(ctx, env);
      break;
    case "compare":
      body = await compare(closed(ctx), env);
      break;
    case "opportunities":
      body = await opportunities(closed(ctx), env);
      break;
    default:
      throw new NoData("noData");
  }
  const sourceName =
    body.source && "complexity" in body.source
      ? env.t("complexitySource", { source: env.sourceName(body.source.source) })
      : body.source
        ? env.sourceName(body.source.source)
        : "";
  // The context keeps "newest" as null so a follow-up in another flow finds its own newest year.
  return {
    status: "answered",
    text: body.text,
    figures: env.figures.list,
    chart: body.chart,
    source: body.source ? { name: sourceName, years: body.years } : null,
    apiUrl: body.apiUrl,
    links: linksFor(body.context, env.t),
    suggestions: [],
    context: body.context,
    engine: "interpreter",
  };
}
