/**
 * Reads the entity tables (dim_entity_<type>) the importer writes when an operator supplies
 * entities/<type>.csv. No warehouse, or no table, means "not loaded": the pages then show the
 * type's landing page with the layout and how to load it.
 */
import "server-only";
import { cache } from "react";
import { entityDef, type EntityRecord, type EntityTypeDef } from "@/domain/entities/entities";
import type { Locale } from "@/domain/i18n/locales";
import { warehouseEngine, warehouseMeta, withWarehouse, type WarehouseSession } from "@/server/warehouse/db";

export interface EntityLink {
  id: string;
  name: string;
}

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

const NAME_COLUMN: Record<Locale, string> = { en: "name_en", es: "name_es", zh: "name_zh" };

function q(name: string): string {
  return warehouseEngine().dialect.ident(name);
}

/** Runs `work` when there is a warehouse; null when there is none or it cannot be read. */
async function withData<T>(work: (session: WarehouseSession) => Promise<T>): Promise<T | null> {
  try {
    if (!(await warehouseMeta())) return null;
    return await withWarehouse(work);
  } catch {
    return null;
  }
}

async function count(session: WarehouseSession, d: EntityTypeDef): Promise<number> {
  if (!(await session.hasTable(d.table))) return 0;
  const rows = await session.query(`SELECT count(*) AS n FROM ${q(d.table)}`);
  return Number(rows[0]?.n ?? 0);
}

/** Records of a type in the warehouse; 0 when not loaded. */
export async function entityCount(d: EntityTypeDef): Promise<number> {
  return (await withData((session) => count(session, d))) ?? 0;
}

/** The first records by name, for the landing page of a loaded type. */
export async function entityList(d: EntityTypeDef, limit = 100): Promise<EntityLink[]> {
  const rows = await withData(async (session) => {
    if (!(await session.hasTable(d.table))) return [];
    return session.query(`SELECT id, name FROM ${q(d.table)} ORDER BY name, id LIMIT ${Math.max(1, Math.min(limit, 1000))}`);
  });
  return (rows ?? []).map((r) => ({ id: String(r.id), name: String(r.name) }));
}

async function links(session: WarehouseSession, table: string, where: string, value: string): Promise<EntityLink[]> {
  if (!(await session.hasTable(table))) return [];
  const rows = await session.query(`SELECT id, name FROM ${q(table)} WHERE ${q(where)} = $1 ORDER BY name, id LIMIT 500`, [value]);
  return rows.map((r) => ({ id: String(r.id), name: String(r.name) }));
}

/** One record with the names it links to; null when not loaded or unknown. Read once per render (page and metadata). */
export const entityDetail = cache(async (d: EntityTypeDef, id: string, locale: Locale): Promise<EntityDetail | null> => {
  return withData(async (session) => {
    if (!(await session.hasTable(d.table))) return null;
    const [row] = await session.query(`SELECT * FROM ${q(d.table)} WHERE id = $1`, [id]);
    if (!row) return null;
    const record = Object.fromEntries(d.columns.map((c) => [c.name, (row[c.name] ?? null) as EntityRecord[string]]));
    const name = NAME_COLUMN[locale];
    const nameOf = async (table: string, key: unknown) => {
      if (typeof key !== "string" || !(await session.hasTable(table))) return null;
      const [hit] = await session.query(`SELECT ${q(name)} AS name FROM ${q(table)} WHERE id = $1`, [key]);
      return hit ? String(hit.name) : null;
    };
    const managers = entityDef("manager").table;
    const manager = typeof record.manager_id === "string" ? (await links(session, managers, "id", record.manager_id))[0] ?? null : null;
    const funds = d.type === "manager" ? await links(session, entityDef("fund").table, "manager_id", id) : [];
    return { record, countryName: await nameOf("dim_countries", record.country), productName: await nameOf("dim_hs4", record.hs4), manager, funds };
  });
});
