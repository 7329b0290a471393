/**
 * Reads the entity tables (dim_entity_<type>) the importer writes when an operator supplies
 * entities/<type>.csv. No warehouse, or no table, means "not loaded": the pages then show the
 * type's landing page with the layout and how to load it.
 */
import "server-only";
import { cache } from "react";
import { entityDef, type EntityRecord, type EntityTypeDef } from "@/domain/entities/entities";
import type { Locale } from "@/domain/i18n/locales";
import { warehouseMeta } from "@/server/warehouse/db";
import { withStatements, type StatementSession } from "@/server/warehouse/statements";
import { entityFirst, entityLinks, entityRecord, entityRows, memberName, type EntityLink } from "./statements";

export type { EntityLink };

export interface EntityDetail {
  record: EntityRecord;
  /** The country's name in the locale (null when the warehouse does not know the code). */
  countryName: string | null;
  /** The HS4 product's name, for records with an hs4 column. */
  productName: string | null;
  /** A fund's manager, when managers are loaded and the id is among them. */
  manager: EntityLink | null;
  /** A manager's funds, when funds are loaded. */
  funds: EntityLink[];
}

/** Runs `work` when there is a warehouse; null when there is none or it cannot be read. */
async function withData<T>(work: (session: StatementSession) => Promise<T>): Promise<T | null> {
  try {
    if (!(await warehouseMeta())) return null;
    return await withStatements(work);
  } catch {
    return null;
  }
}

async function count(session: StatementSession, d: EntityTypeDef): Promise<number> {
  if (!(await session.hasTable(d.table))) return 0;
  const [n] = await session.run(entityRows, { table: d.table });
  return n ?? 0;
}

/** Records of a type in the warehouse; 0 when not loaded. */
export async function entityCount(d: EntityTypeDef): Promise<number> {
  return (await withData((session) => count(session, d))) ?? 0;
}

/** The first records by name, for the landing page of a loaded type. */
export async function entityList(d: EntityTypeDef, limit = 100): Promise<EntityLink[]> {
  const rows = await withData(async (session) => {
    if (!(await session.hasTable(d.table))) return [];
    return session.run(entityFirst, { table: d.table, limit: Math.max(1, Math.min(limit, 1000)) });
  });
  return rows ?? [];
}

async function links(session: StatementSession, table: string, column: string, value: string): Promise<EntityLink[]> {
  if (!(await session.hasTable(table))) return [];
  return session.run(entityLinks, { table, column, value });
}

/** One record with the names it links to; null when not loaded or unknown. Read once per render (page and metadata). */
export const entityDetail = cache(async (d: EntityTypeDef, id: string, locale: Locale): Promise<EntityDetail | null> => {
  return withData(async (session) => {
    if (!(await session.hasTable(d.table))) return null;
    const [row] = await session.run(entityRecord, { table: d.table, id });
    if (!row) return null;
    const record = Object.fromEntries(d.columns.map((c) => [c.name, (row[c.name] ?? null) as EntityRecord[string]]));
    const nameOf = async (table: string, key: unknown) => {
      if (typeof key !== "string" || !(await session.hasTable(table))) return null;
      const [hit] = await session.run(memberName, { table, id: key, locale });
      return hit ?? null;
    };
    const managers = entityDef("manager").table;
    const manager = typeof record.manager_id === "string" ? (await links(session, managers, "id", record.manager_id))[0] ?? null : null;
    const funds = d.type === "manager" ? await links(session, entityDef("fund").table, "manager_id", id) : [];
    return { record, countryName: await nameOf("dim_countries", record.country), productName: await nameOf("dim_hs4", record.hs4), manager, funds };
  });
});
