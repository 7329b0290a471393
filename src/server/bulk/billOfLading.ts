/**
 * What the bill-of-lading page shows when the warehouse holds shipment records (a data package
 * with a `bill_of_lading` resource): how many, which years, and the leading origins, destinations
 * and HS chapters. Null when there are none (the package has no such resource today).
 */
import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import { queryCube } from "@/server/warehouse/client";
import { warehouseMeta } from "@/server/warehouse/db";

export const BOL_CUBE = "trade_i_bol_a_shipments";

/** The /api/data query of every shipment record by year, origin and destination (linked from the page). */
export const BOL_API_QUERY = `/api/data?${new URLSearchParams({ cube: BOL_CUBE, drilldowns: "Year,Exporter Country,Importer Country", measures: "Shipments,Weight,Declared Value" })}`;

export interface BolRanking {
  id: string;
  name: string;
  shipments: number;
}

export interface BolSummary {
  shipments: number;
  years: number[];
  origins: BolRanking[];
  destinations: BolRanking[];
  chapters: BolRanking[];
}

export async function billOfLadingSummary(locale: Locale): Promise<BolSummary | null> {
  const meta = await warehouseMeta();
  const cube = meta?.cubes.get(BOL_CUBE);
  if (!cube) return null;
  const top = async (level: string): Promise<BolRanking[]> => {
    const answer = await queryCube({ cube: BOL_CUBE, drilldowns: [level], measures: ["Shipments"], sort: [{ key: "Shipments", direction: "desc" }], limit: 10 }, locale);
    return answer.data.map((r) => ({ id: String(r[`${level} ID`]), name: String(r[level] ?? r[`${level} ID`]), shipments: Number(r["Shipments"]) }));
  };
  const [total, origins, destinations, chapters] = await Promise.all([
    queryCube({ cube: BOL_CUBE, measures: ["Shipments"] }, locale),
    top("Exporter Country"),
    top("Importer Country"),
    top("HS2"),
  ]);
  return { shipments: Number(total.data[0]?.["Shipments"] ?? 0), years: cube.years, origins, destinations, chapters };
}
