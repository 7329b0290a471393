/**
 * Every named statement (src/server/warehouse/statements.ts): the SQL the server runs outside the
 * warehouse's query compiler. A second engine implements each of these in its dialect (a test
 * checks every one spells every dialect of STATEMENT_DIALECTS, and that every module declaring
 * statements is listed here).
 */
import "server-only";
import type { Statement } from "@/server/warehouse/statements";
import * as bulk from "@/server/bulk/statements";
import * as catalog from "@/server/catalog/statements";
import * as companies from "@/server/entities/companyStatements";
import * as entities from "@/server/entities/statements";
import * as profiles from "@/server/profiles/statements";
import * as queryBuilder from "@/server/queryBuilder/statements";
import * as subnational from "@/server/subnational/statements";
import * as subnationalIndex from "@/server/subnationalIndex/statements";
import * as subnationalProfiles from "@/server/subnationalProfiles/statements";
import * as tariff from "@/server/tariff/statements";
import * as tesseract from "@/server/tesseract/statements";
import * as trends from "@/server/trends/statements";

/** The modules that declare statements, by their path under src/server. */
export const STATEMENT_MODULES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  "bulk/statements.ts": bulk,
  "catalog/statements.ts": catalog,
  "entities/companyStatements.ts": companies,
  "entities/statements.ts": entities,
  "profiles/statements.ts": profiles,
  "queryBuilder/statements.ts": queryBuilder,
  "subnational/statements.ts": subnational,
  "subnationalIndex/statements.ts": subnationalIndex,
  "subnationalProfiles/statements.ts": subnationalProfiles,
  "tariff/statements.ts": tariff,
  "tesseract/statements.ts": tesseract,
  "trends/statements.ts": trends,
};

function isStatement(value: unknown): value is Statement<unknown, unknown> {
  return typeof value === "object" && value !== null && typeof (value as { name?: unknown }).name === "string" && typeof (value as { sql?: unknown }).sql === "object" && typeof (value as { map?: unknown }).map === "function";
}

/** Every statement, in module order. */
export const statements: readonly Statement<unknown, unknown>[] = Object.values(STATEMENT_MODULES).flatMap((module) => Object.values(module).filter(isStatement));
