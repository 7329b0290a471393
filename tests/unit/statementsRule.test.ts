/**
 * SQL outside src/server/warehouse goes through named statements (src/server/warehouse/statements.ts):
 * the ESLint rule (eslint.config.mjs, STATEMENT_PATTERNS) forbids a raw session there (withWarehouse,
 * the engine, its session type, the DuckDB engine module) and leaves the warehouse, tests, the
 * statement API and the warehouse's metadata alone. Run through ESLint's API with the project's config.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

const RAW = [
  `import { withWarehouse } from "@/server/warehouse/db";`,
  `import { warehouseEngine as engine } from "@/server/warehouse/db";`,
  `import type { WarehouseSession } from "@/server/warehouse/engine";`,
  `import { withWarehouse as w } from "../warehouse/db";`,
  `import { duckdbEngine } from "@/server/warehouse/duckdb";`,
  `export { withWarehouse } from "@/server/warehouse/db";`,
  `import * as db from "@/server/warehouse/db";`,
];

const FINE = [
  `import { warehouseMeta, closeWarehouse, type Row, type SqlParam } from "@/server/warehouse/db";`,
  `import { defineStatement, runStatement, withStatements, type StatementSession } from "@/server/warehouse/statements";`,
  `import { queryCube } from "@/server/warehouse/client";`,
  `import { ident } from "@/server/warehouse/sql";`,
];

describe("named statements are the one way to SQL outside the warehouse", () => {
  for (const file of ["src/server/trends/probe.ts", "src/app/api/probe/route.ts"]) {
    it(`forbids a raw session in ${file.split("/")[1]}`, async () => {
      for (const line of RAW) {
        const errors = await importErrors(file, `${line}\nexport const z = 1;\n`);
        expect(errors, line).toHaveLength(1);
        expect(errors[0], line).toMatch(/named statement|src\/server\/warehouse\/statements\.ts/);
      }
    });

    it(`allows the statement API and the warehouse's metadata in ${file.split("/")[1]}`, async () => {
      for (const line of FINE) expect(await importErrors(file, `${line}\nexport const z = 1;\n`), line).toEqual([]);
    });
  }

  it("leaves the warehouse's own files and tests alone", async () => {
    for (const file of ["src/server/warehouse/statements.ts", "src/server/warehouse/execute.ts", "src/server/trends/probe.test.ts", "src/server/profiles/__tests__/probe.ts"]) {
      for (const line of RAW.slice(0, 4)) expect(await importErrors(file, `${line}\nexport const z = 1;\n`), `${file}: ${line}`).toEqual([]);
    }
  });

  it("keeps the layer and DuckDB rules where it applies", async () => {
    expect(await importErrors("src/server/trends/probe.ts", `import { x } from "@/features/shell/metadata";\nexport const y = x;\n`)).toHaveLength(1);
    expect(await importErrors("src/server/trends/probe.ts", `import { DuckDBInstance } from "@duckdb/node-api";\nexport const y = DuckDBInstance;\n`)).toHaveLength(1);
    expect(await importErrors("src/app/api/probe/route.ts", `import { DuckDBInstance } from "@duckdb/node-api";\nexport const y = DuckDBInstance;\n`)).toHaveLength(1);
  });
});
