/**
 * The site's one door to the data catalogue: which dataset (cube), depth and years answer a
 * question. Read from the warehouse once per generation (it is part of the metadata read when the
 * warehouse file is opened), so a re-import shows up at the next request.
 */
import "server-only";
import {
  answerGoods,
  complexityYears,
  finestDepth,
  goodsYears,
  latestComplexitySet,
  type CatalogEntry,
  type GoodsAnswer,
  type GoodsQuestion,
  type ProductDepth,
  type YearSource,
} from "@/domain/catalog/catalog";
import { warehouseMeta } from "@/server/warehouse/db";

export type { CatalogEntry, GoodsAnswer, GoodsQuestion, ProductDepth, YearSource };

export interface DataCatalog {
  generation: number;
  builtAt: string | null;
  entries: CatalogEntry[];
}

const EMPTY: DataCatalog = { generation: -1, builtAt: null, entries: [] };

/** The catalogue of the current warehouse; empty (never a throw) when there is no warehouse. */
export async function dataCatalog(): Promise<DataCatalog> {
  const meta = await warehouseMeta();
  if (!meta) return EMPTY;
  return { generation: meta.generation, builtAt: meta.build.built_at ?? null, entries: meta.catalog };
}

/** Which dataset answers a goods question, in `year` or the newest year. */
export async function answerTrade(question: GoodsQuestion, year?: number): Promise<GoodsAnswer> {
  return answerGoods((await dataCatalog()).entries, question, year);
}

/** Every year answering a goods question, each with its dataset. */
export async function tradeYears(question: GoodsQuestion): Promise<YearSource[]> {
  return goodsYears((await dataCatalog()).entries, question);
}

export async function finestTradeDepth(question: Omit<GoodsQuestion, "depth"> = {}): Promise<ProductDepth | null> {
  return finestDepth((await dataCatalog()).entries, question);
}

/** Ranked years of a complexity set ("hs92_hs4"), oldest first, with the countries ranked. */
export async function rankedYears(set: string): Promise<CatalogEntry[]> {
  return complexityYears((await dataCatalog()).entries, set);
}

/** The newest complexity ranking at HS4 or HS6 (finest first on a tie). */
export async function latestRanking(depths?: readonly string[]): Promise<CatalogEntry | null> {
  return latestComplexitySet((await dataCatalog()).entries, depths);
}
