/**
 * The static import graph of a source tree (src/ of the project, or a fixture), and the folder
 * graph drawn from it: what tests/unit/folderCycles.test.ts checks for loops. Only static imports
 * and re-exports count (`import type` too: a type shared both ways is a loop in the design); a
 * dynamic import() is a deliberate late edge.
 */
import fs from "node:fs";
import path from "node:path";

/** file (relative to the tree's parent, e.g. "src/features/shell/Footer.tsx") -> files it imports */
export type FileGraph = Map<string, string[]>;
/** node -> node -> one import that makes the edge, "file: specifier" */
export type FolderGraph = Map<string, Map<string, string>>;

/** Every .ts/.tsx file under `srcDir` with the files it imports (`@/` is `srcDir`, as in tsconfig). */
export function importGraph(srcDir: string): FileGraph {
  const base = path.dirname(srcDir);
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) files.push(p);
    }
  };
  walk(srcDir);
  const known = new Set(files);
  const resolve = (from: string, spec: string): string | null => {
    const target = spec.startsWith("@/") ? path.join(srcDir, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
    if (!target) return null;
    for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, "index.ts"), path.join(target, "index.tsx")]) {
      if (known.has(candidate)) return candidate;
    }
    return null;
  };
  const rel = (file: string) => path.relative(base, file).split(path.sep).join("/");
  const graph: FileGraph = new Map();
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    const targets = [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/gm)]
      .map((m) => resolve(file, m[1]))
      .filter((t): t is string => t !== null)
      .map(rel);
    graph.set(rel(file), targets);
  }
  return graph;
}

/** Test files and their helpers are not part of the design's layering. */
export function isTestFile(file: string): boolean {
  return /\.test\.tsx?$|\/__tests__\/|\/test-support\.tsx?$/.test(file);
}

/**
 * A file's folder in `layer` (src/features, src/server, src/domain): the first path segment under
 * the layer ("src/features/shell/Footer.tsx" -> "src/features/shell"); a file directly in the layer
 * is a node of its own ("src/server/settings.ts" -> "src/server/settings"). Null outside the layer.
 */
export function folderIn(layer: string, file: string): string | null {
  if (!file.startsWith(`${layer}/`)) return null;
  const segment = file.slice(layer.length + 1).split("/")[0];
  return `${layer}/${segment.replace(/\.tsx?$/, "")}`;
}

/** The graph between nodes named by `nodeOf` (null: left out), without test files and self-edges. */
export function folderGraph(files: FileGraph, nodeOf: (file: string) => string | null): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const [file, targets] of files) {
    if (isTestFile(file)) continue;
    const from = nodeOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const target of targets) {
      const to = nodeOf(target);
      if (to && to !== from && !edges.has(to)) edges.set(to, `${file} imports ${target}`);
    }
  }
  return graph;
}

/** The strongly connected components of more than one node: each is a loop (Tarjan's algorithm). */
export function loops(graph: FolderGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/** A loop as readable lines: its folders, then each edge inside it with one import that makes it. */
export function describeLoop(graph: FolderGraph, loop: string[]): string {
  const members = new Set(loop);
  const lines = [`loop: ${loop.join(", ")}`];
  for (const from of loop) {
    for (const [to, why] of graph.get(from) ?? []) if (members.has(to)) lines.push(`  ${from} -> ${to} (${why})`);
  }
  return lines.join("\n");
}

/** The graph without the given edges (each "from -> to"). */
export function withoutEdges(graph: FolderGraph, edges: ReadonlyArray<{ from: string; to: string }>): FolderGraph {
  const copy: FolderGraph = new Map([...graph].map(([node, targets]) => [node, new Map(targets)]));
  for (const { from, to } of edges) copy.get(from)?.delete(to);
  return copy;
}
