/**
 * What a question means in its conversation: the parsed words, settled into one intent with its
 * places, product, flow and years, inheriting from the previous answer's context when the question
 * continues it ("and imports?", "what about 2010?", "y Perú?", "那进口呢？"). Pure.
 */
import type { IntentTag } from "./lexicon";
import { isProduct, type ChatIndex, type ParsedQuestion } from "./parse";
import type { ChatContext, ChatEntity, ChatFlow, ChatIntent } from "./types";

/** A context whose range may still be open at the end ("since 2000": up to the newest year). */
export interface PlanContext extends Omit<ChatContext, "range"> {
  range: { from: number; to: number | null } | null;
}

export type PlanProblem =
  /** Nothing in the question was understood. */
  | "nothing"
  /** Names or years, but no question about them. */
  | "noIntent"
  /** The question needs a country (or group) and has none. */
  | "needPlace"
  /** A comparison needs two places. */
  | "needTwoPlaces"
  /** Opportunities are computed for countries only. */
  | "needCountry";

export interface Plan {
  context: PlanContext;
  problem: PlanProblem | null;
  /** The question continued the previous one. */
  followUp: boolean;
}

const isRealPlace = (e: ChatEntity) => e.kind !== "world";

/** The intent the words ask for, given what they name. */
function settleIntent(tags: readonly IntentTag[], index: ChatIndex | null, places: readonly ChatEntity[], product: ChatEntity | null, partner: boolean, flowSaid: boolean, ranged = false): ChatIntent | null {
  const has = (t: IntentTag) => tags.includes(t);
  const place = places.some(isRealPlace);
  if (has("opportunities") && place) return "opportunities";
  if (has("compare")) return "compare";
  if (has("ranking") && (index === "eci" || index === "pci")) return "ranking";
  if (has("ranking")) return product ? "whoExports" : "ranking";
  if (has("growth")) return "growth";
  if (has("topPartners") && place) return "topPartners";
  if (has("who")) return place ? "topPartners" : product ? "whoExports" : "ranking";
  if (has("value")) return places.length || product ? "value" : null;
  if (has("topProducts") || (has("what") && flowSaid)) return product && !place ? "whoExports" : places.length ? "topProducts" : null;
  if (index) return "ranking";
  if (has("opportunities")) return "opportunities";
  if (places.length && product) return "value";
  if (places.filter(isRealPlace).length >= 2) return partner ? "value" : "compare";
  if (places.length && flowSaid) return ranged ? "growth" : "topProducts";
  if (product && flowSaid) return "whoExports";
  return null;
}

export function contextProblem(c: PlanContext): PlanProblem | null {
  return problemOf(c);
}

function problemOf(c: PlanContext): PlanProblem | null {
  const real = c.places.filter(isRealPlace);
  switch (c.intent) {
    case null:
      return "noIntent";
    case "compare":
      return real.length >= 2 ? null : "needTwoPlaces";
    case "opportunities":
      return c.places[0]?.kind === "country" ? null : c.places.length ? "needCountry" : "needPlace";
    case "topPartners":
      return real.length ? null : "needPlace";
    case "topProducts":
    case "value":
    case "growth":
      return c.places.length || (c.intent !== "topProducts" && c.product) ? null : "needPlace";
    default:
      return null;
  }
}

/** Adjustments every intent needs: balance only as a value, a value over a range is growth... */
function normalise(c: PlanContext): PlanContext {
  const out = { ...c };
  if (out.intent === "value" && out.range) out.intent = "growth";
  if (out.flow === "balance" && (out.intent === "topProducts" || out.intent === "topPartners" || out.intent === "whoExports" || out.intent === "compare" || out.intent === "growth")) {
    out.intent = "value";
  }
  if (out.intent === "whoExports" || out.intent === "ranking") {
    // "Top exporters in the world": the world is where, not who.
    out.places = out.places.filter(isRealPlace);
  }
  if (out.intent === "ranking") out.index = out.index ?? "trade";
  else if (out.intent !== "whoExports") out.index = null;
  if (out.intent === "whoExports") out.index = null;
  if (out.intent !== "growth" && out.range) {
    // One year answers: the end of the range.
    out.year = out.range.to;
    out.range = null;
  }
  return out;
}

function fresh(p: ParsedQuestion): PlanContext {
  const product = p.products[0] ?? null;
  const intent = settleIntent(p.tags, p.index, p.places, product, p.partner, p.flow !== null, p.range !== null);
  const growth = intent === "growth";
  return {
    intent,
    places: p.places,
    product,
    flow: p.flow ?? "export",
    year: growth ? null : p.year,
    range: p.range ?? (growth && p.year !== null ? { from: p.year, to: null } : null),
    index: p.index,
  };
}

/** A follow-up: the previous context with what the new question changes. */
function continued(p: ParsedQuestion, prev: PlanContext): PlanContext {
  let places = [...prev.places];
  let product = prev.product;
  let intent: ChatIntent | null = prev.intent;
  const newPlaces = p.places;
  if (newPlaces.length >= 2) places = [...newPlaces];
  else if (newPlaces.length === 1) {
    const [place] = newPlaces;
    if (prev.intent === "compare" && places.length >= 2 && !p.tags.length) places = [places[0], place];
    else if (prev.intent === "whoExports" && !p.products.length) {
      places = [place];
      intent = "value";
    } else places = [place, ...places.slice(1)].filter((e, i, all) => all.findIndex((x) => x.kind === e.kind && x.id === e.id) === i);
  }
  if (p.products.length) product = p.products[0];
  // The second place stays a partner unless the new question names two places of its own.
  const partner = newPlaces.length >= 2 ? p.partner : places.length >= 2 && prev.intent !== "compare";
  if (p.tags.some((t) => t !== "what") || p.index || intent === null) {
    const settled = settleIntent(p.tags, p.index ?? prev.index ?? null, places, product, partner, p.flow !== null);
    if (settled) intent = settled;
    // A general question ("which economies are the most complex?") is not about the previous place
    // unless it says so ("what is its ranking?").
    if ((settled === "ranking" || settled === "whoExports") && newPlaces.length === 0 && !p.pronoun) places = [];
    if (settled === "ranking" && !p.products.length && !p.pronoun) product = null;
  }
  const flow: ChatFlow = p.flow ?? prev.flow;
  let year = prev.year;
  let range: PlanContext["range"] = prev.range;
  if (p.range) {
    range = p.range;
    year = null;
  } else if (p.year !== null) {
    if (intent === "growth") range = { from: p.year, to: prev.range?.to != null && prev.range.to > p.year ? prev.range.to : null };
    else {
      year = p.year;
      range = null;
    }
  }
  return { intent, places, product, flow, year, range, index: p.index ?? prev.index ?? null };
}

export function planQuestion(parsed: ParsedQuestion, previous: ChatContext | PlanContext | null): Plan {
  const named = parsed.places.length + parsed.products.length;
  const own = settleIntent(parsed.tags, parsed.index, parsed.places, parsed.products[0] ?? null, parsed.partner, parsed.flow !== null, parsed.range !== null);
  // A question with its own general intent and no names ("which economies are the most complex?")
  // starts afresh; one that needs a place and names none ("who does it export to?") continues.
  const general = own === "ranking" || own === "whoExports";
  const followUp =
    previous !== null &&
    (previous.intent !== null || previous.places.length > 0 || previous.product !== null) &&
    parsed.understood &&
    (parsed.followUp || parsed.pronoun || own === null || (named === 0 && !general));
  if (!parsed.understood) return { context: fresh(parsed), problem: "nothing", followUp: false };
  const context = normalise(followUp && previous ? continued(parsed, previous) : fresh(parsed));
  return { context, problem: problemOf(context), followUp };
}

/** Places first (reporter, then partner or the compared one), for links and suggestions. */
export const productOf = (entities: readonly ChatEntity[]) => entities.find(isProduct) ?? null;
