/**
 * The data assistant's contract (/chat): what the browser sends, what the server answers. The
 * interpreter (server/chat/interpreter) and the optional language model (server/chat/llm) both
 * produce a ChatAnswer; the page (features/chat) draws it. Plain JSON, so it can be stored (local
 * storage for guests, the app database for signed-in users) and sent as it is.
 */
import type { TimeSeriesInput, TreemapInput } from "@/domain/charts/options";
import type { Locale } from "@/domain/i18n/locales";

export type ChatFlow = "export" | "import" | "balance";

export type ChatIntent =
  | "topProducts" // what does X export / import (by product)
  | "topPartners" // where does X export to / import from
  | "value" // how much did X export (of Y) (to Z) in a year
  | "growth" // change of a value between two years (or over a range)
  | "compare" // two countries side by side
  | "ranking" // ECI, PCI or trade rankings
  | "opportunities" // what can X export next (opportunity gain)
  | "whoExports"; // who exports / imports product Y

/** Kinds of entity the interpreter recognises (the profile search index's kinds). */
export type ChatEntityKind = "country" | "continent" | "section" | "hs2" | "hs4" | "hs6" | "organization" | "world";

export interface ChatEntity {
  kind: ChatEntityKind;
  id: string;
  /** Name in the answer's language. */
  name: string;
}

/** What a follow-up question inherits ("and imports?", "what about 2010?", "y Perú?"). */
export interface ChatContext {
  intent: ChatIntent | null;
  /** Countries, continents or organisations the question is about (reporter first, then partner or the compared one). */
  places: ChatEntity[];
  /** A product the question is about, if any. */
  product: ChatEntity | null;
  flow: ChatFlow;
  /** A single year, or a range (growth, "since 2000"); null = the newest the data has. */
  year: number | null;
  range: { from: number; to: number } | null;
  /** Rankings: which index. */
  index?: "eci" | "pci" | "trade" | null;
}

export interface ChatLink {
  label: string;
  /** A path on this site without the locale prefix ("/profile/country/chl"). */
  href: string;
}

export type ChatChartSpec = { type: "treemap"; input: TreemapInput } | { type: "line"; input: TimeSeriesInput } | { type: "stacked"; input: TimeSeriesInput };

export interface ChatChart {
  title: string;
  spec: ChatChartSpec;
  /** The same view in the visualisation builder (path without the locale prefix). */
  builderPath: string;
}

/** A number quoted in the answer, with the raw value it was formatted from. */
export interface ChatFigure {
  label: string;
  value: number;
  unit: "USD" | "AUD" | "share" | "rank" | "index" | "count" | "growth";
}

export interface ChatAnswer {
  /** answered: numbers from the warehouse; unmatched: could not map the question; error: the warehouse failed. */
  status: "answered" | "unmatched" | "error";
  /** One or two sentences, numbers formatted for the locale. Never a number that is not in `figures`. */
  text: string;
  figures: ChatFigure[];
  chart: ChatChart | null;
  /** Source dataset name and the year(s) the answer read. */
  source: { name: string; years: string } | null;
  /** The /api/data query behind the answer (path and query string, no origin). */
  apiUrl: string | null;
  links: ChatLink[];
  /** Questions to try next (unmatched: built from what was recognised; empty chat: starters). */
  suggestions: string[];
  /** What a follow-up inherits; send it back with the next question. */
  context: ChatContext | null;
  /** Which engine answered. */
  engine: "interpreter" | "llm";
}

export interface ChatRequest {
  question: string;
  locale: Locale;
  context: ChatContext | null;
  /** The conversation id (kept for signed-in users on the server). */
  sessionId?: string;
}

export interface ChatTurn {
  question: string;
  answer: ChatAnswer;
  /** Epoch ms. */
  at: number;
}

export interface ChatSession {
  id: string;
  title: string;
  turns: ChatTurn[];
  updatedAt: number;
}

/** Longest question accepted (characters). */
export const MAX_QUESTION_LENGTH = 500;
/** Turns kept per conversation, sessions kept per visitor. */
export const MAX_TURNS = 50;
export const MAX_SESSIONS = 20;
