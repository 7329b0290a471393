import "server-only";
import type { Locale } from "@/domain/i18n/locales";

export type { Locale };

/** A text in every site language. English is always present; the others may repeat it. */
export type Captions = Readonly<Record<Locale, string>>;

/** One cut: a level restricted to a set of member ids (already validated and normalised). */
export interface Cut {
  readonly level: string;
  readonly ids: readonly (string | number)[];
}

export type TimeSpec =
  | { readonly kind: "latest" }
  | { readonly kind: "oldest" }
  | { readonly kind: "range"; readonly from: number; readonly to: number }
  | { readonly kind: "list"; readonly years: readonly number[] };

export interface SortKey {
  /** A measure name (base or derived) or a level name (sorts by the member id). */
  readonly key: string;
  readonly direction: "asc" | "desc";
}

export type ResponseFormat = "jsonrecords" | "csv" | "parquet";

/** A condition on a measure of the answer (Tesseract's `filters`), applied before paging. */
export interface MeasureFilter {
  readonly measure: string;
  readonly conditions: readonly { readonly op: "gt" | "gte" | "lt" | "lte" | "eq" | "neq"; readonly value: number }[];
  readonly joint: "and" | "or";
}

/** A rank column over the whole answer (Tesseract's `ranking`): 1 for the highest (desc) or lowest (asc). */
export interface RankingSpec {
  readonly measure: string;
  readonly direction: "asc" | "desc";
}

/**
 * What a caller asks for, in the vocabulary of the cube registry. The HTTP route builds it from
 * the query string; pages build it directly. Both go through the same validation.
 */
export interface DataQuery {
  readonly cube: string;
  readonly drilldowns?: readonly string[];
  readonly measures?: readonly string[];
  readonly cuts?: readonly Cut[];
  readonly exclude?: readonly Cut[];
  readonly time?: TimeSpec;
  readonly growth?: { readonly level: string; readonly measure: string };
  readonly rca?: { readonly levels: readonly [string, string]; readonly measure: string };
  readonly parents?: boolean;
  readonly sort?: readonly SortKey[];
  readonly limit?: number;
  readonly offset?: number;
  /** Tesseract's extras (the /api/tesseract protocol; /api/data does not parse them). */
  readonly filters?: readonly MeasureFilter[];
  /** The N rows with the highest (or lowest) measure per group of `levels`. */
  readonly top?: { readonly n: number; readonly levels: readonly string[]; readonly measure: string; readonly direction: "asc" | "desc" };
  /** Rank columns; "all": every measure of the answer, descending. */
  readonly ranking?: readonly RankingSpec[] | "all";
}

export type CellValue = string | number | boolean | null;
export type DataRecord = Record<string, CellValue>;

/** The dataset and release one year of an answer comes from (two years compare only within one). */
export interface DataSourceYear {
  readonly year: number;
  readonly dataset: string;
  /** "ots_trd", "ots_ec2019", "atlas_2019", ...: see /api/catalog. */
  readonly vintage: string;
  /** Source key (data.sources: "ots", "atlas", "baci"). */
  readonly source: string;
}

export interface DataResponse {
  readonly data: DataRecord[];
  readonly page: { readonly limit: number; readonly offset: number; readonly total: number };
  /** Column names in order: per drilldown (parents first when asked) "<Level> ID" and "<Level>", then measures. */
  readonly columns: string[];
  readonly source: {
    readonly cube: string;
    /** Years the answer covers: the time filter intersected with the years present in the cube. */
    readonly years: number[];
    /** Per year covered: the dataset and the release (vintage) of its source, from the data catalogue. */
    readonly vintages?: readonly DataSourceYear[];
    readonly annotations: Readonly<Record<string, string>>;
  };
  /**
   * Captions shown in English because the requested language has no name for that member,
   * by level name: the ids on this page that fell back. Absent when nothing fell back.
   */
  readonly fallbackCaptions?: Readonly<Record<string, string[]>>;
}

export const MAX_PAGE_SIZE = 10_000;
export const DEFAULT_PAGE_SIZE = MAX_PAGE_SIZE;
