/**
 * The layer rule in eslint.config.mjs bites: a wrong-way import in each layer is an error, and the
 * same file importing downwards is clean. Run through ESLint's own API with the project's config,
 * exactly as `npx eslint .` applies it. Plus a cheap check that no module imports itself in a
 * circle (eslint-plugin-import's no-cycle would take ~50 s of the lint on this code base).
 */
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

const cases: Array<{ file: string; wrong: string[]; right: string[] }> = [
  {
    file: "src/domain/format/probe.ts",
    wrong: ["@/server/warehouse/client", "@/features/shell/metadata", "@/app/robots", "@/i18n/routing", "../../server/origin"],
    right: ["@/domain/i18n/locales", "./index", "zod"],
  },
  {
    file: "src/server/sitemap/probe.ts",
    wrong: ["@/features/blog/rss", "@/app/robots", "../../features/shell/metadata"],
    right: ["@/server/origin", "@/domain/content/blogPosts", "next/server"],
  },
  {
    file: "src/features/shell/probe.tsx",
    wrong: ["@/app/robots", "../../app/layout"],
    right: ["@/server/origin", "@/domain/format", "@/features/charts/Chart"],
  },
];

describe("layer import rule", () => {
  for (const { file, wrong, right } of cases) {
    it(`forbids upward imports in ${file.split("/")[1]}`, async () => {
      for (const source of wrong) {
        const errors = await layerErrors(file, `import { x } from "${source}";\nexport const y = x;\n`);
        expect(errors, source).toHaveLength(1);
        expect(errors[0]).toContain("move the shared piece down");
      }
      // Type-only imports and re-exports count too.
      expect(await layerErrors(file, `import type { X } from "${wrong[0]}";\nexport type Y = X;\n`)).toHaveLength(1);
      expect(await layerErrors(file, `export { x } from "${wrong[0]}";\n`)).toHaveLength(1);
    });

    it(`allows downward imports in ${file.split("/")[1]}`, async () => {
      for (const source of right) {
        expect(await layerErrors(file, `import { x } from "${source}";\nexport const y = x;\n`), source).toEqual([]);
      }
    });
  }
});

describe("warehouse engine seam", () => {
  it("lets only the DuckDB engine and the importer use the DuckDB client", async () => {
    const code = `import { DuckDBInstance } from "@duckdb/node-api";\nexport const x = DuckDBInstance;\n`;
    for (const file of ["src/server/warehouse/client.ts", "src/server/visualize/probe.ts", "src/features/charts/probe.tsx", "src/domain/format/probe.ts"]) {
      const errors = await layerErrors(file, code);
      expect(errors.some((e) => e.includes("src/server/warehouse/duckdb.ts")), file).toBe(true);
    }
    for (const file of ["src/server/warehouse/duckdb.ts", "src/server/etl/probe.ts", "src/server/warehouse/__tests__/probe.test.ts"]) {
      expect(await layerErrors(file, code), file).toEqual([]);
    }
    // The engine's files still keep the layer rule.
    expect(await layerErrors("src/server/warehouse/duckdb.ts", `import { x } from "@/features/shell/metadata";\nexport const y = x;\n`)).toHaveLength(1);
  });
});

/** Every static import between our own modules (src/), resolved to a file. */
function importGraph(): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) files.push(p);
    }
  };
  walk(path.join(root, "src"));
  const known = new Set(files);
  const resolve = (from: string, spec: string): string | null => {
    const base = spec.startsWith("@/") ? path.join(root, "src", spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
    if (!base) return null;
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
      if (known.has(candidate)) return candidate;
    }
    return null;
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    // Static imports and re-exports only (a dynamic import() is a deliberate late edge).
    const text = fs.readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    const targets = [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/gm)]
      .map((m) => resolve(file, m[1]))
      .filter((t): t is string => t !== null);
    graph.set(file, targets);
  }
  return graph;
}

function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of graph.keys()) {
    if (!state.has(node)) {
      const cycle = visit(node);
      if (cycle) return cycle;
    }
  }
  return null;
}

describe("module graph", () => {
  const graph = importGraph();
  const rel = (f: string) => path.relative(root, f);

  it("has no import cycle between files", () => {
    const edges = [...graph.values()].reduce((n, targets) => n + targets.length, 0);
    expect(edges).toBeGreaterThan(1000); // the parser sees the imports at all
    expect(findCycle(graph)?.map(rel) ?? null).toBeNull();
  });

  it("has no import cycle between the server's folders (warehouse, etl, auth, consent, mail...)", () => {
    const folder = (f: string) => rel(f).split(path.sep).slice(0, 3).join("/");
    const folders = new Map<string, string[]>();
    for (const [file, targets] of graph) {
      if (!rel(file).startsWith(`src${path.sep}server${path.sep}`) || /\.test\.|__tests__/.test(file)) continue;
      const from = folder(file);
      const list = folders.get(from) ?? [];
      for (const t of targets) if (rel(t).startsWith(`src${path.sep}server${path.sep}`) && folder(t) !== from) list.push(folder(t));
      folders.set(from, list);
    }
    expect(findCycle(folders)).toBeNull();
  });

  it("finds a cycle when there is one", () => {
    expect(findCycle(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]]]))).toEqual(["a", "b", "c", "a"]);
  });
});
