/**
 * What every chat answer shares: the environment it runs in (locale, translator, catalogue, members),
 * the body an intent returns, the figures quoted while phrasing, and the small record helpers.
 */
import "server-only";
import type { CatalogEntry, YearSource } from "@/domain/catalog/catalog";
import type { ChatChart, ChatContext, ChatFigure } from "@/domain/chat/types";
import { formatDecimal, formatGrowth, formatNumber, formatPercent, formatUsd, formatList } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import { type YearCoverage } from "@/domain/visualize/coverage";
import { type VizMembers } from "@/server/visualize/members";
import { queryCube, type DataQuery, type DataRecord } from "@/server/warehouse/client";

export type Translate = (key: string, values?: Record<string, string | number>) => string;

export interface AnswerEnv {
  locale: Locale;
  /** Translator of the "chat" namespace. */
  t: Translate;
  /** Source names by catalogue source key (messages data.sources). */
  sourceName: (key: string) => string;
}

/** Thrown for a question the data cannot answer (no dataset, no rows): an honest "unmatched". */
export class NoData extends Error {
  constructor(readonly reason: "noData" | "noRanking" | "notRanked") {
    super(reason);
  }
}

export const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
export const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v));
export const value = (row: DataRecord | undefined, measure = "Trade Value") => num(row?.[measure]) ?? 0;
export const sum = (rows: readonly DataRecord[], measure = "Trade Value") => rows.reduce((s, r) => s + value(r, measure), 0);

/** Collects the figures quoted in a sentence while formatting them. */
export class Figures {
  readonly list: ChatFigure[] = [];
  constructor(private readonly locale: Locale) {}
  private add(label: string, v: number, unit: ChatFigure["unit"], text: string) {
    this.list.push({ label, value: v, unit });
    return text;
  }
  usd = (label: string, v: number) => this.add(label, v, "USD", formatUsd(v, this.locale, { compact: true }));
  share = (label: string, v: number) => this.add(label, v, "share", formatPercent(v, this.locale));
  growth = (label: string, v: number) => this.add(label, v, "growth", formatGrowth(v, this.locale));
  index = (label: string, v: number) => this.add(label, v, "index", formatDecimal(v, this.locale, 2));
  rank = (label: string, v: number) => this.add(label, v, "rank", formatNumber(v, this.locale));
  count = (label: string, v: number) => this.add(label, v, "count", formatNumber(v, this.locale));
}

export function list(names: string[], locale: Locale): string {
  return formatList(names, locale, { style: "long", type: "conjunction" });
}

// ---------------------------------------------------------------------------------------------

export interface Env extends AnswerEnv {
  entries: CatalogEntry[];
  coverage: YearCoverage;
  members: VizMembers;
  figures: Figures;
}

export interface Body {
  text: string;
  chart: ChatChart | null;
  source: YearSource | { source: string; complexity: true } | null;
  years: string;
  apiUrl: string | null;
  context: ChatContext;
  /** The asked year was missing; the answer used the nearest. */
  missing?: { asked: number; used: number } | null;
}

export function flowWord(flow: "export" | "import" | "balance"): string {
  return flow === "import" ? "import" : "export";
}

/** Appends "(no data for 2025; the nearest year is 2019)" when the asked year was missing. */
export function withMissing(env: Env, text: string, missing: Body["missing"]): string {
  return missing ? `${text} ${env.t("yearMissing", { asked: String(missing.asked), used: String(missing.used) })}` : text;
}

export async function run(query: DataQuery, locale: Locale) {
  return (await queryCube(query, locale)).data;
}
