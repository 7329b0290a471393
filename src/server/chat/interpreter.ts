/**
 * The data assistant's built-in interpreter (no language model needed): reads a question in
 * English, Spanish or Chinese, settles it in the conversation's context, runs it on the warehouse
 * and answers with numbers, a chart, the query and links (server/chat/answer). What it cannot map
 * gets an honest reply with questions built from what it did recognise; never an invented number.
 */
import "server-only";
import { createTranslator } from "next-intl";
import en from "@messages/en.json";
import es from "@messages/es.json";
import zh from "@messages/zh.json";
import { goodsYears, nearestYear } from "@/domain/catalog/catalog";
import { parseQuestion } from "@/domain/chat/parse";
import { contextProblem, planQuestion, type PlanContext, type PlanProblem } from "@/domain/chat/plan";
import { suggestionsFor, type Suggestion } from "@/domain/chat/suggest";
import type { ChatAnswer, ChatContext, ChatEntity, ChatRequest } from "@/domain/chat/types";
import type { Locale } from "@/domain/i18n/locales";
import { dataCatalog } from "@/server/catalog/catalog";
import { profileIndex } from "@/server/search/build";
import type { Entity, ProfileIndex } from "@/server/search/engine";
import { answerPlan, NoData, type AnswerEnv, type Translate } from "./answer";
import { baseDictionary, chatEntity, dictionaryFor, fuzzyEntity } from "./dictionary";
import { phraseKey } from "@/domain/chat/parse";
import { processValue } from "@/server/processState";
import { formatList } from "@/domain/format";

const MESSAGES = { en, es, zh } as const;

function translator(locale: Locale, namespace: "chat.answer" | "chat.suggest"): Translate {
  const t = createTranslator({ locale, messages: MESSAGES[locale] ?? en, namespace }) as unknown as Translate;
  return (key, values) => t(key, values);
}

function sourceNamer(locale: Locale): (key: string) => string {
  const sources = ((MESSAGES[locale] ?? en) as { data?: { sources?: Record<string, string> } }).data?.sources ?? {};
  return (key) => sources[key] ?? key;
}

function env(locale: Locale): AnswerEnv {
  return { locale, t: translator(locale, "chat.answer"), sourceName: sourceNamer(locale) };
}

const suggestionText = (locale: Locale, list: Suggestion[]) => {
  const t = translator(locale, "chat.suggest");
  return list.map((s) => t(s.key, s.values));
};

// ---------------------------------------------------------------------------------------------
// Starter questions: built from the data (the heaviest countries and product, the newest year)

interface StarterData {
  countries: Entity[];
  product: Entity | null;
  newest: number | null;
  since: number | null;
}

interface StarterState {
  data: StarterData | null;
  /** The profile index the data came from: a re-import makes a new one, and the starters follow. */
  index: ProfileIndex | null;
  loading: Promise<void> | null;
}
// In processState: the start-up warm-up (instrumentation) and the pages have module scopes of their own.
const starterState = processValue<StarterState>("chat/interpreter:starters", () => ({ data: null, index: null, loading: null }));

async function loadStarters(): Promise<void> {
  const index = await profileIndex();
  if (starterState.index === index && starterState.data) return;
  const countries = index
    .entitiesOf(["country"])
    .sort((a, b) => b.weight - a.weight)
    .slice(0, 4);
  const product = index.entitiesOf(["hs4"]).sort((a, b) => b.weight - a.weight)[0] ?? null;
  const years = goodsYears((await dataCatalog()).entries, { depth: "section", flow: "export" });
  const newest = years.at(-1)?.year ?? null;
  const since = newest === null ? null : (nearestYear(years.filter((y) => y.year < newest), newest - 20)?.year ?? null);
  starterState.data = { countries, product, newest, since };
  starterState.index = index;
}

function warmStarters(): void {
  if (starterState.loading) return;
  starterState.loading = loadStarters()
    .catch(() => {})
    .finally(() => {
      starterState.loading = null;
    });
}

/** Suggested questions for an empty chat, from the data (cached; generic ones until it is read). */
export function starterQuestions(locale: Locale): string[] {
  warmStarters();
  const data = starterState.data;
  const list: Suggestion[] = [];
  const [a, b, c, d] = (data?.countries ?? []).map((e) => chatEntity(e, locale));
  if (a) list.push({ key: "topProducts", values: { place: a.name } });
  if (b) list.push({ key: "topPartners", values: { place: b.name } });
  if (data?.product) list.push({ key: "whoExports", values: { product: chatEntity(data.product, locale).name } });
  if (c && data?.since) list.push({ key: "growth", values: { place: c.name, year: String(data.since) } });
  if (d && data?.newest) list.push({ key: "valueYear", values: { place: d.name, year: String(data.newest) } });
  list.push({ key: "rankingEci", values: {} });
  if (a) list.push({ key: "opportunities", values: { place: a.name } });
  if (!data) list.push({ key: "rankingTrade", values: {} }, { key: "rankingPci", values: {} });
  return suggestionText(locale, list);
}

/** Reads the starter data now (start-up warm-up and tests), unless the current index's is held. */
export async function primeStarters(): Promise<void> {
  await loadStarters();
}

// ---------------------------------------------------------------------------------------------

function unmatched(locale: Locale, problem: PlanProblem | "noData" | "noRanking" | "notRanked", entities: ChatEntity[], context: ChatContext | null): ChatAnswer {
  const t = translator(locale, "chat.answer");
  const names = formatList(entities.map((e) => e.name), locale);
  const first = entities.find((e) => e.kind !== "world") ?? entities[0];
  const key = problem === "noIntent" && !entities.length ? "nothing" : problem;
  const text = t(`unmatched.${key}`, { names, name: first?.name ?? "" });
  const suggestions = entities.length ? suggestionText(locale, suggestionsFor(entities, { sinceYear: starterState.data?.since ?? null })) : starterQuestions(locale).slice(0, 4);
  return { status: "unmatched", text, figures: [], chart: null, source: null, apiUrl: null, links: [], suggestions, context, engine: "interpreter" };
}

function failure(locale: Locale, error: unknown, context: ChatContext | null): ChatAnswer {
  console.error(`[chat] ${(error as Error)?.message ?? error}`);
  const t = translator(locale, "chat.answer");
  return { status: "error", text: t("error"), figures: [], chart: null, source: null, apiUrl: null, links: [], suggestions: [], context, engine: "interpreter" };
}

const entitiesOf = (c: Pick<ChatContext, "places" | "product">) => [...c.places, ...(c.product ? [c.product] : [])];

/** A context as the client sent it, checked field by field (anything odd is dropped). */
function cleanContext(context: ChatContext | PlanContext | null | undefined): PlanContext | null {
  if (!context || typeof context !== "object") return null;
  const entity = (e: unknown): ChatEntity | null =>
    e && typeof e === "object" && typeof (e as ChatEntity).id === "string" && typeof (e as ChatEntity).kind === "string" && typeof (e as ChatEntity).name === "string"
      ? { kind: (e as ChatEntity).kind, id: (e as ChatEntity).id.slice(0, 20), name: (e as ChatEntity).name.slice(0, 200) }
      : null;
  const year = (y: unknown) => (typeof y === "number" && Number.isInteger(y) && y >= 1900 && y <= 2100 ? y : null);
  const INTENTS = ["topProducts", "topPartners", "value", "growth", "compare", "ranking", "opportunities", "whoExports"];
  // "Since 2000": a range may stay open at the end (up to the newest year).
  const from = year(context.range?.from);
  const to = year(context.range?.to);
  const intent = INTENTS.includes(context.intent as string) ? context.intent : null;
  const range = from !== null ? { from: to !== null ? Math.min(from, to) : from, to: to !== null ? Math.max(from, to) : null } : intent === "growth" && year(context.year) !== null ? { from: year(context.year)!, to: null } : null;
  return {
    intent,
    places: Array.isArray(context.places) ? (context.places.map(entity).filter(Boolean) as ChatEntity[]).slice(0, 3) : [],
    product: entity(context.product),
    flow: context.flow === "import" || context.flow === "balance" ? context.flow : "export",
    year: intent === "growth" ? null : year(context.year),
    range,
    index: context.index === "eci" || context.index === "pci" || context.index === "trade" ? context.index : null,
  };
}

/** A context as answers carry it (an open range that no answer closed is dropped). */
const closedContext = (context: PlanContext): ChatContext => ({ ...context, range: context.range && context.range.to !== null ? { from: context.range.from, to: context.range.to } : null });

async function run(context: PlanContext, locale: Locale): Promise<ChatAnswer> {
  const problem = contextProblem(context);
  const visible = closedContext(context);
  if (problem) return unmatched(locale, problem, entitiesOf(context), visible);
  try {
    return await answerPlan(context, env(locale));
  } catch (error) {
    if (error instanceof NoData) return unmatched(locale, error.reason, entitiesOf(context), visible);
    return failure(locale, error, visible);
  }
}

/** Parse, resolve, run and phrase one question (with the previous answer's context for follow-ups). */
export async function answerQuestion(req: ChatRequest): Promise<ChatAnswer> {
  const locale = req.locale;
  warmStarters();
  const question = typeof req.question === "string" ? req.question.trim() : "";
  if (!question) {
    const t = translator(locale, "chat.answer");
    return { status: "unmatched", text: t("empty"), figures: [], chart: null, source: null, apiUrl: null, links: [], suggestions: starterQuestions(locale), context: null, engine: "interpreter" };
  }
  let index;
  try {
    index = await profileIndex();
  } catch (error) {
    return failure(locale, error, req.context ?? null);
  }
  const parsed = parseQuestion(question, dictionaryFor(baseDictionary(index), locale));
  const plan = planQuestion(parsed, cleanContext(req.context));
  if (plan.problem === "nothing") {
    const previous = cleanContext(req.context);
    return unmatched(locale, "nothing", [], previous && closedContext(previous));
  }
  return run(plan.context, locale);
}

/** Runs a fully specified question (the language model's query tool). */
export async function answerContext(context: ChatContext | PlanContext, locale: Locale): Promise<ChatAnswer> {
  const clean = cleanContext(context);
  if (!clean) return unmatched(locale, "nothing", [], null);
  return run(clean, locale);
}

/** An entity by name, code, alias or a typo of one, through the profile search index. */
export async function resolveEntity(text: string, locale: Locale): Promise<ChatEntity | null> {
  const phrase = phraseKey(String(text ?? "").slice(0, 200));
  if (!phrase) return null;
  const base = baseDictionary(await profileIndex());
  const exact = base.phrases.get(phrase)?.[0]?.entity;
  if (exact) return chatEntity(exact, locale);
  const fuzzy = fuzzyEntity(base, phrase);
  return fuzzy ? chatEntity(fuzzy, locale) : null;
}
