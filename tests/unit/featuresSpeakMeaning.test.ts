/**
 * Pages ask for meaning, not queries (docs/architecture.md): React code in src/features names no
 * cube, level or measure and never imports src/server/warehouse; named loaders in src/server hand
 * it typed rows. The ESLint rule (eslint.config.mjs, WAREHOUSE_PATTERN and MEANING_NOT_QUERIES)
 * bites on a fixture, leaves tests and server code alone, and a plain scan of src/features finds
 * no such name today.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function messages(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "no-restricted-syntax");
}

const FIXTURE = [
  `import { queryCube } from "@/server/warehouse/client";`,
  `import type { CubeDef } from "../../server/warehouse/registry";`,
  `export const query = { cube: "trade_i_ots_a_hs4", drilldowns: ["HS4"], sort: [{ key: "Trade Value" }] };`,
  `export const level = \`Exporter Country\`;`,
  `export const words = "Section 5 of the world's exports";`,
  `export type C = CubeDef;`,
  `export const run = queryCube;`,
  "",
].join("\n");

describe("features speak meaning, not queries", () => {
  it("forbids warehouse imports and cube, level and measure names in src/features", async () => {
    const found = await messages("src/features/profiles/probe.tsx", FIXTURE);
    const imports = found.filter((m) => m.ruleId === "no-restricted-imports");
    const names = found.filter((m) => m.ruleId === "no-restricted-syntax");
    expect(imports.map((m) => m.line)).toEqual([1, 2]);
    expect(imports[0].message).toContain("named loader in src/server/profiles");
    // The cube, "HS4", "Trade Value" on line 3 and the template literal on line 4; prose that only contains a name is fine.
    expect(names.map((m) => m.line)).toEqual([3, 3, 3, 4]);
    expect(names[0].message).toContain("names no cube, level or measure");
  });

  it("leaves tests and server loaders alone", async () => {
    expect(await messages("src/features/profiles/probe.test.tsx", FIXTURE)).toEqual([]);
    expect(await messages("src/server/profiles/probe.ts", FIXTURE)).toEqual([]);
  });

  it("finds no such name or import in src/features today", async () => {
    const { QUERY_NAMES } = (await import(pathToFileURL(path.join(root, "eslint.config.mjs")).href)) as { QUERY_NAMES: string[] };
    expect(QUERY_NAMES).toContain("Trade Value");
    const quoted = new RegExp(`["'\`](${QUERY_NAMES.join("|")})["'\`]`);
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "__tests__") walk(file);
        } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          fs.readFileSync(file, "utf8")
            .split("\n")
            .forEach((line, i) => {
              if (quoted.test(line) || /from\s+["']@\/server\/warehouse\//.test(line)) offenders.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
            });
        }
      }
    };
    walk(path.join(root, "src/features"));
    expect(offenders).toEqual([]);
  });
});
