/**
 * Docs that are found, and that point at what exists: every repository path README.md and
 * docs/*.md name in backticks (`src/...`, `docs/...`, `scripts/...`, `tests/...`, `deploy/...`,
 * `bench/...`) exists, every relative link leads to a file, README links the docs index and the
 * index links every page in docs/.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const DOCS = ["README.md", ...fs.readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];

/** The text a reader sees as prose: fenced code blocks (trees, shell sessions) left out. */
function prose(file: string): string {
  return fs.readFileSync(path.join(root, file), "utf8").replace(/^```[\s\S]*?^```/gm, "");
}

/** `a/{b,c}.ts` -> a/b.ts, a/c.ts */
function expandBraces(p: string): string[] {
  const m = /\{([^{}]*)\}/.exec(p);
  if (!m) return [p];
  return m[1].split(",").flatMap((part) => expandBraces(p.slice(0, m.index) + part + p.slice(m.index + m[0].length)));
}

/** Whether a named path exists: a glob (`*`) needs one match, a placeholder (`<id>`) its folder. */
function pathExists(named: string, base = root): boolean {
  const clean = named.replace(/:\d+(-\d+)?$/, "").replace(/[.,;:]$/, "");
  return expandBraces(clean).every((p) => {
    const placeholder = p.indexOf("<");
    if (placeholder >= 0) return fs.existsSync(path.join(base, p.slice(0, p.lastIndexOf("/", placeholder) + 1)));
    const star = p.indexOf("*");
    if (star < 0) return fs.existsSync(path.join(base, p));
    const dir = p.slice(0, p.lastIndexOf("/", star) + 1);
    const pattern = new RegExp(`^${p.slice(dir.length).replace(/[.+?^$()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
    return fs.existsSync(path.join(base, dir)) && fs.readdirSync(path.join(base, dir)).some((entry) => pattern.test(entry));
  });
}

/** Backticked repository paths in a text. */
function namedPaths(text: string): string[] {
  return [...text.matchAll(/`((?:src|docs|scripts|tests|deploy|bench)\/[^`\s]*)`/g)].map((m) => m[1]);
}

/** Relative link targets in a text (no scheme, no site path, no bare anchor). */
function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)].map((m) => m[1]).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith("/"));
}

describe("the path check", () => {
  it("finds backticked paths and links, and tells existing from missing ones", () => {
    const text = "See `src/domain/format/index.ts`, `docs/nowhere.md` and `npm test`; [the index](docs/README.md), [site](/en/trending), [web](https://example.org).";
    expect(namedPaths(text)).toEqual(["src/domain/format/index.ts", "docs/nowhere.md"]);
    expect(relativeLinks(text)).toEqual(["docs/README.md"]);
    expect(pathExists("src/domain/format/index.ts")).toBe(true);
    expect(pathExists("docs/nowhere.md")).toBe(false);
    expect(pathExists("src/server/etl/import.ts:172")).toBe(true);
    expect(pathExists("src/server/catalog/{status,members}.ts")).toBe(true);
    expect(pathExists("src/server/catalog/{status,nowhere}.ts")).toBe(false);
    expect(pathExists("src/domain/format/*.test.ts")).toBe(true);
    expect(pathExists("src/domain/format/*.nothing")).toBe(false);
    expect(pathExists("src/features/<feature>/<Name>Page.tsx")).toBe(true);
    expect(pathExists("src/nowhere/<feature>/Page.tsx")).toBe(false);
  });
});

describe("README.md and docs/*.md", () => {
  for (const file of DOCS) {
    it(`${file} names only paths that exist`, () => {
      const text = prose(file);
      expect(namedPaths(text).filter((p) => !pathExists(p)), "backticked paths").toEqual([]);
      expect(relativeLinks(text).filter((link) => !pathExists(link, path.dirname(path.join(root, file)))), "relative links").toEqual([]);
    });
  }

  it("README links the docs index, and the index links every page in docs/", () => {
    expect(relativeLinks(prose("README.md"))).toContain("docs/README.md");
    const indexed = new Set(relativeLinks(prose("docs/README.md")));
    const pages = DOCS.filter((f) => f.startsWith("docs/") && f !== "docs/README.md").map((f) => f.slice("docs/".length));
    expect(pages.filter((page) => !indexed.has(page))).toEqual([]);
  });
});
