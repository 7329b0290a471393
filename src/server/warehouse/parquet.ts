/**
 * `format=parquet` on /api/data: the same page of rows as the JSON and CSV answers (same compiler,
 * limit and offset), written by DuckDB's COPY into a temporary Parquet file that is read back and
 * removed. COPY takes no bound parameters, so the compiled parameters (member ids the resolver has
 * validated, years, limits) are written in as literals.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locale } from "@/domain/i18n/locales";
import { compileQuery } from "./compile";
import { warehouseEngine, withWarehouse } from "./db";
import { WarehouseError } from "./errors";
import { checkCost } from "./cost";
import { runtimeSettings } from "./config";
import type { ResolvedQuery } from "./query";
import { ident, inlineParams, literal } from "./sql";

/** One page of a resolved query as Parquet bytes, columns named as the JSON answer names them. */
export async function parquetPage(q: ResolvedQuery, locale: Locale): Promise<Buffer> {
  return withWarehouse(async (session) => {
    const cubeMeta = session.meta.cubes.get(q.cube.name);
    if (!cubeMeta) {
      throw new WarehouseError("cube_not_loaded", `cube ${q.cube.name} is not in this warehouse (its source data was not imported); see /api/cubes`, { status: 404, parameter: "cube" });
    }
    checkCost(q, session.meta.tables, runtimeSettings().maxGroups);
    const compiled = compileQuery(q, { locale, cube: cubeMeta, tables: session.meta.tables, dialect: warehouseEngine().dialect });
    const named = compiled.columns.map((c) => {
      const value = c.kind === "caption" && c.level?.members && c.idAlias ? `COALESCE(x.${c.alias}, CAST(x.${c.idAlias} AS VARCHAR))` : `x.${c.alias}`;
      return `${value} AS ${ident(c.name)}`;
    });
    const select = `SELECT ${named.join(", ")} FROM (${inlineParams(compiled.sql, compiled.params)}) AS x`;
    const file = path.join(os.tmpdir(), `oto-parquet-${process.pid}-${randomUUID()}.parquet`);
    try {
      await session.query(`COPY (${select}) TO ${literal(file)} (FORMAT parquet, COMPRESSION zstd)`);
      return readFileSync(file);
    } finally {
      rmSync(file, { force: true });
    }
  });
}
