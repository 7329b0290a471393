/**
 * No folder loops. tests/unit/layers.test.ts keeps files from importing each other in a circle;
 * this keeps the folders of each layer (src/features, src/server, src/domain: the first path
 * segment under the layer) from doing so, and src/i18n and src/server from importing each other.
 * A loop means two folders cannot be understood, moved or tested one without the other: the piece
 * both need moves down (into src/domain or a base folder). The check is shown to bite on a small
 * fixture tree first.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeLoop, folderGraph, folderIn, importGraph, loops, withoutEdges, type FileGraph, type FolderGraph } from "./importGraph";

const LAYERS = ["src/features", "src/server", "src/domain"] as const;

/**
 * Known edges that still close a loop, each with the reason it is not broken yet. The test fails
 * if one of them disappears (remove it from this list then) and on any loop they do not explain.
 * Empty since the consent -> history, shell -> explorer, subnational -> profiles and compare ->
 * profiles edges were broken (consent's withdrawal signal, the 404 help in explorer, the landing and
 * CompareLink in profiles); a new entry needs its `why`.
 */
const ALLOWED: ReadonlyArray<{ from: string; to: string; why: string }> = [];

/** The folder graph of each layer, and the one of src/i18n against src/server as wholes. */
function graphs(files: FileGraph): Array<{ name: string; graph: FolderGraph }> {
  const layers = LAYERS.map((layer) => ({ name: layer, graph: folderGraph(files, (file) => folderIn(layer, file)) }));
  const whole = (file: string) => (file.startsWith("src/i18n/") ? "src/i18n" : file.startsWith("src/server/") ? "src/server" : null);
  return [...layers, { name: "src/i18n and src/server", graph: folderGraph(files, whole) }];
}

function allLoops(files: FileGraph, allowed: ReadonlyArray<{ from: string; to: string }> = []): string[] {
  return graphs(files).flatMap(({ graph }) => {
    const checked = withoutEdges(graph, allowed);
    return loops(checked).map((loop) => describeLoop(checked, loop));
  });
}

describe("folder loops, on a fixture", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "folder-cycles-"));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  // A clean tree: pages import a base, the base imports the domain, no file imports back.
  write("src/domain/format/index.ts", "export const format = (n: number) => String(n);\n");
  write("src/domain/charts/options.ts", 'import { format } from "@/domain/format";\nexport const label = format;\n');
  write("src/features/shell/Link.tsx", 'import { label } from "@/domain/charts/options";\nexport const Link = label;\n');
  write("src/features/profiles/Page.tsx", 'import { Link } from "@/features/shell/Link";\nexport const Page = Link;\n');
  write("src/server/settings.ts", "export const settings = () => ({ strict: true });\n");
  write("src/server/mail/mailer.ts", 'import { settings } from "../settings";\nexport const send = settings;\n');
  write("src/i18n/messages.ts", "export const messages = {};\n");
  // Test files are not part of the layering.
  write("src/features/shell/Link.test.tsx", 'import { Page } from "@/features/profiles/Page";\nexport const t = Page;\n');

  it("finds nothing in a tree without loops", () => {
    expect(allLoops(importGraph(path.join(dir, "src")))).toEqual([]);
  });

  it("bites on a loop between feature folders, naming an import of each edge", () => {
    write("src/features/shell/Back.tsx", 'import type { Page } from "../profiles/Page";\nexport type Back = typeof Page;\n');
    const found = allLoops(importGraph(path.join(dir, "src")));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("loop: src/features/profiles, src/features/shell");
    expect(found[0]).toContain("src/features/shell -> src/features/profiles (src/features/shell/Back.tsx imports src/features/profiles/Page.tsx)");
    // An allowed edge explains it.
    expect(allLoops(importGraph(path.join(dir, "src")), [{ from: "src/features/shell", to: "src/features/profiles" }])).toEqual([]);
    fs.rmSync(path.join(dir, "src/features/shell/Back.tsx"));
  });

  it("bites on a loop between two domain folders", () => {
    write("src/domain/format/unit.ts", 'import { label } from "@/domain/charts/options";\nexport const unit = label;\n');
    expect(allLoops(importGraph(path.join(dir, "src")))).toEqual([expect.stringContaining("loop: src/domain/charts, src/domain/format")]);
    fs.rmSync(path.join(dir, "src/domain/format/unit.ts"));
  });

  it("bites on src/i18n and src/server importing each other, and on a loop through a server file", () => {
    write("src/i18n/request.ts", 'import { settings } from "@/server/settings";\nexport const strict = settings;\n');
    write("src/server/mail/signIn.ts", 'import { messages } from "@/i18n/messages";\nexport const m = messages;\n');
    write("src/server/settings.ts", 'import { send } from "./mail/mailer";\nexport const settings = () => ({ strict: true, send });\n');
    const found = allLoops(importGraph(path.join(dir, "src")));
    expect(found).toEqual([expect.stringContaining("loop: src/server/mail, src/server/settings"), expect.stringContaining("loop: src/i18n, src/server")]);
  });
});

describe("folder loops in src/", () => {
  const files = importGraph(path.resolve(__dirname, "../../src"));

  it("reads the imports at all", () => {
    expect([...files.values()].reduce((n, targets) => n + targets.length, 0)).toBeGreaterThan(1000);
  });

  it("has no folder loop in features, server or domain, nor between i18n and server, but the allowed edges", () => {
    expect(allLoops(files, ALLOWED).join("\n\n")).toBe("");
  });

  it("lists only allowed edges that still exist and still close a loop", () => {
    for (const edge of ALLOWED) {
      const { graph } = graphs(files).find(({ name }) => edge.from.startsWith(`${name}/`))!;
      expect(graph.get(edge.from)?.has(edge.to), `${edge.from} -> ${edge.to} no longer exists: remove it from ALLOWED`).toBe(true);
      const others = ALLOWED.filter((other) => other !== edge);
      expect(loops(withoutEdges(graph, others)).length, `${edge.from} -> ${edge.to} closes no loop any more: remove it from ALLOWED`).toBeGreaterThan(0);
    }
  });
});
